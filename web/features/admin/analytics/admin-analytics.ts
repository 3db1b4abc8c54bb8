// Admin analytics (spec 001 §2, §9): the two reads with the spec's error texts, their refresh
// intervals, and the pure figures the screen draws (daily averages, bar lengths, day labels).
import { useQuery } from '@tanstack/react-query'
import type { AdminAnalyticsSummary, AnalyticsDays, DailyStat, SearchAnalytics } from '../../../../api/contract/analytics'
import { messages } from '../../../../api/contract/messages'
import { authHeaders } from '../../../shared/api'

export const LIVE_REFRESH_MS = 30_000
export const SEARCHES_REFRESH_MS = 60_000

/** Network failure: 'Failed to connect to Analytics'; a non-OK answer: 'Analytics data not available'. */
async function getAnalytics<T>(url: string, signal: AbortSignal): Promise<T> {
  let res: Response
  try {
    res = await fetch(url, { headers: authHeaders(), credentials: 'include', cache: 'no-store', signal })
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw new Error(messages.analytics.failedToConnect)
  }
  if (!res.ok) throw new Error(messages.analytics.dataNotAvailable)
  return (await res.json()) as T
}

export function useAdminAnalytics(days: AnalyticsDays) {
  const live = useQuery({
    queryKey: ['/api/analytics/live', 'admin', days],
    queryFn: ({ signal }) => getAnalytics<AdminAnalyticsSummary>(`/api/analytics/live?days=${days}`, signal),
    refetchInterval: LIVE_REFRESH_MS,
    staleTime: 0,
  })
  const searches = useQuery({
    queryKey: ['/api/analytics/searches'],
    queryFn: ({ signal }) => getAnalytics<SearchAnalytics>('/api/analytics/searches', signal),
    refetchInterval: SEARCHES_REFRESH_MS,
    staleTime: 0,
  })
  return { live, searches }
}

/** Mean page views and visitors per day of the range, rounded to whole numbers. */
export function dailyAverages(days: readonly DailyStat[]): { views: number; visitors: number } {
  if (days.length === 0) return { views: 0, visitors: 0 }
  const sum = (pick: (d: DailyStat) => number) => days.reduce((total, d) => total + pick(d), 0)
  return { views: Math.round(sum((d) => d.pageViews) / days.length), visitors: Math.round(sum((d) => d.uniqueVisitors) / days.length) }
}

/** Bar length in percent of the busiest day's page views; a day with any views shows at least a sliver. */
export function barPercent(value: number, max: number): number {
  if (max <= 0 || value <= 0) return 0
  return Math.max(2, Math.round((value / max) * 100))
}

/** True when there is nothing at all to show (spec: 'Analytics Not Available'). */
export function hasNoData(summary: AdminAnalyticsSummary): boolean {
  return summary.totalPageViews === 0 && summary.searchQueries === 0 && summary.farmerClicks === 0
}

const dayLabel = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' })

/** '2026-11-24' → 'Tue, Nov 24' (the date is already a Fiji calendar day). */
export function formatDay(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`)
  return Number.isNaN(parsed.getTime()) ? date : dayLabel.format(parsed)
}
