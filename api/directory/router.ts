// HTTP for the public directory (spec 000 §7): browse by city and produce, availability, search,
// and the pages after each list's first one. Every answer is kept per directory version and
// Fiji day (answer-cache.ts), carries an ETag and revalidates to a bodiless 304.
import type { Response } from 'express'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import {
  CityParamSchema,
  CityProduceParamSchema,
  FarmerPageQuerySchema,
  IdParamSchema,
  IntIdParamSchema,
  PublicFarmersQuerySchema,
  type FarmerPageQuery,
  type PublicFarmersQuery,
} from '../contract'
import { validate } from '../middleware/validate'
import { cachedAnswers, JsonText, type PublicAnswerOptions } from './answer-cache'
import { directoryService } from './service'
import { contractRouter } from '../http/contract-router'

export function directoryRouter(db: Kysely<Database>, mailDomain: string, answers: PublicAnswerOptions = {}) {
  // Versions are read on the main connection; the answers are computed from the read database.
  const answer = cachedAnswers(directoryService(db, mailDomain).version, answers)
  const service = directoryService(answers.readDb ?? db, mailDomain)
  const page = (res: Response) => res.locals.query as FarmerPageQuery
  const params = <T>(res: Response) => res.locals.params as T

  const { router, on } = contractRouter()
  on('GET /api/produce/availability', answer((_req, _res, now) => service.produceAvailability(now)))
  on('GET /api/produce/availability/:id/farmers',
    validate({ params: IntIdParamSchema, query: FarmerPageQuerySchema }),
    answer((_req, res, now) => service.produceFarmers(params<{ id: number }>(res).id, page(res), now)),
  )
  on('GET /api/farmers/locations', answer((_req, _res, now) => service.farmerLocations(now)))
  on('GET /api/farmers/locations/:city/farmers',
    validate({ params: CityParamSchema, query: FarmerPageQuerySchema }),
    answer((_req, res, now) => service.cityFarmers(params<{ city: string }>(res).city, page(res), now)),
  )
  on('GET /api/farmers',
    validate({ query: PublicFarmersQuerySchema }),
    answer((_req, res, now) => service.searchFarmers(res.locals.query as PublicFarmersQuery, now)),
  )
  on('GET /api/produce/by-location/:city',
    validate({ params: CityParamSchema }),
    answer((_req, res, now) => service.produceInCity(params<{ city: string }>(res).city, now)),
  )
  on('GET /api/farmers/by-location-and-produce/:city/:produce',
    validate({ params: CityProduceParamSchema, query: FarmerPageQuerySchema }),
    answer((_req, res, now) => {
      const { city, produce } = params<{ city: string; produce: string }>(res)
      return service.farmersByCityAndProduce(city, produce, page(res), now)
    }),
  )
  // After the /api/farmers/<word> lists above: Express would otherwise take 'locations' for an id.
  on('GET /api/farmers/:id',
    validate({ params: IdParamSchema }),
    answer((_req, res, now) => service.farmer(params<{ id: string }>(res).id, now)),
  )
  // The offline copy: one answer, kept and ETagged like the others (a phone revalidates it to a 304).
  on('GET /api/directory/snapshot', answer(async (_req, _res, now) => new JsonText(await service.directorySnapshotJson(now))))
  return router
}
