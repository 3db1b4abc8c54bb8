// /api/admin/users: HTTP only. Access (users.manage) comes from the contract's route table.
import { Router } from 'express'
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

export function adminUsersRouter(db: Kysely<Database>) {
  const service = adminUsersService(db)
  const router = Router()
  const ok: OkResponse = { ok: true }

  router.get('/admin/users', noStore, async (_req, res) => {
    res.json(await service.list())
  })

  router.post('/admin/users', validate({ body: AdminUserCreateSchema }), async (req, res) => {
    res.status(201).json(await service.create(actorOf(req, res), res.locals.body as AdminUserCreate))
  })

  router.patch('/admin/users/:id', validate({ params: IdParamSchema, body: AdminUserUpdateSchema }), async (req, res) => {
    const { id } = res.locals.params as IdParam
    res.json(await service.update(actorOf(req, res), id, res.locals.body as AdminUserUpdate))
  })

  router.delete('/admin/users/:id', validate({ params: IdParamSchema }), async (req, res) => {
    await service.remove(actorOf(req, res), (res.locals.params as IdParam).id)
    res.json(ok)
  })

  router.post('/admin/users/:id/reset-password', validate({ params: IdParamSchema, body: AdminUserResetPasswordSchema }), async (req, res) => {
    await service.resetPassword(actorOf(req, res), (res.locals.params as IdParam).id, res.locals.body as AdminUserResetPassword)
    res.json(ok)
  })

  return router
}
