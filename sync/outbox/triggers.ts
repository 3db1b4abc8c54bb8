// Wires the browser's events to an engine (offline-sync promise 4): `online`, the page becoming
// visible (visibilitychange, and pageshow for a page back from the back/forward cache), and the
// service worker's Background Sync message. The timer and "Send now" are the engine's own.
import { onOutboxSyncMessage } from './background-sync'
import type { OutboxEngine } from './engine'

export interface BrowserTriggerTargets {
  window?: Pick<Window, 'addEventListener' | 'removeEventListener'>
  document?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>
  serviceWorker?: ServiceWorkerContainer
}

/** Answers the function that disconnects everything it connected. */
export function connectBrowserTriggers(
  engine: Pick<OutboxEngine, 'notifyOnline' | 'notifyVisible'>,
  targets: BrowserTriggerTargets = defaultTargets(),
): () => void {
  const cleanups: (() => void)[] = []
  const { window: win, document: doc, serviceWorker } = targets
  if (win) {
    const online = () => engine.notifyOnline()
    const pageshow = (event: Event) => {
      if ((event as PageTransitionEvent).persisted) engine.notifyVisible()
    }
    win.addEventListener('online', online)
    win.addEventListener('pageshow', pageshow)
    cleanups.push(() => win.removeEventListener('online', online), () => win.removeEventListener('pageshow', pageshow))
  }
  if (doc) {
    const visibility = () => {
      if (doc.visibilityState === 'visible') engine.notifyVisible()
    }
    doc.addEventListener('visibilitychange', visibility)
    cleanups.push(() => doc.removeEventListener('visibilitychange', visibility))
  }
  if (serviceWorker) cleanups.push(onOutboxSyncMessage(() => engine.notifyOnline(), serviceWorker))
  return () => {
    for (const cleanup of cleanups.splice(0)) cleanup()
  }
}

function defaultTargets(): BrowserTriggerTargets {
  return {
    ...(typeof window !== 'undefined' && { window }),
    ...(typeof document !== 'undefined' && { document }),
    ...(typeof navigator !== 'undefined' && 'serviceWorker' in navigator && { serviceWorker: navigator.serviceWorker }),
  }
}
