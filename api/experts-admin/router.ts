// /api/admin/subject-matter-experts and /api/admin/expert-fields: HTTP only (experts.manage).
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { noStore } from '../auth/http'
import { actorOf } from '../audit/staff-write'
import {
  ExpertCreateSchema,
  ExpertFieldCreateSchema,
  ExpertUpdateSchema,
  IdParamSchema,
  IntIdParamSchema,
  type ExpertCreate,
  type ExpertFieldCreate,
  type ExpertUpdate,
  type IdParam,
  type IntIdParam,
  type OkResponse,
} from '../contract'
import { expertsService } from '../experts/service'
import { contractRouter } from '../http/contract-router'
import { validate } from '../middleware/validate'
import { expertsAdminService } from './service'

export function expertsAdminRouter(db: Kysely<Database>) {
  const service = expertsAdminService(db)
  const { router, on } = contractRouter()
  const ok: OkResponse = { ok: true }
  const idOf = (locals: Record<string, unknown>) => (locals.params as IdParam).id

  on('GET /api/admin/subject-matter-experts', noStore, async (_req, res) => {
    res.json(await service.list())
  })
  on('POST /api/admin/subject-matter-experts', validate({ body: ExpertCreateSchema }), async (req, res) => {
    res.status(201).json(await service.create(actorOf(req, res), res.locals.body as ExpertCreate))
  })
  on('PUT /api/admin/subject-matter-experts/:id', validate({ params: IdParamSchema, body: ExpertUpdateSchema }), async (req, res) => {
    res.json(await service.update(actorOf(req, res), idOf(res.locals), res.locals.body as ExpertUpdate))
  })
  on('PATCH /api/admin/subject-matter-experts/:id/toggle-status', validate({ params: IdParamSchema }), async (req, res) => {
    res.json(await service.toggleStatus(actorOf(req, res), idOf(res.locals)))
  })
  on('DELETE /api/admin/subject-matter-experts/:id', validate({ params: IdParamSchema }), async (req, res) => {
    await service.remove(actorOf(req, res), idOf(res.locals))
    res.json(ok)
  })

  on('GET /api/admin/expert-fields', noStore, async (_req, res) => {
    res.json(await expertsService(db).fields())
  })
  on('POST /api/admin/expert-fields', validate({ body: ExpertFieldCreateSchema }), async (req, res) => {
    res.status(201).json(await service.addField(actorOf(req, res), (res.locals.body as ExpertFieldCreate).name))
  })
  on('DELETE /api/admin/expert-fields/:id', validate({ params: IntIdParamSchema }), async (req, res) => {
    await service.removeField(actorOf(req, res), (res.locals.params as IntIdParam).id)
    res.json(ok)
  })
  return router
}
