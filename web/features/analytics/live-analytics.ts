// Reading the public analytics summary (GET /api/analytics/live) and showing times in Fiji.
import { messages, type PublicAnalyticsSummary } from '../../../api/contract'

export const liveAnalyticsUrl = '/api/analytics/live'

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0
}

/**
 * GETs the summary. A network failure throws 'Failed to connect to Analytics'; a non-OK answer
 * (or one without the three counts) throws 'Analytics data not available' (spec 000 §8, worded
 * per clarifications).
 */
export async function fetchLiveAnalytics(signal?: AbortSignal): Promise<PublicAnalyticsSummary> {
  let res: Response
  try {
    res = await fetch(liveAnalyticsUrl, { credentials: 'include', signal, cache: 'no-store' })
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw new Error(messages.analytics.failedToConnect)
  }
  if (!res.ok) throw new Error(messages.analytics.dataNotAvailable)
  const body = (await res.json().catch(() => null)) as Partial<PublicAnalyticsSummary> | null
  if (!body || !isCount(body.totalPageViews) || !isCount(body.uniqueVisitors) || !isCount(body.activeFarmers)) {
    throw new Error(messages.analytics.dataNotAvailable)
  }
  return { totalPageViews: body.totalPageViews, uniqueVisitors: body.uniqueVisitors, activeFarmers: body.activeFarmers }
}

/** 12,345 */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US')
}
