// Farmer signups for staff (spec 001 §2, §7): the pending and decided lists and the data-agent
// report, each a page at a time from the server (issue 19), the decision write and the purge.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { PurgeBody, PurgeResponse } from '../../../../api/contract/common'
import type { DataAgentSignupsQuery, DataAgentSignupsSummary, FarmerSignupRecord, SignupProcess } from '../../../../api/contract/farmer-signup'
import { messages } from '../../../../api/contract/messages'
import { apiRequest } from '../../../shared/api'
import { useLoadErrorToast } from '../feedback'
import { usePagedList } from '../ui/paged-list'

export const signupsKey = ['/api/admin/signups'] as const
const dataAgentSignupsPath = '/api/admin/signups/data-agent'

/** Pending applications per page, and decisions per page (the screen showed 10 before "Show all"). */
export const PENDING_PAGE_SIZE = 20
export const DECISIONS_PAGE_SIZE = 10
export const DA_SIGNUPS_PAGE_SIZE = 50

export type DecisionFilter = 'all' | 'approved' | 'rejected'

function pageParams(page: number, pageSize: number, params: Record<string, string | undefined> = {}): URLSearchParams {
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(params)) if (value) search.set(name, value)
  search.set('page', String(page))
  search.set('pageSize', String(pageSize))
  return search
}

/** One page of the pending applications, newest first; `total` counts them all. */
export function usePendingSignups(page: number) {
  return usePagedList<FarmerSignupRecord>(signupsKey[0], pageParams(page, PENDING_PAGE_SIZE, { status: 'pending' }), messages.signups.failedToFetch)
}

/** One page of the decisions matching the search (name, phone, e-mail) and filter, newest decision first. */
export function useRecentDecisions(search: string, filter: DecisionFilter, page: number) {
  const status = filter === 'all' ? 'processed' : filter
  return usePagedList<FarmerSignupRecord>(signupsKey[0], pageParams(page, DECISIONS_PAGE_SIZE, { status, search: search.trim(), sort: '-processedAt' }), messages.signups.failedToFetch)
}

export type DataAgentRange = NonNullable<DataAgentSignupsQuery['range']>
/** Each range with its label's catalog key (area `admin`). */
export const dataAgentRanges: readonly { value: DataAgentRange; label: string }[] = [
  { value: 'today', label: 'admin.daSignups.range.today' },
  { value: 'last7days', label: 'admin.daSignups.range.last7days' },
  { value: 'lastMonth', label: 'admin.daSignups.range.lastMonth' },
  { value: 'last3Months', label: 'admin.daSignups.range.last3Months' },
]

/** One page of the signups data agents made in the range, newest first. */
export function useDataAgentSignups(range: DataAgentRange, page: number) {
  return usePagedList<FarmerSignupRecord>(dataAgentSignupsPath, pageParams(page, DA_SIGNUPS_PAGE_SIZE, { range }), messages.signups.failedToFetch)
}

/** The report's counts by status and per agent over the whole range (counted by the server). */
export function useDataAgentSummary(range: DataAgentRange) {
  const query = useQuery<DataAgentSignupsSummary>({ queryKey: [`${dataAgentSignupsPath}/summary?range=${range}`] })
  useLoadErrorToast(query.error, messages.signups.failedToFetch)
  return query
}

/** The report's CSV: every signup of the range, streamed by the server. */
export const dataAgentExportUrl = (range: DataAgentRange) => `${dataAgentSignupsPath}/export?range=${range}`

export function useProcessSignup() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: SignupProcess }) =>
      (await (await apiRequest('POST', `/api/admin/signups/${encodeURIComponent(id)}/process`, body)).json()) as FarmerSignupRecord,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: signupsKey }),
        queryClient.invalidateQueries({ queryKey: ['/api/admin/stats'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/admin/farmers'] }),
      ]),
  })
}

export function usePurgeSignups() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: PurgeBody) => (await (await apiRequest('DELETE', '/api/admin/signups/purge', body)).json()) as PurgeResponse,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: signupsKey }),
  })
}

