// Browsers close IndexedDB connections behind the app's back: iOS Safari drops them when the
// app is backgrounded ("Connection to Indexed Database server lost"), and a page restored from
// the back/forward cache comes back with its connection closed. The engine runs every database
// operation through withReconnect: on such an error it reopens the database and tries once more.
import type { Dexie } from 'dexie'

const CONNECTION_ERROR_NAMES = new Set(['DatabaseClosedError', 'InvalidStateError'])

export function isConnectionLost(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 3; depth++) {
    if (typeof current !== 'object') return false
    const { name, message } = current as { name?: unknown; message?: unknown }
    if (typeof name === 'string' && CONNECTION_ERROR_NAMES.has(name)) return true
    // Safari's wording for a connection it dropped (WebKit bug 197050).
    if (name === 'UnknownError' && typeof message === 'string' && /connection to indexed database server lost/i.test(message)) return true
    current = (current as { inner?: unknown }).inner
  }
  return false
}

export async function reopen(db: Dexie): Promise<void> {
  // Closing with autoOpen kept lets Dexie open again; a connection the browser already dropped
  // only needs the open().
  db.close({ disableAutoOpen: false })
  await db.open()
}

/** Runs operation; if the browser closed the connection, reopens and runs it once more. */
export async function withReconnect<T>(db: Dexie, operation: () => Promise<T>, canReopen: () => boolean = () => true): Promise<T> {
  try {
    return await operation()
  } catch (error) {
    if (!isConnectionLost(error) || !canReopen()) throw error
    await reopen(db)
    return operation()
  }
}
