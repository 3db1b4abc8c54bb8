// The outbox's light entry: safe to import from the home page's initial chunk (no Dexie, no
// engine, no zod). Everything heavy is behind loadOutbox() (runtime.ts) or in modules only lazy
// chunks import (hooks.ts, queue.ts, drafts.ts, use-draft.ts, reference.ts, backup.ts).
import { useEffect, useState, useSyncExternalStore } from 'react'
import { SESSION_CHANGED_EVENT, readSession } from '../api'
import { whenIdle } from '../when-idle'

/** The runtime (Dexie database, engine singleton, queueing): a chunk of its own. */
export const loadOutbox = () => import('./runtime')

export { whenIdle }

// A public visitor who never queued anything never loads the outbox (Dexie, zod, the engine):
// it starts only on a phone that has used it, or for a signed-in user (data agents, staff).
const OUTBOX_USED_KEY = 'vf.outboxUsed'
const OUTBOX_USED_EVENT = 'vf-outbox-used'
/** sync/outbox/db.ts OUTBOX_DB_NAME (not imported: that module brings Dexie; a test keeps them equal). */
export const OUTBOX_DATABASE_NAME = 'viti-farmers'

/** Called by the runtime when the outbox is first used on this phone (a form, the Outbox screen). */
export function markOutboxUsed(): void {
  try {
    if (localStorage.getItem(OUTBOX_USED_KEY) === '1') return
    localStorage.setItem(OUTBOX_USED_KEY, '1')
  } catch {
    // storage off: the outbox still starts whenever a form or a session needs it
  }
  window.dispatchEvent(new Event(OUTBOX_USED_EVENT))
}

/** True when this page should run the outbox: signed in, or the outbox was used on this phone. */
export function isOutboxInUse(): boolean {
  if (readSession()?.token) return true
  try {
    return localStorage.getItem(OUTBOX_USED_KEY) === '1'
  } catch {
    return false
  }
}

/** An outbox database from before the flag existed (Chromium, Safari; elsewhere: false). */
async function hasOutboxDatabase(): Promise<boolean> {
  try {
    const databases = (await indexedDB.databases?.()) ?? []
    return databases.some((d) => d.name === OUTBOX_DATABASE_NAME)
  } catch {
    return false
  }
}

let startRequested = false

/**
 * Starts the outbox once per page (StrictMode-safe) when this page needs it: after the first
 * paint, when the page is idle, the runtime chunk loads, the engine starts draining and the
 * reference lists refresh. A later sign-in starts it too (App calls this again).
 */
export function startOutboxWhenIdle(): void {
  if (startRequested || typeof window === 'undefined') return
  startRequested = true
  whenIdle(() => {
    void (async () => {
      if (!isOutboxInUse() && !(await hasOutboxDatabase())) {
        startRequested = false
        return
      }
      const runtime = await loadOutbox()
      runtime.startOutbox()
    })().catch((error: unknown) => {
      // Offline with a stale cache, or IndexedDB unavailable (private mode): the forms say so when used.
      startRequested = false
      console.warn('The outbox could not start', error)
    })
  })
}

function subscribeOutboxUse(listener: () => void) {
  window.addEventListener(OUTBOX_USED_EVENT, listener)
  window.addEventListener(SESSION_CHANGED_EVENT, listener)
  window.addEventListener('storage', listener)
  return () => {
    window.removeEventListener(OUTBOX_USED_EVENT, listener)
    window.removeEventListener(SESSION_CHANGED_EVENT, listener)
    window.removeEventListener('storage', listener)
  }
}

/** isOutboxInUse() as React state (the header shows the outbox count only then). */
export function useOutboxInUse(): boolean {
  return useSyncExternalStore(subscribeOutboxUse, isOutboxInUse, () => false)
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
