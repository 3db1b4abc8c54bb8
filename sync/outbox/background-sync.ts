// Background Sync (offline-sync promise 4), where the browser has it (Chromium on Android):
// the page registers the tag 'viti-outbox' when a send failed for lack of network; when the
// phone is back in coverage the browser wakes the service worker (web/sw.ts) with a 'sync'
// event, and the worker posts { type: 'outbox-sync' } to every open page, whose engine drains.
// With no page open the worker does nothing: the engine drains when the app next starts.
// The service worker itself never sends, and never replays a request (STACK.md).
//
// Dependency-free: the service worker imports this file too.

export const OUTBOX_SYNC_TAG = 'viti-outbox'
export const OUTBOX_SYNC_MESSAGE_TYPE = 'outbox-sync'

export interface OutboxSyncMessage {
  type: typeof OUTBOX_SYNC_MESSAGE_TYPE
}

interface SyncManagerLike {
  register(tag: string): Promise<void>
}

/**
 * Asks the browser for a 'sync' event once the network is back. Answers false where Background
 * Sync is missing (Firefox, Safari) or refused; the engine's own triggers cover those.
 */
export async function registerBackgroundSync(container: ServiceWorkerContainer | undefined = defaultContainer()): Promise<boolean> {
  if (!container) return false
  try {
    const registration = await container.ready
    const sync = (registration as ServiceWorkerRegistration & { sync?: SyncManagerLike }).sync
    if (!sync) return false
    await sync.register(OUTBOX_SYNC_TAG)
    return true
  } catch {
    return false
  }
}

export function isOutboxSyncMessage(data: unknown): data is OutboxSyncMessage {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === OUTBOX_SYNC_MESSAGE_TYPE
}

/** Calls handler when the service worker relays a Background Sync; answers the remover. */
export function onOutboxSyncMessage(handler: () => void, container: ServiceWorkerContainer | undefined = defaultContainer()): () => void {
  if (!container) return () => undefined
  const listener = (event: MessageEvent) => {
    if (isOutboxSyncMessage(event.data)) handler()
  }
  container.addEventListener('message', listener)
  return () => container.removeEventListener('message', listener)
}

function defaultContainer(): ServiceWorkerContainer | undefined {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : undefined
}
