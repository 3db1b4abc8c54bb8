// HTTP for farmer signups (spec 000 §7). Both routes are outbox endpoints, so they take an
// Idempotency-Key; the data-agent route's capability comes from the route table (contractRouter()).
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { idempotency } from '../../sync/server/idempotency'
import { actorOf } from '../audit/staff-write'
import { FarmerSignupSchema, type FarmerSignup } from '../contract'
import { databaseIdempotencyStore } from '../idempotency/store'
import type { Logger } from '../logger'
import { honeypot } from '../middleware/honeypot'
import { validate } from '../middleware/validate'
import { RATE_LIMITS, SIGNED_IN_LIMITS, perAccountLimit, perAddressLimit } from '../middleware/rate-limit'
import { farmerSignupsService } from './service'
import { contractRouter } from '../http/contract-router'

export function farmerSignupsRouter(db: Kysely<Database>, logger: Logger) {
  const service = farmerSignupsService(db)
  // Mounted after authenticate(), so a key is scoped to the signed-in agent who sent it.
  const idempotent = idempotency(databaseIdempotencyStore(db), { required: true, logger: { warn: (message, details) => logger.warn(details ?? {}, message) } })
  // Before the key check, so a flood is refused before any database work; a replay is given back.
  const publicLimit = perAddressLimit({ ...RATE_LIMITS.publicForm, name: 'farmer-signup' })
  // Signed-in agents count per account: a town's agents share one carrier address.
  const agentLimit = perAccountLimit(SIGNED_IN_LIMITS.dataAgentSignup, 'data-agent-signup')
  const bot = honeypot(() => ({ id: randomUUID(), status: 'pending' }))
  const { router, on } = contractRouter()
  on('POST /api/farmer-signup', publicLimit, bot, idempotent, validate({ body: FarmerSignupSchema }), async (_req, res) => {
    res.status(201).json(await service.create(res.locals.body as FarmerSignup, { locals: res.locals }))
  })
  on('POST /api/data-agent/signup', agentLimit, bot, idempotent, validate({ body: FarmerSignupSchema }), async (req, res) => {
    res.status(201).json(await service.create(res.locals.body as FarmerSignup, { locals: res.locals, dataAgent: actorOf(req, res) }))
  })
  return router
}
