// First-party analytics (clarifications, Analytics): events in, and the public and admin summaries
// out. Days are Fiji calendar days, so "today" on the admin chart is today in Fiji.
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { isPublicPageView } from '../contract'
import type {
  AdminAnalyticsSummary,
  AnalyticsDays,
  CountryStat,
  DailyStat,
  FarmerClickEvent,
  PageViewEvent,
  PublicAnalyticsSummary,
  SearchAnalytics,
  SearchEvent,
} from '../contract'
import { countListedFarmers, fijiDayBounds } from '../directory/public-listing'
import { countryName, visitorCountryCode } from './countries'
import { analyticsRepository } from './repository'

/** The admin screen lists at most this many countries (contract AdminAnalyticsSummarySchema). */
const TOP_COUNTRIES = 6
const TOP_SEARCHES = 10
const SEARCH_ANALYTICS_DAYS = 7

/** Index of the day whose start is the last one ≤ at (day starts ascending, all ISO text). */
function dayIndex(dayStarts: readonly string[], at: string): number {
  let low = 0
  let high = dayStarts.length - 1
  while (low < high) {
    const mid = Math.ceil((low + high) / 2)
    if (dayStarts[mid]! <= at) low = mid
    else high = mid - 1
  }
  return low
}

/** How long the public summary is shared between callers (a few seconds: it counts every visit). */
export const PUBLIC_SUMMARY_MS = 5_000

/** `readDb`: where the count of listed farmers is read (the read thread on SQLite, decision 030). */
export function analyticsService(db: Kysely<Database>, readDb: Kysely<Database> = db) {
  let kept: { at: number; summary: Promise<PublicAnalyticsSummary> } | undefined
  const repository = analyticsRepository(db)
  return {
    /** Staff, sign-in and unknown paths are ignored (the 204 still answers: an old client must not retry). */
    async recordPageView(event: PageViewEvent, countryHeader: string | undefined) {
      if (!isPublicPageView(event.path)) return
      const countryCode = visitorCountryCode(countryHeader, event.timeZone)
      await repository.recordPageView({
        path: event.path,
        visitorId: event.visitorId,
        countryCode,
        countryName: countryCode ? countryName(countryCode) : null,
        at: new Date().toISOString(),
      })
    },
    recordSearch: (event: SearchEvent) =>
      repository.recordSearch({
        query: event.query,
        searchType: event.searchType,
        location: event.location?.trim() || null,
        resultCount: event.resultCount,
        visitorId: event.visitorId ?? null,
        at: new Date().toISOString(),
      }),
    recordFarmerClick: (event: FarmerClickEvent) =>
      repository.recordFarmerClick({ farmerId: event.farmerId, visitorId: event.visitorId ?? null, at: new Date().toISOString() }),

    /**
     * All time; activeFarmers are the farmers listed right now. Public and asked by every visitor
     * of /analytics: one computation serves all callers for PUBLIC_SUMMARY_MS.
     */
    publicSummary(now = new Date()): Promise<PublicAnalyticsSummary> {
      if (kept && now.getTime() - kept.at < PUBLIC_SUMMARY_MS && now.getTime() >= kept.at) return kept.summary
      const summary = (async () => {
        const [totals, activeFarmers] = await Promise.all([repository.pageViewTotals(), countListedFarmers(readDb, now)])
        return { totalPageViews: totals.pageViews, uniqueVisitors: totals.visitors, activeFarmers }
      })()
      kept = { at: now.getTime(), summary }
      // A failed computation is not kept: the next caller tries again.
      summary.catch(() => {
        if (kept?.summary === summary) kept = undefined
      })
      return summary
    },

    /** The last `days` Fiji days, today included; totals cover the same range. */
    async adminSummary(days: AnalyticsDays, now = new Date()): Promise<AdminAnalyticsSummary> {
      const range = Array.from({ length: days }, (_, i) => fijiDayBounds(now, i - days + 1))
      const since = range[0]!.start
      const dayStarts = range.map((d) => d.start)
      const [views, searches, clicks, activeFarmers, names] = await Promise.all([
        repository.pageViewsSince(since),
        repository.searchesSince(since),
        repository.clicksSince(since),
        countListedFarmers(readDb, now),
        repository.countryNames(),
      ])

      const daily = range.map((d) => ({ date: d.date, pageViews: 0, visitors: new Set<string>(), searches: 0, clicks: 0 }))
      const countryVisitors = new Map<string, Set<string>>()
      for (const view of views) {
        const day = daily[dayIndex(dayStarts, view.createdAt)]!
        day.pageViews += 1
        day.visitors.add(view.visitorId)
        if (view.countryCode) {
          const visitors = countryVisitors.get(view.countryCode) ?? new Set<string>()
          visitors.add(view.visitorId)
          countryVisitors.set(view.countryCode, visitors)
        }
      }
      for (const search of searches) daily[dayIndex(dayStarts, search.createdAt)]!.searches += 1
      for (const click of clicks) daily[dayIndex(dayStarts, click.createdAt)]!.clicks += 1

      const nameOf = new Map(names.map((n) => [n.countryCode, n.countryName]))
      const countries: CountryStat[] = [...countryVisitors]
        .map(([code, visitors]) => ({ country: nameOf.get(code) ?? countryName(code), countryCode: code, visitors: visitors.size }))
        .sort((a, b) => b.visitors - a.visitors || a.country.localeCompare(b.country, 'en'))
        .slice(0, TOP_COUNTRIES)
      const dailyStats: DailyStat[] = daily.map((d) => ({ date: d.date, pageViews: d.pageViews, uniqueVisitors: d.visitors.size, searches: d.searches, clicks: d.clicks }))

      return {
        totalPageViews: views.length,
        uniqueVisitors: new Set(views.map((v) => v.visitorId)).size,
        activeFarmers,
        days,
        searchQueries: searches.length,
        farmerClicks: clicks.length,
        dailyStats,
        countries,
        lastUpdated: now.toISOString(),
      }
    },

    /** The last 7 Fiji days; queries are compared trimmed and case-insensitively. */
    async searchAnalytics(now = new Date()): Promise<SearchAnalytics> {
      const searches = await repository.searchesSince(fijiDayBounds(now, 1 - SEARCH_ANALYTICS_DAYS).start)
      const searchesByType = { produce: 0, farmer: 0, city: 0, general: 0 }
      const groups = new Map<string, { query: string; type: SearchEvent['searchType']; count: number; results: number }>()
      for (const search of searches) {
        searchesByType[search.searchType] += 1
        const query = search.query.trim().toLocaleLowerCase('en')
        const group = groups.get(`${search.searchType}\n${query}`) ?? { query, type: search.searchType, count: 0, results: 0 }
        group.count += 1
        group.results += search.resultCount
        groups.set(`${search.searchType}\n${query}`, group)
      }
      const topSearches = [...groups.values()]
        .sort((a, b) => b.count - a.count || a.query.localeCompare(b.query, 'en'))
        .slice(0, TOP_SEARCHES)
        .map((g) => ({ query: g.query, type: g.type, count: g.count, avgResults: Math.round((g.results / g.count) * 10) / 10 }))
      return {
        totalSearches: searches.length,
        uniqueQueries: new Set([...groups.values()].map((g) => g.query)).size,
        searchesByType,
        topSearches,
      }
    },
  }
}
