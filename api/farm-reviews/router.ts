// HTTP for farm reviews (spec 000 §7): pages of farms with ratings and of reviews, and new reviews (queued).
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { idempotency } from '../../sync/server/idempotency'
import {
  FarmReviewCreateSchema,
  FarmReviewsQuerySchema,
  FarmsWithRatingsQuerySchema,
  type FarmReviewCreate,
  type FarmReviewsQuery,
  type FarmsWithRatingsQuery,
} from '../contract'
import { cachedAnswers, type PublicAnswerOptions } from '../directory/answer-cache'
import { databaseIdempotencyStore } from '../idempotency/store'
import type { Logger } from '../logger'
import { honeypot } from '../middleware/honeypot'
import { validate } from '../middleware/validate'
import { RATE_LIMITS, perAddressLimit } from '../middleware/rate-limit'
import { farmReviewsService } from './service'
import { contractRouter } from '../http/contract-router'

export function farmReviewsRouter(db: Kysely<Database>, logger: Logger, answers: PublicAnswerOptions = {}) {
  const service = farmReviewsService(db)
  // Versions and writes on the main connection; the answers computed from the read database.
  const reader = farmReviewsService(answers.readDb ?? db)
  const idempotent = idempotency(databaseIdempotencyStore(db), { required: true, logger: { warn: (message, details) => logger.warn(details ?? {}, message) } })
  // The answer a real review gets, echoing what the bot sent.
  const bot = honeypot((body) => ({
    id: randomUUID(),
    farmId: typeof body.farmId === 'string' ? body.farmId : randomUUID(),
    rating: typeof body.rating === 'number' ? body.rating : 5,
    comment: typeof body.comment === 'string' ? body.comment.trim() : '',
    createdAt: new Date().toISOString(),
    isDemo: false,
  }))
  const publicLimit = perAddressLimit({ ...RATE_LIMITS.publicForm, name: 'farm-review' })
  const { router, on } = contractRouter()
  // Kept and revalidated like the directory's answers (a 304 while nothing changed).
  const answer = cachedAnswers(service.version, answers)
  on('GET /api/farms-with-ratings', validate({ query: FarmsWithRatingsQuerySchema }),
    answer((_req, res, now) => reader.farmsWithRatings(res.locals.query as FarmsWithRatingsQuery, now)),
  )
  on('GET /api/farm-reviews', validate({ query: FarmReviewsQuerySchema }),
    answer((_req, res, now) => reader.reviews(res.locals.query as FarmReviewsQuery, now)),
  )
  on('POST /api/farm-reviews', publicLimit, bot, idempotent, validate({ body: FarmReviewCreateSchema }), async (req, res) => {
    res.status(201).json(await service.submit(res.locals.body as FarmReviewCreate, res.locals, req.ip))
  })
  return router
}
