// HTTP for public platform reviews (spec 000 §7): read approved a page at a time, submit for moderation (queued).
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { idempotency } from '../../sync/server/idempotency'
import { PlatformReviewCreateSchema, PublicReviewsQuerySchema, type PlatformReviewCreate, type PublicReviewsQuery } from '../contract'
import { cachedAnswers, type PublicAnswerOptions } from '../directory/answer-cache'
import { databaseIdempotencyStore } from '../idempotency/store'
import type { Logger } from '../logger'
import { honeypot } from '../middleware/honeypot'
import { validate } from '../middleware/validate'
import { RATE_LIMITS, perAddressLimit } from '../middleware/rate-limit'
import { reviewsService } from './service'
import { contractRouter } from '../http/contract-router'

export function reviewsRouter(db: Kysely<Database>, logger: Logger, answers: PublicAnswerOptions = {}) {
  const service = reviewsService(db)
  const reader = reviewsService(answers.readDb ?? db)
  const idempotent = idempotency(databaseIdempotencyStore(db), { required: true, logger: { warn: (message, details) => logger.warn(details ?? {}, message) } })
  const publicLimit = perAddressLimit({ ...RATE_LIMITS.publicForm, name: 'platform-review' })
  const { router, on } = contractRouter()
  // Kept and revalidated like the directory's answers, keyed on the platform reviews' own version
  // (a 304 while nothing changed; a moderator's approval moves it).
  const answer = cachedAnswers(service.version, answers)
  on('GET /api/public/reviews', validate({ query: PublicReviewsQuerySchema }), answer((_req, res) => reader.approvedPage(res.locals.query as PublicReviewsQuery)))
  on('POST /api/public/reviews', publicLimit, honeypot(() => ({ id: randomUUID(), status: 'pending' })), idempotent, validate({ body: PlatformReviewCreateSchema }), async (_req, res) => {
    res.status(201).json(await service.submit(res.locals.body as PlatformReviewCreate, res.locals))
  })
  return router
}
