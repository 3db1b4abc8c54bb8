import { sql, type Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { contractRouter } from '../http/contract-router'

export function healthRouter(db: Kysely<Database>, version: string) {
  const { router, on } = contractRouter()
  on('GET /api/health', async (_req, res) => {
    try {
      await sql`select 1`.execute(db)
      res.json({ status: 'ok', database: 'ok', version })
    } catch {
      res.status(503).json({ status: 'error', database: 'unreachable', version })
    }
  })
  return router
}
