// Farmer signups for staff (spec 001 §2, §7): the list, the decision write, the purge, the
// data-agent report and its browser-made CSV.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { PurgeBody, PurgeResponse } from '../../../../api/contract/common'
import type { DataAgentSignupsQuery, FarmerSignupRecord, SignupProcess } from '../../../../api/contract/farmer-signup'
import { messages } from '../../../../api/contract/messages'
import { apiRequest } from '../../../shared/api'
import { csvDateTime, type CsvExport } from '../../../shared/csv'
import { useLoadErrorToast } from '../feedback'

export const signupsKey = ['/api/admin/signups'] as const

export function useSignups() {
  const query = useQuery<FarmerSignupRecord[]>({ queryKey: signupsKey })
  useLoadErrorToast(query.error, messages.signups.failedToFetch)
  return query
}

export type DataAgentRange = NonNullable<DataAgentSignupsQuery['range']>
export const dataAgentRanges: readonly { value: DataAgentRange; label: string }[] = [
  { value: 'today', label: 'Today' },
  { value: 'last7days', label: 'Last 7 days' },
  { value: 'lastMonth', label: 'Last month' },
  { value: 'last3Months', label: 'Last 3 months' },
]

export function useDataAgentSignups(range: DataAgentRange) {
  const query = useQuery<FarmerSignupRecord[]>({ queryKey: [`/api/admin/signups/data-agent?range=${range}`] })
  useLoadErrorToast(query.error, messages.signups.failedToFetch)
  return query
}

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

export type DecisionFilter = 'all' | 'approved' | 'rejected'

/** Recent decisions: processed signups matching the search (name, phone, e-mail) and filter, newest decision first. */
export function recentDecisions(signups: readonly FarmerSignupRecord[], search: string, filter: DecisionFilter): FarmerSignupRecord[] {
  const needle = search.trim().toLowerCase()
  return signups
    .filter((s) => s.status !== 'pending' && (filter === 'all' || s.status === filter))
    .filter((s) => !needle || [s.name, s.phone, s.email ?? ''].some((v) => v.toLowerCase().includes(needle)))
    .sort((a, b) => (b.processedAt ?? '').localeCompare(a.processedAt ?? ''))
}

export interface AgentSummary {
  agent: string
  total: number
  approved: number
  rejected: number
  pending: number
  /** Approved divided by total, rounded to a percent (spec 001 §2). */
  successRate: number
}

export function agentSummaries(signups: readonly FarmerSignupRecord[]): AgentSummary[] {
  const byAgent = new Map<string, AgentSummary>()
  for (const s of signups) {
    const agent = s.dataAgentName ?? 'Unknown agent'
    const row = byAgent.get(agent) ?? { agent, total: 0, approved: 0, rejected: 0, pending: 0, successRate: 0 }
    row.total += 1
    row[s.status] += 1
    byAgent.set(agent, row)
  }
  return [...byAgent.values()]
    .map((row) => ({ ...row, successRate: Math.round((row.approved / row.total) * 100) }))
    .sort((a, b) => b.total - a.total || a.agent.localeCompare(b.agent))
}

export const DA_SIGNUP_CSV_COLUMNS = ['ID', 'Farmer Name', 'Phone', 'Email', 'Village', 'Tikina', 'Cities', 'Produce', 'Data Agent', 'Status', 'Rejection Reason', 'Submitted At', 'Processed At'] as const

export function dataAgentSignupsCsv(signups: readonly FarmerSignupRecord[]): CsvExport<FarmerSignupRecord> {
  return {
    baseName: 'data-agent-signups',
    columns: DA_SIGNUP_CSV_COLUMNS,
    rows: signups,
    toRecord: (s) => [s.id, s.name, s.phone, s.email, s.town, s.tikina, s.cities.join('; '), s.produce.join('; '), s.dataAgentName, s.status, s.rejectionReason, csvDateTime(s.createdAt), csvDateTime(s.processedAt)],
  }
}
