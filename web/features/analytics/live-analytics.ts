// Reading the public analytics summary (GET /api/analytics/live) and showing times in Fiji.
import { messages, type PublicAnalyticsSummary } from '../../../api/contract'
import { SERVER_WAIT_MS, errorStatus, getJsonWithin } from '../../shared/api'

export const liveAnalyticsUrl = '/api/analytics/live'

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0
}

/**
 * GETs the summary. No answer within the app's one wait (bars but no data) or a network failure
 * throws 'Failed to connect to Analytics'; a non-OK answer (or one without the three counts) throws
 * 'Analytics data not available' (spec 000 §8, worded per clarifications).
 */
export async function fetchLiveAnalytics(signal?: AbortSignal): Promise<PublicAnalyticsSummary> {
  let body: Partial<PublicAnalyticsSummary> | null
  try {
    body = (await getJsonWithin(liveAnalyticsUrl, SERVER_WAIT_MS, signal, 'answer', 'no-store')) as Partial<PublicAnalyticsSummary> | null
  } catch (error) {
    if (signal?.aborted) throw error
    const reachedServer = errorStatus(error) !== undefined || error instanceof SyntaxError
    throw new Error(reachedServer ? messages.analytics.dataNotAvailable : messages.analytics.failedToConnect)
  }
  if (!body || !isCount(body.totalPageViews) || !isCount(body.uniqueVisitors) || !isCount(body.activeFarmers)) {
    throw new Error(messages.analytics.dataNotAvailable)
  }
  return { totalPageViews: body.totalPageViews, uniqueVisitors: body.uniqueVisitors, activeFarmers: body.activeFarmers }
}

/** 12,345 */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US')
}
