// HTTP for first-party analytics: three event endpoints (204, rate-limited per IP so a script
// cannot flood the database), the public summary, and its admin variant (?days=) which needs
// analytics.view. The route table only knows the route's public access, so the days
// variant checks the capability here with the same answers (401 / 403).
import type { RequestHandler } from 'express'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { PasswordChangeRequiredError } from '../auth/access'
import type { SessionUser } from '../auth/sessions'
import {
  AnalyticsLiveQuerySchema,
  FarmerClickEventSchema,
  PageViewEventSchema,
  SearchEventSchema,
  can,
  messages,
  type AnalyticsLiveQuery,
  type FarmerClickEvent,
  type PageViewEvent,
  type SearchEvent,
} from '../contract'
import { HttpError } from '../errors'
import { validate } from '../middleware/validate'
import { RATE_LIMITS, perAddressLimit } from '../middleware/rate-limit'
import { analyticsService } from './service'
import { contractRouter } from '../http/contract-router'
import { markSmallWithoutQuery } from '../http/compress'

export function analyticsRouter(db: Kysely<Database>, countryHeader: string, readDb: Kysely<Database> = db) {
  const service = analyticsService(db, readDb)
  const { router, on } = contractRouter()
  // One budget for the three event kinds: a busy office behind one address browses well under it.
  const eventLimit = perAddressLimit({ ...RATE_LIMITS.analyticsEvent, name: 'analytics-event' })
  // The public summary's JSON, made once per computed summary (kept PUBLIC_SUMMARY_MS) rather than per
  // request. Sent without an ETag: a no-store answer is never revalidated, so its hash was wasted.
  let publicJson: { summary: object; body: Buffer } | undefined

  on('POST /api/analytics/page-view', eventLimit, validate({ body: PageViewEventSchema }), async (req, res) => {
    await service.recordPageView(res.locals.body as PageViewEvent, req.get(countryHeader))
    res.status(204).end()
  })
  on('POST /api/analytics/search', eventLimit, validate({ body: SearchEventSchema }), async (_req, res) => {
    await service.recordSearch(res.locals.body as SearchEvent)
    res.status(204).end()
  })
  on('POST /api/analytics/farmer-click', eventLimit, validate({ body: FarmerClickEventSchema }), async (_req, res) => {
    await service.recordFarmerClick(res.locals.body as FarmerClickEvent)
    res.status(204).end()
  })

  /** ?days= asks for the admin summary: who may not have it is told so before its value is judged. */
  const adminSummaryAccess: RequestHandler = (req, res, next) => {
    if (!('days' in req.query)) return next()
    const user = res.locals.user as SessionUser | undefined
    if (!user) return next(new HttpError(401, messages.common.sessionRequired))
    if (user.mustChangePassword) return next(new PasswordChangeRequiredError())
    if (!can(user.role, 'analytics.view')) return next(new HttpError(403, messages.common.forbidden))
    next()
  }
  on('GET /api/analytics/live', adminSummaryAccess, validate({ query: AnalyticsLiveQuerySchema }), async (req, res) => {
    const { days } = res.locals.query as AnalyticsLiveQuery
    // Counts change with every visit: never let a cache hold them.
    res.setHeader('Cache-Control', 'no-store')
    if (days === undefined) {
      const summary = await service.publicSummary()
      if (publicJson?.summary !== summary) publicJson = { summary, body: Buffer.from(JSON.stringify(summary)) }
      markSmallWithoutQuery(req, res)
      res.type('json').setHeader('Content-Length', publicJson.body.length)
      res.end(publicJson.body)
      return
    }
    res.json(await service.adminSummary(days))
  })
  on('GET /api/analytics/searches', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store')
    res.json(await service.searchAnalytics())
  })
  return router
}
