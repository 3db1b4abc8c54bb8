// /api/admin/produce, /api/admin/produce-categories, /api/admin/locations: HTTP only. Access comes
// from the contract (produce.view, produce.manage, categories.manage, locations.manage).
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { noStore } from '../auth/http'
import { actorOf } from '../audit/staff-write'
import {
  IntIdParamSchema,
  LocationCreateSchema,
  LocationUpdateSchema,
  ProduceCategoryCreateSchema,
  ProduceCategoryUpdateSchema,
  ProduceCreateSchema,
  ProduceUpdateSchema,
  type IntIdParam,
  type LocationCreate,
  type LocationUpdate,
  type OkResponse,
  type ProduceCreate,
  type ProduceUpdate,
} from '../contract'
import { contractRouter } from '../http/contract-router'
import { validate } from '../middleware/validate'
import { referenceAdminService } from './service'

export function referenceAdminRouter(db: Kysely<Database>) {
  const { produce, categories, locations } = referenceAdminService(db)
  const { router, on } = contractRouter()
  const ok: OkResponse = { ok: true }
  const idOf = (locals: Record<string, unknown>) => (locals.params as IntIdParam).id

  on('GET /api/admin/produce', noStore, async (_req, res) => {
    res.json(await produce.list())
  })
  on('POST /api/admin/produce', validate({ body: ProduceCreateSchema }), async (req, res) => {
    res.status(201).json(await produce.create(actorOf(req, res), res.locals.body as ProduceCreate))
  })
  on('PATCH /api/admin/produce/:id', validate({ params: IntIdParamSchema, body: ProduceUpdateSchema }), async (req, res) => {
    res.json(await produce.update(actorOf(req, res), idOf(res.locals), res.locals.body as ProduceUpdate))
  })
  on('DELETE /api/admin/produce/:id', validate({ params: IntIdParamSchema }), async (req, res) => {
    await produce.remove(actorOf(req, res), idOf(res.locals))
    res.json(ok)
  })

  on('GET /api/admin/produce-categories', noStore, async (_req, res) => {
    res.json(await categories.list())
  })
  on('POST /api/admin/produce-categories', validate({ body: ProduceCategoryCreateSchema }), async (req, res) => {
    res.status(201).json(await categories.create(actorOf(req, res), res.locals.body as LocationCreate))
  })
  on('PATCH /api/admin/produce-categories/:id', validate({ params: IntIdParamSchema, body: ProduceCategoryUpdateSchema }), async (req, res) => {
    res.json(await categories.update(actorOf(req, res), idOf(res.locals), res.locals.body as LocationUpdate))
  })
  on('DELETE /api/admin/produce-categories/:id', validate({ params: IntIdParamSchema }), async (req, res) => {
    await categories.remove(actorOf(req, res), idOf(res.locals))
    res.json(ok)
  })

  on('GET /api/admin/locations', noStore, async (_req, res) => {
    res.json(await locations.list())
  })
  on('POST /api/admin/locations', validate({ body: LocationCreateSchema }), async (req, res) => {
    res.status(201).json(await locations.create(actorOf(req, res), res.locals.body as LocationCreate))
  })
  on('PATCH /api/admin/locations/:id', validate({ params: IntIdParamSchema, body: LocationUpdateSchema }), async (req, res) => {
    res.json(await locations.update(actorOf(req, res), idOf(res.locals), res.locals.body as LocationUpdate))
  })
  on('DELETE /api/admin/locations/:id', validate({ params: IntIdParamSchema }), async (req, res) => {
    await locations.remove(actorOf(req, res), idOf(res.locals))
    res.json(ok)
  })
  return router
}
