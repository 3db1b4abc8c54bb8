// Admin user management (global admin only, by the route table): create, edit, delete, reset
// password. Rules: unique e-mail (409), never delete or re-role oneself, passwords pass the policy,
// a reset ends the user's sessions. Every change is written with its audit row (staffWrite).
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { isConstraintViolation } from '../../db/dialect'
import { loginThrottleFor } from '../auth/lockout'
import { hashPassword } from '../auth/password'
import { assertAcceptablePassword } from '../auth/password-policy'
import { invalidateUserSessions } from '../auth/sessions'
import { staffWrite, type Actor, type Tx } from '../audit/staff-write'
import { messages, type AdminUser, type AdminUserCreate, type AdminUserResetPassword, type AdminUserUpdate } from '../contract'
import { HttpError } from '../errors'
import { adminUsersRepository, toAdminUser } from './repository'

const m = messages.users
const notFound = () => new HttpError(404, messages.common.notFound)
const emailTaken = () => new HttpError(409, m.emailTaken)

const isUniqueViolation = (error: unknown) => isConstraintViolation(error, 'unique')

/** The check inside the transaction gives the clear 409; the unique index catches anything it misses. */
async function assertEmailFree(trx: Tx, email: string, exceptId?: string) {
  const holder = await adminUsersRepository(trx).findIdByEmail(email)
  if (holder && holder.id !== exceptId) throw emailTaken()
}

async function translateUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken()
    throw error
  }
}

/** "role: admin_user → data_agent; name: Mere → Mere T." — what the trail shows for an edit. */
function describeChanges(before: AdminUser, patch: AdminUserUpdate): string {
  const changes = (Object.keys(patch) as (keyof AdminUserUpdate)[])
    .filter((key) => patch[key] !== undefined && patch[key] !== before[key])
    .map((key) => `${key}: ${String(before[key])} → ${String(patch[key])}`)
  return changes.length ? changes.join('; ') : 'No changes'
}

export function adminUsersService(db: Kysely<Database>) {
  return {
    list: () => adminUsersRepository(db).list(),

    async create(actor: Actor, input: AdminUserCreate): Promise<AdminUser> {
      await assertAcceptablePassword(input.password, 'password')
      const passwordHash = await hashPassword(input.password)
      const now = new Date().toISOString()
      return translateUnique(() =>
        staffWrite(db, actor, async (trx) => {
          await assertEmailFree(trx, input.email)
          const repository = adminUsersRepository(trx)
          const id = randomUUID()
          await repository.insert({
            id,
            name: input.name,
            email: input.email,
            passwordHash,
            role: input.role,
            mustChangePassword: input.mustChangePassword ? 1 : 0,
            createdAt: now,
            updatedAt: now,
          })
          const user = toAdminUser((await repository.find(id))!)
          return {
            result: user,
            audit: { action: 'create_user', targetType: 'admin_user', targetId: id, targetName: user.name, details: { email: user.email, role: user.role, mustChangePassword: user.mustChangePassword } },
          }
        }),
      )
    },

    async update(actor: Actor, id: string, patch: AdminUserUpdate): Promise<AdminUser> {
      return translateUnique(() =>
        staffWrite(db, actor, async (trx) => {
          const repository = adminUsersRepository(trx)
          const row = await repository.find(id)
          if (!row) throw notFound()
          const before = toAdminUser(row)
          // With self-delete and self-demotion both refused, the acting global admin always remains.
          if (id === actor.userId && patch.role !== undefined && patch.role !== before.role) throw new HttpError(400, m.cannotChangeOwnRole)
          if (patch.email !== undefined) await assertEmailFree(trx, patch.email, id)
          await repository.update(id, {
            ...(patch.name !== undefined && { name: patch.name }),
            ...(patch.email !== undefined && { email: patch.email }),
            ...(patch.role !== undefined && { role: patch.role }),
            ...(patch.mustChangePassword !== undefined && { mustChangePassword: patch.mustChangePassword ? 1 : 0 }),
            updatedAt: new Date().toISOString(),
          })
          const after = toAdminUser((await repository.find(id))!)
          return { result: after, audit: { action: 'update_user', targetType: 'admin_user', targetId: id, targetName: after.name, details: describeChanges(before, patch) } }
        }),
      )
    },

    async remove(actor: Actor, id: string): Promise<void> {
      if (id === actor.userId) throw new HttpError(400, m.cannotDeleteSelf)
      await staffWrite(db, actor, async (trx) => {
        const repository = adminUsersRepository(trx)
        // Two global admins deleting each other at once (two servers) would each wait for the other's
        // row: the audit row refers to the actor's. Taking both rows first, in one order, lets one
        // finish; the other then finds its own account gone, with its session, and is asked to log in.
        const existing = await repository.takeRows(actor.userId ? [actor.userId, id] : [id])
        if (actor.userId && !existing.has(actor.userId)) throw new HttpError(401, messages.common.sessionRequired)
        const row = await repository.find(id)
        if (!row) throw notFound()
        // Sessions go with the user (foreign key cascade); the audit rows the user wrote stay, their userId nulled.
        await repository.delete(id)
        return { result: undefined, audit: { action: 'delete_user', targetType: 'admin_user', targetId: id, targetName: row.name, details: { email: row.email, role: row.role } } }
      })
    },

    async resetPassword(actor: Actor, id: string, input: AdminUserResetPassword): Promise<void> {
      const target = await adminUsersRepository(db).find(id)
      if (!target) throw notFound()
      await assertAcceptablePassword(input.newPassword, 'newPassword')
      const passwordHash = await hashPassword(input.newPassword)
      await staffWrite(db, actor, async (trx) => {
        const repository = adminUsersRepository(trx)
        const row = await repository.find(id)
        if (!row) throw notFound()
        await repository.update(id, { passwordHash, mustChangePassword: input.mustChangePassword ? 1 : 0, updatedAt: new Date().toISOString() })
        await invalidateUserSessions(trx, id)
        return {
          result: undefined,
          audit: { action: 'reset_password', targetType: 'admin_user', targetId: id, targetName: row.name, details: { mustChangePassword: input.mustChangePassword, sessionsEnded: true } },
        }
      })
      // A reset also lifts a lockout, from every address: it is how staff let a locked-out colleague back in.
      await loginThrottleFor(db).clearEmail(target.email)
    },
  }
}
