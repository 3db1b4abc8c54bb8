// The forms work offline (promise 7): a reference list (locations, produce, expert fields) comes
// from the network when it can, and from the copy kept in IndexedDB when it can't (the engine
// refreshes that copy at app start and on 'online'). Same query keys as the rest of the app.
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query'
import { REFERENCE_ENDPOINTS } from '../../../sync/outbox/reference'
import type { ReferenceKey } from '../../../sync/outbox/types'
import { SERVER_WAIT_MS, getJsonWithin } from '../api'
import { readReferenceList } from './runtime'

/** A slow answer on a village's weak signal, with no copy on the phone: after this, the form says it failed. */
const NETWORK_TIMEOUT_MS = SERVER_WAIT_MS

/**
 * With a copy on the phone, how long the network may take before the copy is shown. "Bars but no
 * data" (nothing comes back) would otherwise leave a form's towns and produce on "Loading…" for the
 * whole NETWORK_TIMEOUT_MS, though they are on the phone; the lists change seldom, and a late answer
 * still replaces the copy (`onLateAnswer`).
 */
export const WITH_COPY_WAIT_MS = 1_000

export async function fetchReferenceList<T>(key: ReferenceKey, signal?: AbortSignal, onLateAnswer?: (items: T[]) => void): Promise<T[]> {
  const network = getJsonWithin(REFERENCE_ENDPOINTS[key], NETWORK_TIMEOUT_MS, signal, 'body') as Promise<T[]>
  const stored = readReferenceList(key).then((copy) => copy?.items as T[] | undefined, () => undefined)
  const copyAfterWait = stored.then((items) =>
    items === undefined ? new Promise<never>(() => undefined) : new Promise<T[]>((resolve) => setTimeout(() => resolve(items), WITH_COPY_WAIT_MS)),
  )
  try {
    const first = await Promise.race([network.then((items) => ({ items, late: false })), copyAfterWait.then((items) => ({ items, late: true }))])
    if (first.late) {
      // The copy answered; the network's answer, if it ever comes, is the fresher one.
      network.then((items) => onLateAnswer?.(items)).catch(() => undefined)
    }
    return first.items
  } catch (error) {
    // The network failed first (offline, refused, silent): the copy at once, if the phone has one.
    if (signal?.aborted) throw error
    const items = await stored
    if (items) return items
    throw error
  }
}

/** useQuery for a reference list: the network's answer, or the phone's copy when offline or slow to answer. */
export function useReferenceList<T>(key: ReferenceKey): UseQueryResult<T[]> {
  const client = useQueryClient()
  const queryKey = [REFERENCE_ENDPOINTS[key]]
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchReferenceList<T>(key, signal, (items) => client.setQueryData(queryKey, items)),
    // Offline, TanStack would pause the query until 'online'; the stored copy is the answer then.
    networkMode: 'always',
  })
}
