// HTTP for the public directory (spec 000 §7): browse by city and produce, availability, search.
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { CityParamSchema, CityProduceParamSchema, PublicFarmersQuerySchema, type PublicFarmersQuery } from '../contract'
import { validate } from '../middleware/validate'
import { directoryService } from './service'
import { contractRouter } from '../http/contract-router'

export function directoryRouter(db: Kysely<Database>, mailDomain: string) {
  const service = directoryService(db, mailDomain)
  const { router, on } = contractRouter()
  on('GET /api/produce/availability', async (_req, res) => {
    res.json(await service.produceAvailability())
  })
  on('GET /api/farmers/locations', async (_req, res) => {
    res.json(await service.farmerLocations())
  })
  on('GET /api/farmers', validate({ query: PublicFarmersQuerySchema }), async (_req, res) => {
    res.json(await service.searchFarmers(res.locals.query as PublicFarmersQuery))
  })
  on('GET /api/produce/by-location/:city', validate({ params: CityParamSchema }), async (_req, res) => {
    const { city } = res.locals.params as { city: string }
    res.json(await service.produceInCity(city))
  })
  on('GET /api/farmers/by-location-and-produce/:city/:produce', validate({ params: CityProduceParamSchema }), async (_req, res) => {
    const { city, produce } = res.locals.params as { city: string; produce: string }
    res.json(await service.farmersByCityAndProduce(city, produce))
  })
  return router
}
