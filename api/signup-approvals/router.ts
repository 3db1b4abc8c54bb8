// /api/admin/signups…: the approvals list, the data-agent report, decisions and the purge. HTTP only;
// access comes from the contract's route table (signups.process, daSignups.view, signups.purge).
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import {
  DataAgentSignupsQuerySchema,
  IdParamSchema,
  SignupProcessSchema,
  SignupPurgeSchema,
  type DataAgentSignupsQuery,
  type IdParam,
  type PurgeBody,
  type PurgeResponse,
  type SignupProcess,
} from '../contract'
import { noStore } from '../auth/http'
import { actorOf } from '../audit/staff-write'
import { contractRouter } from '../http/contract-router'
import { validate } from '../middleware/validate'
import { signupApprovalsService, type SignupApprovalDeps } from './service'

export function signupApprovalsRouter(db: Kysely<Database>, deps: SignupApprovalDeps) {
  const service = signupApprovalsService(db, deps)
  const { router, on } = contractRouter()

  on('GET /api/admin/signups', noStore, async (_req, res) => {
    res.json(await service.list())
  })

  on('GET /api/admin/signups/data-agent', noStore, validate({ query: DataAgentSignupsQuerySchema }), async (_req, res) => {
    res.json(await service.listByDataAgents(res.locals.query as DataAgentSignupsQuery))
  })

  on('POST /api/admin/signups/:id/process', validate({ params: IdParamSchema, body: SignupProcessSchema }), async (req, res) => {
    res.json(await service.process(actorOf(req, res), (res.locals.params as IdParam).id, res.locals.body as SignupProcess))
  })

  on('DELETE /api/admin/signups/purge', validate({ body: SignupPurgeSchema }), async (req, res) => {
    const deletedCount = await service.purge(actorOf(req, res), res.locals.body as PurgeBody)
    res.json({ deletedCount } satisfies PurgeResponse)
  })

  return router
}
