// The forms work offline (offline-sync promise 7): the reference lists a form needs are kept in
// IndexedDB and refreshed when online. A failed or odd answer never replaces a good copy.
import { withReconnect } from './connection'
import type { JsonValue, OutboxDatabase, ReferenceKey, ReferenceList } from './db'
import type { FetchLike } from './http'

export const REFERENCE_ENDPOINTS = {
  locations: '/api/locations',
  produce: '/api/produce',
  expertFields: '/api/public/expert-fields',
} as const satisfies Record<ReferenceKey, string>

export const REFERENCE_KEYS = Object.keys(REFERENCE_ENDPOINTS) as ReferenceKey[]
const REFERENCE_TIMEOUT_MS = 30_000

export interface RefreshResult {
  updated: ReferenceKey[]
  /** Kept their previous copy (if any). */
  failed: ReferenceKey[]
}

/**
 * Fetches every list (side by side) and stores each good answer; a list whose fetch fails keeps
 * the copy it had. Never throws. `fetchImpl` is called detached, so window.fetch can be passed.
 */
export async function refreshReference(
  db: OutboxDatabase,
  fetchImpl: FetchLike = (input, init) => fetch(input, init),
  { keys = REFERENCE_KEYS, now = () => Date.now() }: { keys?: readonly ReferenceKey[]; now?: () => number } = {},
): Promise<RefreshResult> {
  const results = await Promise.all(keys.map(async (key) => {
    const items = await fetchList(fetchImpl, REFERENCE_ENDPOINTS[key])
    if (items === undefined) return { key, ok: false }
    try {
      await withReconnect(db, () => db.reference.put({ key, items, updatedAt: now() }))
      return { key, ok: true }
    } catch {
      return { key, ok: false }
    }
  }))
  return {
    updated: results.filter((result) => result.ok).map((result) => result.key),
    failed: results.filter((result) => !result.ok).map((result) => result.key),
  }
}

/** The stored list with when it was fetched; undefined before the first successful refresh. */
export function readReference(db: OutboxDatabase, key: ReferenceKey): Promise<ReferenceList | undefined> {
  return withReconnect(db, () => db.reference.get(key))
}

async function fetchList(fetchImpl: FetchLike, url: string): Promise<JsonValue[] | undefined> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), REFERENCE_TIMEOUT_MS)
  try {
    const response = await fetchImpl(url, { method: 'GET', headers: { Accept: 'application/json' }, signal: controller.signal })
    if (!response.ok || !(response.headers.get('content-type') ?? '').includes('json')) return undefined
    const body: unknown = await response.json()
    return isReferenceList(body) ? body : undefined
  } catch {
    return undefined
  } finally {
    clearTimeout(timer)
  }
}

/** Every list is an array of { id, name, … } (api/contract/reference.ts, experts.ts). */
function isReferenceList(body: unknown): body is JsonValue[] {
  return Array.isArray(body) && body.every((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return false
    const { id, name } = entry as Record<string, unknown>
    return typeof id === 'number' && typeof name === 'string'
  })
}
