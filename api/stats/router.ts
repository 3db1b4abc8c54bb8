// GET /api/admin/stats: every signed-in role (dashboard.view). The UI hides the cards a role may not
// see (clarifications roles table); the figures themselves are not secret between staff.
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { noStore } from '../auth/http'
import { adminStats } from './service'
import { contractRouter } from '../http/contract-router'

export function statsRouter(db: Kysely<Database>) {
  const { router, on } = contractRouter()
  // Spec 001 §7: the stats query is never cached.
  on('GET /api/admin/stats', noStore, async (_req, res) => {
    res.json(await adminStats(db))
  })
  return router
}
