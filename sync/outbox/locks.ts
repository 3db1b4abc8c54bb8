// One tab sends at a time (offline-sync promise 4): the engine drains inside the Web Lock
// 'viti-outbox'. Where the browser has no Web Locks, a lock inside this page stands in for it
// (it can't see other tabs; the server's Idempotency-Key rules still keep a record single).

/** The part of the Web Locks API (navigator.locks) the engine uses. */
export interface OutboxLocks {
  request(name: string, options: { ifAvailable: boolean }, callback: (lock: unknown) => Promise<unknown>): Promise<unknown>
}

export const OUTBOX_LOCK_NAME = 'viti-outbox'

/**
 * Locks shared by everything holding this object: tests give one to two engines to play two
 * tabs; the engine falls back to a module-wide one. With ifAvailable a busy lock calls back
 * with null at once, as navigator.locks does.
 */
export function createMemoryLocks(): OutboxLocks {
  const held = new Map<string, Promise<void>>()
  return {
    async request(name, options, callback) {
      if (options.ifAvailable && held.has(name)) return callback(null)
      while (held.has(name)) await held.get(name)
      let release!: () => void
      held.set(name, new Promise<void>((resolve) => (release = resolve)))
      try {
        return await callback({ name, mode: 'exclusive' })
      } finally {
        held.delete(name)
        release()
      }
    },
  }
}

/** Used when the browser has no navigator.locks (old Safari); one per page. */
export const pageOnlyLocks: OutboxLocks = createMemoryLocks()

export function browserLocks(): OutboxLocks | undefined {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { locks?: LockManager }).locks
  return locks ?? undefined
}
