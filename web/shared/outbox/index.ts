// The outbox's light entry: safe to import from the home page's initial chunk (no Dexie, no
// engine, no zod). Everything heavy is behind loadOutbox() (runtime.ts) or in modules only lazy
// chunks import (hooks.ts, queue.ts, drafts.ts, use-draft.ts, reference.ts, backup.ts).
import { useEffect, useState, useSyncExternalStore } from 'react'

/** The runtime (Dexie database, engine singleton, queueing): a chunk of its own. */
export const loadOutbox = () => import('./runtime')

type IdleWindow = Window & { requestIdleCallback?: (cb: () => void, options?: { timeout: number }) => number }

/** Runs `callback` once the page is idle after its first paint (a timeout caps the wait). */
export function whenIdle(callback: () => void, timeoutMs = 2_000): void {
  if (typeof window === 'undefined') return
  const win = window as IdleWindow
  const afterPaint = () => {
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(callback, { timeout: timeoutMs })
    else setTimeout(callback, 200)
  }
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(afterPaint, 0))
  else setTimeout(afterPaint, 0)
}

let startRequested = false

/**
 * Starts the outbox once per page (StrictMode-safe): after the first paint, when the page is idle,
 * the runtime chunk loads, the engine starts draining and the reference lists refresh.
 */
export function startOutboxWhenIdle(): void {
  if (startRequested || typeof window === 'undefined') return
  startRequested = true
  whenIdle(() => {
    loadOutbox()
      .then((runtime) => runtime.startOutbox())
      .catch((error: unknown) => {
        // Offline with a stale cache, or IndexedDB unavailable (private mode): the forms say so when used.
        startRequested = false
        console.warn('The outbox could not start', error)
      })
  })
}

/** True once the page has been idle after its first paint (for work that must not delay it). */
export function useAfterIdle(): boolean {
  const [idle, setIdle] = useState(false)
  useEffect(() => {
    let active = true
    whenIdle(() => {
      if (active) setIdle(true)
    })
    return () => {
      active = false
    }
  }, [])
  return idle
}

function subscribeOnline(listener: () => void) {
  window.addEventListener('online', listener)
  window.addEventListener('offline', listener)
  return () => {
    window.removeEventListener('online', listener)
    window.removeEventListener('offline', listener)
  }
}

/** navigator.onLine as React state ('You are offline' when the browser knows it is). */
export function useIsOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true)
}
