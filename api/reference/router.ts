// Public reference lists the forms need (and the offline app keeps in IndexedDB).
import { Router } from 'express'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { referenceRepository } from './repository'

export function referenceRouter(db: Kysely<Database>) {
  const repository = referenceRepository(db)
  const router = Router()
  router.get('/locations', async (_req, res) => {
    res.json(await repository.activeLocations())
  })
  router.get('/produce', async (_req, res) => {
    const produce = await repository.activeProduce()
    res.json(produce.map((item) => ({ ...item, category: item.category || 'Other' })))
  })
  return router
}
