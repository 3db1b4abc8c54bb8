// HTTP for farmer signups (spec 000 §7). Both routes are outbox endpoints, so they take an
// Idempotency-Key; the data-agent route's capability is enforced centrally from the route table.
import { randomUUID } from 'node:crypto'
import { Router } from 'express'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { idempotency } from '../../sync/server/idempotency'
import { actorOf } from '../audit/staff-write'
import { FarmerSignupSchema, type FarmerSignup } from '../contract'
import { sqliteIdempotencyStore } from '../idempotency/store'
import type { Logger } from '../logger'
import { honeypot } from '../middleware/honeypot'
import { validate } from '../middleware/validate'
import { farmerSignupsService } from './service'

export function farmerSignupsRouter(db: Kysely<Database>, logger: Logger) {
  const service = farmerSignupsService(db)
  // Mounted after authenticate(), so a key is scoped to the signed-in agent who sent it.
  const idempotent = idempotency(sqliteIdempotencyStore(db), { logger: { warn: (message, details) => logger.warn(details ?? {}, message) } })
  const router = Router()
  const bot = honeypot(() => ({ id: randomUUID(), status: 'pending' }))
  router.post('/farmer-signup', bot, idempotent, validate({ body: FarmerSignupSchema }), async (_req, res) => {
    res.status(201).json(await service.create(res.locals.body as FarmerSignup, { locals: res.locals }))
  })
  router.post('/data-agent/signup', bot, idempotent, validate({ body: FarmerSignupSchema }), async (req, res) => {
    res.status(201).json(await service.create(res.locals.body as FarmerSignup, { locals: res.locals, dataAgent: actorOf(req, res) }))
  })
  return router
}
