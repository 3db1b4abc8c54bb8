// HTTP for the public expert directory and self-registration (spec 000 §7).
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { idempotency } from '../../sync/server/idempotency'
import { ExpertRegistrationSchema, type ExpertRegistration } from '../contract'
import { databaseIdempotencyStore } from '../idempotency/store'
import type { Logger } from '../logger'
import { honeypot } from '../middleware/honeypot'
import { validate } from '../middleware/validate'
import { RATE_LIMITS, perAddressLimit } from '../middleware/rate-limit'
import { expertsService } from './service'
import { contractRouter } from '../http/contract-router'

export function expertsRouter(db: Kysely<Database>, logger: Logger) {
  const service = expertsService(db)
  const idempotent = idempotency(databaseIdempotencyStore(db), { required: true, logger: { warn: (message, details) => logger.warn(details ?? {}, message) } })
  const publicLimit = perAddressLimit({ ...RATE_LIMITS.publicForm, name: 'expert-signup' })
  const { router, on } = contractRouter()
  on('GET /api/public/experts', async (_req, res) => {
    res.json(await service.activeExperts())
  })
  on('GET /api/public/expert-fields', async (_req, res) => {
    res.json(await service.fields())
  })
  on('POST /api/public/expert-signup', publicLimit, honeypot(() => ({ id: randomUUID() })), idempotent, validate({ body: ExpertRegistrationSchema }), async (_req, res) => {
    res.status(201).json(await service.register(res.locals.body as ExpertRegistration, res.locals))
  })
  return router
}
