// Farmers for staff (spec 001 §2, §7): the paged, filtered list, the writes (each refetching the
// lists and the dashboard stats), settings, cost breakdown, the subscription lists and payments.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { CostBreakdown, FarmerCost } from '../../../../api/contract/costing'
import {
  ADMIN_FARMERS_PAGE_DEFAULT,
  ADMIN_PAYMENTS_PAGE_DEFAULT,
  TOTAL_COUNT_HEADER,
  type ActivePendingFarmer,
  type ActivePendingSummary,
  type ExpiredSummary,
  type TrialSummary,
  type AdminFarmer,
  type AdminFarmerSort,
  type ExpiredFarmer,
  type FarmerCreate,
  type FarmerPayment,
  type FarmerPaymentUpdate,
  type FarmerStatusFilter,
  type FarmerSubscriptionUpdate,
  type FarmerUpdate,
  type TrialFarmer,
} from '../../../../api/contract/farmers'
import { messages } from '../../../../api/contract/messages'
import type { Settings, SettingsUpdate } from '../../../../api/contract/settings'
import { apiFetch, apiRequest, typedSearch } from '../../../shared/api'
import { useLoadErrorToast } from '../feedback'
import { usePagedList } from '../ui/paged-list'
import { t } from '../../../i18n/runtime'

const m = messages.farmers

/** What the farmers list is narrowed by and in which order; an empty city or produce means any. */
export interface FarmerFilters {
  search: string
  status: FarmerStatusFilter
  city: string
  produce: string
  sort: AdminFarmerSort
}

/** The filters as the list and the export take them: the two always show the same farmers. */
export function farmerFilterParams({ search, status, city, produce, sort }: FarmerFilters): URLSearchParams {
  const params = new URLSearchParams()
  if (typedSearch(search)) params.set('search', typedSearch(search))
  if (status !== 'all') params.set('status', status)
  if (city) params.set('city', city)
  if (produce) params.set('produce', produce)
  if (sort !== 'name') params.set('sort', sort)
  return params
}

/** True when anything narrows the list (the export button then says it exports the matches only). */
export const isNarrowed = ({ search, status, city, produce }: FarmerFilters) => !!(search.trim() || status !== 'all' || city || produce)

/** One page of farmers from the server (which filters, orders and counts in SQL). */
export function useFarmers(filters: FarmerFilters, page: number) {
  const params = farmerFilterParams(filters)
  params.set('page', String(page))
  params.set('pageSize', String(ADMIN_FARMERS_PAGE_DEFAULT))
  const query = useQuery({
    queryKey: ['/api/admin/farmers', params.toString()],
    queryFn: async ({ signal }) => {
      const res = await apiFetch(`/api/admin/farmers?${params.toString()}`, { signal })
      return { farmers: (await res.json()) as AdminFarmer[], total: Number(res.headers.get(TOTAL_COUNT_HEADER) ?? 0) }
    },
    placeholderData: keepPreviousData,
  })
  useLoadErrorToast(query.error, m.failedToFetch)
  return query
}

export type FarmerWrite =
  | { kind: 'create'; body: FarmerCreate }
  | { kind: 'update'; id: string; body: FarmerUpdate }
  | { kind: 'delete'; id: string }
  | { kind: 'subscription'; id: string; body: FarmerSubscriptionUpdate }
  | { kind: 'trial'; id: string }
  | { kind: 'payment'; id: string; body: Partial<FarmerPaymentUpdate> }
  | { kind: 'settings'; body: SettingsUpdate }

function send(write: FarmerWrite): Promise<Response> {
  const at = (id: string, rest = '') => `/api/admin/farmers/${encodeURIComponent(id)}${rest}`
  switch (write.kind) {
    case 'create':
      return apiRequest('POST', '/api/admin/farmers', write.body)
    case 'update':
      return apiRequest('PATCH', at(write.id), write.body)
    case 'delete':
      return apiRequest('DELETE', at(write.id))
    case 'subscription':
      return apiRequest('PATCH', at(write.id, '/subscription'), write.body)
    case 'trial':
      return apiRequest('POST', at(write.id, '/activate-trial'))
    case 'payment':
      return apiRequest('PATCH', at(write.id, '/payment'), write.body)
    case 'settings':
      return apiRequest('POST', '/api/admin/settings', write.body)
  }
}

