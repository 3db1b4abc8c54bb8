// The forms work offline (promise 7): a reference list (locations, produce, expert fields) comes
// from the network when it can, and from the copy kept in IndexedDB when it can't (the engine
// refreshes that copy at app start and on 'online'). Same query keys as the rest of the app.
import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import { REFERENCE_ENDPOINTS } from '../../../sync/outbox/reference'
import type { ReferenceKey } from '../../../sync/outbox/types'
import { getJsonWithin } from '../api'
import { readReferenceList } from './runtime'

/** A slow answer on a village's weak signal: after this, the stored copy is used. */
const NETWORK_TIMEOUT_MS = 8_000

export async function fetchReferenceList<T>(key: ReferenceKey, signal?: AbortSignal): Promise<T[]> {
  try {
    return (await getJsonWithin(REFERENCE_ENDPOINTS[key], NETWORK_TIMEOUT_MS, signal, 'body')) as T[]
  } catch (error) {
    if (signal?.aborted) throw error
    const stored = await readReferenceList(key).catch(() => undefined)
    if (stored) return stored.items as T[]
    throw error
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
