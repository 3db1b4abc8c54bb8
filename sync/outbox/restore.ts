// The one door through which outbox records of older shapes come back in (Excalidraw's restore
// pattern): used on every read now, and as the body of a future Dexie version's upgrade().
import { OUTBOX_ENDPOINTS, OUTBOX_KINDS, OUTBOX_SCHEMA_VERSION, OUTBOX_STATUSES, type JsonObject, type JsonValue, type OutboxError, type OutboxItem, type OutboxStatus } from './types'

/**
 * Reads any outbox record ever written (older app versions, another tab still running old
 * code) into the current shape, filling defaults rather than dropping anything: nothing typed
 * may be lost. Pure, and idempotent on a current record.
 */
export function restoreOutboxItem(raw: unknown, now: number = Date.now()): OutboxItem {
  const record = isObject(raw) ? raw : {}
  const id = record.id
  if (typeof id !== 'string' || id === '') throw new TypeError('Outbox record without an id')

  const kindFromEndpoint = OUTBOX_KINDS.find((kind) => OUTBOX_ENDPOINTS[kind] === record.endpoint)
  const kind = isOneOf(OUTBOX_KINDS, record.kind) ? record.kind : kindFromEndpoint
  if (kind === undefined) throw new TypeError(`Outbox record ${id} has neither a known kind nor a known endpoint`)
  const endpoint = typeof record.endpoint === 'string' && record.endpoint !== '' ? record.endpoint : OUTBOX_ENDPOINTS[kind]

  const createdAt = toMillis(record.createdAt) ?? toMillis(record.updatedAt) ?? now
  const lastError = toOutboxError(record.lastError ?? record.error)
  const item: OutboxItem = {
    id,
    kind,
    endpoint,
    method: 'POST',
    payload: toPayload(record.payload),
    photoIds: Array.isArray(record.photoIds) ? record.photoIds.filter((photoId) => typeof photoId === 'string') : [],
    status: toStatus(record.status),
    attempts: typeof record.attempts === 'number' && record.attempts >= 0 ? record.attempts : 0,
    createdAt,
    updatedAt: toMillis(record.updatedAt) ?? createdAt,
    nextAttemptAt: toMillis(record.nextAttemptAt) ?? createdAt,
    schemaVersion: OUTBOX_SCHEMA_VERSION,
  }
  if (lastError) item.lastError = lastError
  const notBefore = toMillis(record.notBefore)
  if (notBefore !== undefined) item.notBefore = notBefore
  const sentAt = toMillis(record.sentAt)
  if (sentAt !== undefined) item.sentAt = sentAt
  const postedAt = toMillis(record.postedAt)
  if (postedAt !== undefined) item.postedAt = postedAt
  if (isObject(record.response) && typeof record.response.status === 'number') {
    item.response = { status: record.response.status, body: (record.response.body ?? null) as JsonValue }
  }
  if (typeof record.agentId === 'string') item.agentId = record.agentId
  if (typeof record.agentName === 'string') item.agentName = record.agentName
  return item
}

// Version 0 (before schemaVersion) spoke of 'pending' and 'failed'. Any other unknown status
// counts as not yet sent: resending is safe, since the server replays a key it has seen.
function toStatus(value: unknown): OutboxStatus {
  if (isOneOf(OUTBOX_STATUSES, value)) return value
  return value === 'failed' ? 'needsAttention' : 'waiting'
}

function toOutboxError(value: unknown): OutboxError | undefined {
  if (typeof value === 'string') return { message: value }
  if (!isObject(value) || typeof value.message !== 'string') return undefined
  return typeof value.status === 'number' ? { status: value.status, message: value.message } : { message: value.message }
}

// Version 0 kept the payload as JSON text. Anything else unreadable is kept, not dropped.
function toPayload(value: unknown): JsonObject {
  const parsed = typeof value === 'string' ? parseJson(value) : value
  if (isObject(parsed)) return parsed as JsonObject
  return value === undefined || value === null ? {} : { legacyPayload: value as JsonValue }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function toMillis(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value
  if (value instanceof Date || typeof value === 'string') {
    const millis = new Date(value).getTime()
    return Number.isNaN(millis) ? undefined : millis
  }
  return undefined
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return (values as readonly unknown[]).includes(value)
}
