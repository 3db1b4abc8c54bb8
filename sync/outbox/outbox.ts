// Operations on the outbox: queue a submission with its photos, list and count it, move it
// between statuses, delete it on the agent's explicit action. The sending engine builds on
// these; nothing outside sync/outbox touches the tables directly.
import { Dexie, cmp } from 'dexie'
import { dropControlCharacters } from '../../api/contract/control-characters'
import {
  OUTBOX_SCHEMA_VERSION, PENDING_STATUSES, restoreOutboxItem,
  type JsonObject, type OutboxDatabase, type OutboxError, type OutboxItem, type OutboxKind,
  type OutboxPhoto, type OutboxResponse, type OutboxStatus,
} from './db'

export interface EnqueueInput {
  kind: OutboxKind
  endpoint: string
  payload: JsonObject
  /** Already resized and re-encoded by the form (promise 6). */
  photos?: readonly Blob[]
  agent?: { id: string; name: string }
  /** The contract schema's check; throws on an invalid payload, so bad data never waits in the queue. */
  validate?: (payload: JsonObject) => void
  now?: number
}

export async function enqueue(db: OutboxDatabase, input: EnqueueInput): Promise<OutboxItem> {
  // Store exactly what will be sent: JSON drops what a request body cannot carry, and the text
  // loses any invisible control character pasted into it, which the server would refuse.
  const payload = JSON.parse(JSON.stringify(input.payload), dropControlCharacters) as JsonObject
  input.validate?.(payload)
  const now = input.now ?? Date.now()
  const id = crypto.randomUUID()
  // Read and hash the photos before the transaction opens: awaiting anything but IndexedDB
  // inside it would let it auto-commit half-way.
  const photos = await Promise.all((input.photos ?? []).map((blob) => toPhoto(blob, id, now)))

  return db.transaction('rw', db.outbox, db.photos, async () => {
    // createdAt strictly increases, so "oldest first" is a total order even within one
    // millisecond or after the phone's clock moved back.
    const newest = await db.outbox.orderBy('createdAt').last()
    const createdAt = typeof newest?.createdAt === 'number' ? Math.max(now, newest.createdAt + 1) : now
    const item: OutboxItem = {
      id,
      kind: input.kind,
      endpoint: input.endpoint,
      method: 'POST',
      payload,
      photoIds: photos.map((photo) => photo.id),
      status: 'waiting',
      attempts: 0,
      createdAt,
      updatedAt: createdAt,
      // Due now, even when createdAt was nudged past now to keep the order total.
      nextAttemptAt: now,
      schemaVersion: OUTBOX_SCHEMA_VERSION,
      ...(input.agent && { agentId: input.agent.id, agentName: input.agent.name }),
    }
    await db.outbox.add(item)
    await db.photos.bulkAdd(photos)
    return item
  })
}

async function toPhoto(blob: Blob, outboxId: string, now: number): Promise<OutboxPhoto> {
  const bytes = await blob.arrayBuffer()
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))
  const contentType = blob.type || 'application/octet-stream'
  return {
    id: crypto.randomUUID(),
    outboxId,
    // The bytes just hashed, not a File handle that may point at storage the phone later
    // revokes: sha256 always describes what is stored.
    blob: new Blob([bytes], { type: contentType }),
    contentType,
    size: bytes.byteLength,
    sha256: Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join(''),
    createdAt: now,
  }
}

/** Every item, oldest first. */
export async function listOutbox(db: OutboxDatabase): Promise<OutboxItem[]> {
  return (await db.outbox.orderBy('createdAt').toArray()).map((raw) => restoreOutboxItem(raw))
}

/** One item by id (its Idempotency-Key), or undefined when the agent deleted it. */
export async function getItem(db: OutboxDatabase, id: string): Promise<OutboxItem | undefined> {
  const raw = await db.outbox.get(id)
  return raw && restoreOutboxItem(raw)
}

/** Items the server does not have yet (the header's count). */
export function pendingCount(db: OutboxDatabase): Promise<number> {
  return db.outbox.where('status').anyOf(PENDING_STATUSES).count()
}

/** The oldest waiting item whose backoff has elapsed. */
export async function nextToSend(db: OutboxDatabase, now: number = Date.now()): Promise<OutboxItem | undefined> {
  const raw = await db.outbox
    .where('[status+createdAt]')
    .between(['waiting', Dexie.minKey], ['waiting', Dexie.maxKey])
    .filter((item) => item.nextAttemptAt <= now)
    .first()
  return raw && restoreOutboxItem(raw)
}

