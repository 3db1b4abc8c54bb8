// First-party analytics (clarifications, Analytics): events the web app POSTs and the summaries it reads.
import { z } from 'zod'
import { DB_INT_MAX, TimestampSchema } from './common'

/** Search events fire 1000 ms after typing, only above 2 characters (spec 000 §4, §9). */
export const SEARCH_EVENT_DELAY_MS = 1000
export const SEARCH_EVENT_MIN_CHARS = 3

/** Random visitor id kept in local storage, never linked to a person. */
const visitorId = z.uuid()

/** POST /api/analytics/page-view, sent on each change of path. */
export const PageViewEventSchema = z.object({
  path: z.string().startsWith('/').max(2048),
  visitorId,
  referrer: z.string().max(2048).optional(),
  /** Browser time zone (e.g. 'Pacific/Fiji'); the server derives the visitor country from it. */
  timeZone: z.string().max(100).optional(),
})
export type PageViewEvent = z.infer<typeof PageViewEventSchema>

export const searchTypes = ['produce', 'farmer', 'city', 'general'] as const
export const SearchTypeSchema = z.enum(searchTypes)
export type SearchType = z.infer<typeof SearchTypeSchema>

/** POST /api/analytics/search. */
export const SearchEventSchema = z.object({
  query: z.string().trim().min(SEARCH_EVENT_MIN_CHARS).max(200),
  searchType: SearchTypeSchema.default('general'),
  location: z.string().max(100).optional(),
  // What the column holds: PostgreSQL refused a larger count (a 500), SQLite kept it in the averages.
  resultCount: z.number().int().nonnegative().max(DB_INT_MAX).default(0),
  visitorId: visitorId.optional(),
})
export type SearchEvent = z.infer<typeof SearchEventSchema>

/** POST /api/analytics/farmer-click: a buyer opened a farmer's phone, e-mail or website. */
export const FarmerClickEventSchema = z.object({
  farmerId: z.uuid(),
  action: z.enum(['call', 'email', 'website', 'view']).default('view'),
  visitorId: visitorId.optional(),
})
export type FarmerClickEvent = z.infer<typeof FarmerClickEventSchema>

export const analyticsDays = [7, 14, 30, 90] as const
export type AnalyticsDays = (typeof analyticsDays)[number]
export const DEFAULT_ANALYTICS_DAYS: AnalyticsDays = 7

/** GET /api/analytics/live query. With `days` it is the admin variant (needs analytics.view). */
export const AnalyticsLiveQuerySchema = z.object({
  days: z
    .enum(['7', '14', '30', '90'])
    .transform((v) => Number(v) as AnalyticsDays)
    .optional(),
})
export type AnalyticsLiveQuery = z.infer<typeof AnalyticsLiveQuerySchema>

/** Public /analytics screen. */
export const PublicAnalyticsSummarySchema = z.object({
  totalPageViews: z.number().int().nonnegative(),
  uniqueVisitors: z.number().int().nonnegative(),
  activeFarmers: z.number().int().nonnegative(),
})
export type PublicAnalyticsSummary = z.infer<typeof PublicAnalyticsSummarySchema>

export const DailyStatSchema = z.object({
  date: z.string(),
  pageViews: z.number().int().nonnegative(),
  uniqueVisitors: z.number().int().nonnegative(),
  searches: z.number().int().nonnegative(),
  clicks: z.number().int().nonnegative(),
})
export type DailyStat = z.infer<typeof DailyStatSchema>

export const CountryStatSchema = z.object({
  country: z.string(),
  countryCode: z.string().nullable(),
  visitors: z.number().int().nonnegative(),
})
export type CountryStat = z.infer<typeof CountryStatSchema>

/** Admin /admin/analytics (GET /api/analytics/live?days=n); countries are at most 6. */
export const AdminAnalyticsSummarySchema = PublicAnalyticsSummarySchema.extend({
  days: z.literal(analyticsDays),
  searchQueries: z.number().int().nonnegative(),
  farmerClicks: z.number().int().nonnegative(),
  dailyStats: z.array(DailyStatSchema),
  countries: z.array(CountryStatSchema),
  lastUpdated: TimestampSchema,
})
export type AdminAnalyticsSummary = z.infer<typeof AdminAnalyticsSummarySchema>

export const AnalyticsLiveResponseSchema = z.union([AdminAnalyticsSummarySchema, PublicAnalyticsSummarySchema])
export type AnalyticsLiveResponse = z.infer<typeof AnalyticsLiveResponseSchema>

/** GET /api/analytics/searches (last 7 days); topSearches at most 10. */
export const SearchAnalyticsSchema = z.object({
  totalSearches: z.number().int().nonnegative(),
  uniqueQueries: z.number().int().nonnegative(),
  searchesByType: z.object({
    produce: z.number().int().nonnegative(),
    farmer: z.number().int().nonnegative(),
    city: z.number().int().nonnegative(),
    general: z.number().int().nonnegative(),
  }),
  topSearches: z.array(
    z.object({
      query: z.string(),
      type: SearchTypeSchema,
      avgResults: z.number().nonnegative(),
      count: z.number().int().positive(),
    }),
  ),
})
export type SearchAnalytics = z.infer<typeof SearchAnalyticsSchema>

export const AnalyticsEventResponseSchema = z.object({ ok: z.literal(true) })
