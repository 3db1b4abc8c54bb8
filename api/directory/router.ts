// HTTP for the public directory (spec 000 §7): browse by city and produce, availability, search.
import { Router } from 'express'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { CityParamSchema, CityProduceParamSchema, PublicFarmersQuerySchema, type PublicFarmersQuery } from '../contract'
import { validate } from '../middleware/validate'
import { directoryService } from './service'

export function directoryRouter(db: Kysely<Database>, mailDomain: string) {
  const service = directoryService(db, mailDomain)
  const router = Router()
  router.get('/produce/availability', async (_req, res) => {
    res.json(await service.produceAvailability())
  })
  router.get('/farmers/locations', async (_req, res) => {
    res.json(await service.farmerLocations())
  })
  router.get('/farmers', validate({ query: PublicFarmersQuerySchema }), async (_req, res) => {
    res.json(await service.searchFarmers(res.locals.query as PublicFarmersQuery))
  })
  router.get('/produce/by-location/:city', validate({ params: CityParamSchema }), async (_req, res) => {
    const { city } = res.locals.params as { city: string }
    res.json(await service.produceInCity(city))
  })
  router.get('/farmers/by-location-and-produce/:city/:produce', validate({ params: CityProduceParamSchema }), async (_req, res) => {
    const { city, produce } = res.locals.params as { city: string; produce: string }
    res.json(await service.farmersByCityAndProduce(city, produce))
  })
  return router
}
