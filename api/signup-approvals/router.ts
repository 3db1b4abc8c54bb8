// /api/admin/signups…: the approvals list, the data-agent report, decisions and the purge. HTTP only;
// access comes from the contract's route table (signups.process, daSignups.view, signups.purge).
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import {
  AdminSignupsQuerySchema,
  DataAgentRangeQuerySchema,
  DataAgentSignupsQuerySchema,
  TOTAL_COUNT_HEADER,
  type AdminSignupsQuery,
  type DataAgentRangeQuery,
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
import { csvRowTexts, streamCsv } from '../http/csv'
import { DA_SIGNUP_CSV_COLUMNS, signupApprovalsService, type SignupApprovalDeps } from './service'

export function signupApprovalsRouter(db: Kysely<Database>, deps: SignupApprovalDeps) {
  const service = signupApprovalsService(db, deps)
  const { router, on } = contractRouter()

  // One page at a time (issue 19, decision 018): the count of all matches in X-Total-Count.
  on('GET /api/admin/signups', noStore, validate({ query: AdminSignupsQuerySchema }), async (_req, res) => {
    const { records, total } = await service.list(res.locals.query as AdminSignupsQuery)
    res.setHeader(TOTAL_COUNT_HEADER, String(total))
    res.json(records)
  })

  on('GET /api/admin/signups/data-agent', noStore, validate({ query: DataAgentSignupsQuerySchema }), async (_req, res) => {
    const { records, total } = await service.listByDataAgents(res.locals.query as DataAgentSignupsQuery)
    res.setHeader(TOTAL_COUNT_HEADER, String(total))
    res.json(records)
  })

  on('GET /api/admin/signups/data-agent/summary', noStore, validate({ query: DataAgentRangeQuerySchema }), async (_req, res) => {
    res.json(await service.dataAgentSummary(res.locals.query as DataAgentRangeQuery))
  })

  on('GET /api/admin/signups/data-agent/export', validate({ query: DataAgentRangeQuerySchema }), async (_req, res) => {
    await streamCsv(res, 'data-agent-signups', DA_SIGNUP_CSV_COLUMNS, csvRowTexts(service.dataAgentRecords(res.locals.query as DataAgentRangeQuery)))
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
