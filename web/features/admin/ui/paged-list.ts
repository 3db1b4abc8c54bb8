// One page of a staff list from the server (issue 19, decision 018): the rows of the page asked for
// and the count of every match (X-Total-Count). Keyed under the list's path, so a write that
// invalidates the path refetches whichever page is shown; the last page stays on screen while the
// next loads.
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { TOTAL_COUNT_HEADER } from '../../../../api/contract/farmers'
import { apiFetch } from '../../../shared/api'
import { useLoadErrorToast } from '../feedback'

export interface ListPage<T> {
  rows: T[]
  total: number
}

export function usePagedList<T>(path: string, params: URLSearchParams, failure: string) {
  const search = params.toString()
  const query = useQuery({
    queryKey: [path, search],
    queryFn: async ({ signal }): Promise<ListPage<T>> => {
      const res = await apiFetch(search ? `${path}?${search}` : path, { signal })
      return { rows: (await res.json()) as T[], total: Number(res.headers.get(TOTAL_COUNT_HEADER) ?? 0) }
    },
    placeholderData: keepPreviousData,
  })
  useLoadErrorToast(query.error, failure)
  return query
}
