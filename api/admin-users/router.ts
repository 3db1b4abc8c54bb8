// /api/admin/users: HTTP only. Access (users.manage) comes from the contract's route table.
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { noStore } from '../auth/http'
import { actorOf } from '../audit/staff-write'
import {
  AdminUserCreateSchema,
  AdminUserResetPasswordSchema,
  AdminUserUpdateSchema,
  IdParamSchema,
  type AdminUserCreate,
  type AdminUserResetPassword,
  type AdminUserUpdate,
  type IdParam,
  type OkResponse,
} from '../contract'
import { validate } from '../middleware/validate'
import { adminUsersService } from './service'
import { contractRouter } from '../http/contract-router'

export function adminUsersRouter(db: Kysely<Database>) {
  const service = adminUsersService(db)
  const { router, on } = contractRouter()
  const ok: OkResponse = { ok: true }

  on('GET /api/admin/users', noStore, async (_req, res) => {
    res.json(await service.list())
  })

  on('POST /api/admin/users', validate({ body: AdminUserCreateSchema }), async (req, res) => {
    res.status(201).json(await service.create(actorOf(req, res), res.locals.body as AdminUserCreate))
  })

  on('PATCH /api/admin/users/:id', validate({ params: IdParamSchema, body: AdminUserUpdateSchema }), async (req, res) => {
    const { id } = res.locals.params as IdParam
    res.json(await service.update(actorOf(req, res), id, res.locals.body as AdminUserUpdate))
  })

  on('DELETE /api/admin/users/:id', validate({ params: IdParamSchema }), async (req, res) => {
    await service.remove(actorOf(req, res), (res.locals.params as IdParam).id)
    res.json(ok)
  })

  on('POST /api/admin/users/:id/reset-password', validate({ params: IdParamSchema, body: AdminUserResetPasswordSchema }), async (req, res) => {
    await service.resetPassword(actorOf(req, res), (res.locals.params as IdParam).id, res.locals.body as AdminUserResetPassword)
    res.json(ok)
  })

  return router
}
