// Storage is kept (offline-sync promise 10): ask for persistent storage, so the browser doesn't
// evict the outbox under storage pressure, and report usage so the app warns before the quota
// runs out.
import type { OutboxDatabase } from './db'

export const PERSIST_META_KEY = 'storage.persist'
/** A refusal is asked again after this long: Chromium grants by engagement (e.g. once installed). */
export const PERSIST_ASK_AGAIN_MS = 7 * 24 * 60 * 60_000
export const NEARLY_FULL_RATIO = 0.8

type StorageLike = Pick<StorageManager, 'persist' | 'persisted' | 'estimate'>

interface PersistRecord {
  askedAt: number
  granted: boolean
}

/**
 * The app's own asks (at start, for each queued item): asks (remembered in meta) for persistent
 * storage and answers whether storage is persistent; undefined where the browser has no such API.
 * A refusal is asked again after a week, never more often, so the agent isn't pestered where the
 * browser shows a prompt (Firefox). A grant the browser no longer honours is asked again.
 */
export async function requestPersistentStorage(
  db: OutboxDatabase,
  storage: Partial<StorageLike> | undefined = defaultStorage(),
  now: number = Date.now(),
): Promise<boolean | undefined> {
  return ask(db, storage, now, async () => {
    const record = readRecord((await db.meta.get(PERSIST_META_KEY))?.value)
    return record === undefined || record.granted || now - record.askedAt >= PERSIST_ASK_AGAIN_MS
  })
}

/**
 * Asks the browser now, whatever was asked before: the agent pressed "Keep storage", or the
 * outbox just took its first unsent item (from now on it holds data nowhere else).
 */
export function askPersistentStorageNow(
  db: OutboxDatabase,
  storage: Partial<StorageLike> | undefined = defaultStorage(),
  now: number = Date.now(),
): Promise<boolean | undefined> {
  return ask(db, storage, now, async () => true)
}

async function ask(
  db: OutboxDatabase, storage: Partial<StorageLike> | undefined, now: number, shouldAsk: () => Promise<boolean>,
): Promise<boolean | undefined> {
  if (!storage?.persist || !storage.persisted) return undefined
  try {
    if (await storage.persisted()) return true
    if (!(await shouldAsk())) return false
    const granted = await storage.persist()
    await db.meta.put({ key: PERSIST_META_KEY, value: { askedAt: now, granted } })
    return granted
  } catch {
    return undefined
  }
}

export interface StorageEstimate {
  usage: number
  quota: number
  /** usage / quota, 0 when the quota is unknown. */
  ratio: number
  isNearlyFull: boolean
}

/** Usage and quota; undefined where the browser doesn't tell. */
export async function storageEstimate(storage: Partial<StorageLike> | undefined = defaultStorage()): Promise<StorageEstimate | undefined> {
  if (!storage?.estimate) return undefined
  try {
    const { usage = 0, quota = 0 } = await storage.estimate()
    const ratio = quota > 0 ? usage / quota : 0
    return { usage, quota, ratio, isNearlyFull: ratio > NEARLY_FULL_RATIO }
  } catch {
    return undefined
  }
}

function readRecord(value: unknown): PersistRecord | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const { askedAt, granted } = value as Record<string, unknown>
  return typeof askedAt === 'number' && typeof granted === 'boolean' ? { askedAt, granted } : undefined
}

function defaultStorage(): StorageLike | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.storage
}
