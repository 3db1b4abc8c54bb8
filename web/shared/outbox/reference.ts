// The forms work offline (promise 7): a reference list (locations, produce, expert fields) comes
// from the network when it can, and from the copy kept in IndexedDB when it can't (the engine
// refreshes that copy at app start and on 'online'). Same query keys as the rest of the app.
import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import { REFERENCE_ENDPOINTS } from '../../../sync/outbox/reference'
import type { ReferenceKey } from '../../../sync/outbox/types'
import { apiFetch } from '../api'
import { readReferenceList } from './runtime'

/** A slow answer on a village's weak signal: after this, the stored copy is used. */
const NETWORK_TIMEOUT_MS = 8_000

export async function fetchReferenceList<T>(key: ReferenceKey, signal?: AbortSignal): Promise<T[]> {
  const controller = new AbortController()
  const abort = () => controller.abort()
  signal?.addEventListener('abort', abort, { once: true })
  const timer = setTimeout(abort, NETWORK_TIMEOUT_MS)
  try {
    const res = await apiFetch(REFERENCE_ENDPOINTS[key], { method: 'GET', signal: controller.signal })
    return (await res.json()) as T[]
  } catch (error) {
    if (signal?.aborted) throw error
    const stored = await readReferenceList(key).catch(() => undefined)
    if (stored) return stored.items as T[]
    throw error
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', abort)
  }
}

/** useQuery for a reference list: network first, the phone's copy when offline. */
export function useReferenceList<T>(key: ReferenceKey): UseQueryResult<T[]> {
  return useQuery({
    queryKey: [REFERENCE_ENDPOINTS[key]],
    queryFn: ({ signal }) => fetchReferenceList<T>(key, signal),
    // Offline, TanStack would pause the query until 'online'; the stored copy is the answer then.
    networkMode: 'always',
  })
}
