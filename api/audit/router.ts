// /api/admin/audit-logs: read the trail, purge a date range. HTTP only; access comes from the
// contract's route table (audit.view, audit.purge).
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { AuditLogsQuerySchema, PurgeBodySchema, type AuditLogsQuery, type PurgeBody, type PurgeResponse } from '../contract'
import { noStore } from '../auth/http'
import { validate } from '../middleware/validate'
import { purgeRange } from './purge-range'
import { auditRepository } from './repository'
import { actorOf, staffWrite } from './staff-write'
import { contractRouter } from '../http/contract-router'

export function auditRouter(db: Kysely<Database>) {
  const repository = auditRepository(db)
  const { router, on } = contractRouter()

  on('GET /api/admin/audit-logs', noStore, validate({ query: AuditLogsQuerySchema }), async (_req, res) => {
    res.json(await repository.list(res.locals.query as AuditLogsQuery))
  })

  on('DELETE /api/admin/audit-logs/purge', validate({ body: PurgeBodySchema }), async (req, res) => {
    const body = res.locals.body as PurgeBody
    const range = purgeRange(body)
    // The purge's own entry is written after the delete, so it survives even a range that ends today.
    const deletedCount = await staffWrite(db, actorOf(req, res), async (trx) => {
      const count = await repository.deleteInRange(trx, range)
      return {
        result: count,
        audit: { action: 'purge_audit_logs', targetType: 'audit_log', details: `Purged ${count} audit log entries from ${body.startDate} to ${body.endDate}` },
      }
    })
    res.json({ deletedCount } satisfies PurgeResponse)
  })

  return router
}
