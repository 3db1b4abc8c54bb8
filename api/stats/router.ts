// GET /api/admin/stats: every signed-in role (dashboard.view), answered with only the figures that
// role may see (clarifications roles table) — the UI shows the same cards from the same table.
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { currentSession, noStore } from '../auth/http'
import { adminStats } from './service'
import { contractRouter } from '../http/contract-router'

export function statsRouter(db: Kysely<Database>) {
  const { router, on } = contractRouter()
  // Spec 001 §7: the stats query is never cached.
  on('GET /api/admin/stats', noStore, async (_req, res) => {
    res.json(await adminStats(db, currentSession(res).user.role))
  })
  return router
}