const affected = [
  '/api/admin/farmers',
  '/api/admin/stats',
  '/api/admin/cost-breakdown',
  '/api/admin/cost-breakdown/farmers',
  '/api/admin/settings',
  '/api/admin/farmers/active-pending',
  '/api/admin/farmers/active-pending/summary',
  '/api/admin/expired-farmers',
  '/api/admin/expired-farmers/summary',
  '/api/admin/trial-farmers',
  '/api/admin/trial-farmers/summary',
  '/api/admin/farmers/payments',
]

/** Any farmer, payment or settings write; every list it can change is refetched (spec 001 §7). */
export function useFarmerWrite() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (write: FarmerWrite) => {
      await send(write)
    },
    onSuccess: () => Promise.all(affected.map((key) => queryClient.invalidateQueries({ queryKey: [key] }))),
  })
}

function useList<T>(url: string, failure: string) {
  const query = useQuery<T>({ queryKey: [url] })
  useLoadErrorToast(query.error, failure)
  return query
}

export const useSettings = () => useList<Settings>('/api/admin/settings', messages.settings.failedToFetch)
/**
 * Reads the settings as saved now, not as the page last had them: the trial-length save sends the
 * daily rate along (spec 001 §7), and must not put back a rate another admin saved meanwhile.
 */
export function useReadSavedSettings() {
  const queryClient = useQueryClient()
  return () => queryClient.fetchQuery<Settings>({ queryKey: ['/api/admin/settings'], staleTime: 0 })
}
export const useCostBreakdown = () => useList<CostBreakdown>('/api/admin/cost-breakdown', m.failedToFetch)
/** A page of one of the lists behind the dashboard cards (the server pages them; issue 19). */
const listPage = (page: number) => new URLSearchParams({ page: String(page), pageSize: String(ADMIN_FARMERS_PAGE_DEFAULT) })
export const useActivePending = (page: number) => usePagedList<ActivePendingFarmer>('/api/admin/farmers/active-pending', listPage(page), m.failedToFetchPending)
export const useExpiredFarmers = (page: number) => usePagedList<ExpiredFarmer>('/api/admin/expired-farmers', listPage(page), m.failedToFetchExpired)
/** A page of the cost table's rows, by name; the figures above it are useCostBreakdown's. */
export const useCostRows = (page: number) => usePagedList<FarmerCost>('/api/admin/cost-breakdown/farmers', listPage(page), m.failedToFetch)
export const useTrialFarmers = (page: number) => usePagedList<TrialFarmer>('/api/admin/trial-farmers', listPage(page), m.failedToFetchTrial)
/** Their cards, counted by the server over the whole list. */
export const useActivePendingSummary = () => useList<ActivePendingSummary>('/api/admin/farmers/active-pending/summary', m.failedToFetchPending)
export const useExpiredSummary = () => useList<ExpiredSummary>('/api/admin/expired-farmers/summary', m.failedToFetchExpired)
export const useTrialSummary = () => useList<TrialSummary>('/api/admin/trial-farmers/summary', m.failedToFetchTrial)
/** One page of payment records newest first, searched by the server; `total` counts every match. */
export function usePayments(search: string, page: number) {
  const params = new URLSearchParams()
  if (typedSearch(search)) params.set('search', typedSearch(search))
  params.set('page', String(page))
  params.set('pageSize', String(ADMIN_PAYMENTS_PAGE_DEFAULT))
  return usePagedList<FarmerPayment>('/api/admin/farmers/payments', params, t('admin.payments.failedToFetch'))
}

/** Catalog keys (area `admin`). */
export const statusLabels: Record<AdminFarmer['displayStatus'], string> = {
  inactive: 'admin.status.inactive',
  pending: 'admin.stats.activePending',
  active: 'admin.status.active',
  expired: 'admin.farmers.status.expired',
  expired_followup: 'admin.farmers.status.expired',
}

/** "Nakasi · Naitasiri · Suva, Nausori": where a farmer is, as the lists show it under the name. */
export function placeOf(farmer: { town: string | null; tikina: string | null; cities: readonly string[] }): string {
  return [farmer.town, farmer.tikina, farmer.cities.join(', ')].filter(Boolean).join(' · ')
}
