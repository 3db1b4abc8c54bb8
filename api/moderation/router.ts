// /api/admin/reviews and /api/admin/farm-reviews: HTTP only (reviews.moderate, farmReviews.moderate).
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { noStore } from '../auth/http'
import { actorOf } from '../audit/staff-write'
import { FarmReviewBulkDeleteSchema, IdParamSchema, ReviewModerationSchema, type FarmReviewBulkDelete, type IdParam, type OkResponse, type ReviewModeration } from '../contract'
import { contractRouter } from '../http/contract-router'
import { validate } from '../middleware/validate'
import { moderationService } from './service'

export function moderationRouter(db: Kysely<Database>) {
  const service = moderationService(db)
  const { router, on } = contractRouter()
  const ok: OkResponse = { ok: true }
  const idOf = (locals: Record<string, unknown>) => (locals.params as IdParam).id

  on('GET /api/admin/reviews', noStore, async (_req, res) => {
    res.json(await service.reviews())
  })
  on('GET /api/admin/reviews/pending', noStore, async (_req, res) => {
    res.json(await service.pendingReviews())
  })
  on('PATCH /api/admin/reviews/:id', validate({ params: IdParamSchema, body: ReviewModerationSchema }), async (req, res) => {
    res.json(await service.moderate(actorOf(req, res), idOf(res.locals), res.locals.body as ReviewModeration))
  })
  on('DELETE /api/admin/reviews/:id', validate({ params: IdParamSchema }), async (req, res) => {
    await service.removeReview(actorOf(req, res), idOf(res.locals))
    res.json(ok)
  })
  on('GET /api/admin/farm-reviews', noStore, async (_req, res) => {
    res.json(await service.farmReviews())
  })
  on('DELETE /api/admin/farm-reviews/:id', validate({ params: IdParamSchema }), async (req, res) => {
    await service.removeFarmReview(actorOf(req, res), idOf(res.locals))
    res.json(ok)
  })
  on('POST /api/admin/farm-reviews/bulk-delete', validate({ body: FarmReviewBulkDeleteSchema }), async (req, res) => {
    res.json(await service.removeFarmReviews(actorOf(req, res), (res.locals.body as FarmReviewBulkDelete).ids))
  })
  return router
}