/** The waiting items' order: first made (the sending order), or soonest due (the wake-up timer). */
export type WaitingOrder = 'createdAt' | 'nextAttemptAt'

const WAITING_INDEX = { createdAt: '[status+createdAt]', nextAttemptAt: '[status+nextAttemptAt]' } as const satisfies Record<WaitingOrder, string>
const MAX_WAITING_PAGE = 256

/**
 * The waiting items in `order` (ties by id), read lazily from the index in pages that start at one
 * item and double: a caller that stops after the first few reads only those, not the whole queue.
 * `read` wraps each page's read (the engine reopens a connection the browser closed).
 */
export async function* waitingInOrder(
  db: OutboxDatabase, order: WaitingOrder, read: <T>(operation: () => Promise<T>) => Promise<T> = (operation) => operation(),
): AsyncGenerator<OutboxItem, void, undefined> {
  const index = WAITING_INDEX[order]
  // The next page starts at the last key read, inclusive, skipping the ids already given at that key.
  let lower: unknown = Dexie.minKey
  let givenAtLower = new Set<string>()
  for (let size = 1; ; size = Math.min(MAX_WAITING_PAGE, size * 2)) {
    const limit = size + givenAtLower.size
    const from = lower
    const page = await read(() => db.outbox.where(index).between(['waiting', from], ['waiting', Dexie.maxKey], true, true).limit(limit).toArray())
    for (const raw of page) {
      if (givenAtLower.has(raw.id)) continue
      const key: unknown = raw[order]
      if (cmp(key, lower) !== 0) {
        lower = key
        givenAtLower = new Set()
      }
      givenAtLower.add(raw.id)
      yield restoreOutboxItem(raw)
    }
    if (page.length < limit) return
  }
}

/** Up to `limit` waiting items made after `createdAt`, oldest first: what the engine looks ahead at. */
export async function waitingAfter(db: OutboxDatabase, createdAt: number, limit: number): Promise<OutboxItem[]> {
  const page = await db.outbox.where('[status+createdAt]').between(['waiting', createdAt], ['waiting', Dexie.maxKey], false, true).limit(limit).toArray()
  return page.map((raw) => restoreOutboxItem(raw))
}

export interface StatusChange {
  /** null clears it. */
  lastError?: OutboxError | null
  response?: OutboxResponse
  /** For 'waiting': when the backoff lets it go again (default: now). */
  nextAttemptAt?: number
  /** For 'waiting': the server's Retry-After, which even "Send now" waits out. Any other change clears it. */
  notBefore?: number
}

/** Moves an item to a status; answers the updated item, or undefined if the agent deleted it meanwhile. */
export function markStatus(
  db: OutboxDatabase, id: string, status: OutboxStatus, change: StatusChange = {}, now: number = Date.now(),
): Promise<OutboxItem | undefined> {
  return db.transaction('rw', db.outbox, async () => {
    const raw = await db.outbox.get(id)
    if (raw === undefined) return undefined
    const item: OutboxItem = { ...restoreOutboxItem(raw), status, updatedAt: now }
    if (status === 'sending') item.attempts += 1
    if (status === 'waiting') item.nextAttemptAt = change.nextAttemptAt ?? now
    if (change.notBefore !== undefined && status === 'waiting') item.notBefore = change.notBefore
    else delete item.notBefore
    if (status === 'sent') {
      item.sentAt = now
      delete item.lastError
    }
    if (change.lastError === null) delete item.lastError
    else if (change.lastError) item.lastError = change.lastError
    if (change.response) item.response = change.response
    await db.outbox.put(item)
    return item
  })
}

/** The item's photos in the order they were queued. */
export async function photosOf(db: OutboxDatabase, item: Pick<OutboxItem, 'photoIds'>): Promise<OutboxPhoto[]> {
  return (await db.photos.bulkGet(item.photoIds)).filter((photo) => photo !== undefined)
}

/** Only ever on the agent's explicit action (promise 5): the item and its photos go together. */
export function deleteItem(db: OutboxDatabase, id: string): Promise<void> {
  return db.transaction('rw', db.outbox, db.photos, async () => {
    await db.photos.where('outboxId').equals(id).delete()
    await db.outbox.delete(id)
  })
}
