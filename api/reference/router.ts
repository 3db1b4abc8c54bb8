// Public reference lists the forms need (and the offline app keeps in IndexedDB).
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { referenceRepository } from './repository'
import { contractRouter } from '../http/contract-router'

export function referenceRouter(db: Kysely<Database>) {
  const repository = referenceRepository(db)
  const { router, on } = contractRouter()
  on('GET /api/locations', async (_req, res) => {
    res.json(await repository.activeLocations())
  })
  on('GET /api/produce', async (_req, res) => {
    const produce = await repository.activeProduce()
    res.json(produce.map((item) => ({ ...item, category: item.category || 'Other' })))
  })
  return router
}
