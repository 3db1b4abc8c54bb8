// Sign-in, password change and sign-out: the rules (generic failure text, lockout, common-password
// refusal, session replacement). HTTP lives in router.ts; writes go through staffWrite.
import type { Kysely } from 'kysely'
import type { AdminUserRow, Database } from '../../db/schema'
import { actorFromUser, insertAuditLog, staffWrite, type Actor, type Client } from '../audit/staff-write'
import { messages, type ChangePassword, type Login, type LoginResponse } from '../contract'
import { HttpError } from '../errors'
import { CLEARED_COUNTERS, assertNotLocked, recordFailedPassword } from './lockout'
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password'
import { assertAcceptablePassword } from './password-policy'
import { createSession, deleteExpiredSessions, invalidateSession, invalidateUserSessions, type Session, type SessionUser } from './sessions'

const invalidCredentials = () => new HttpError(401, messages.auth.invalidCredentials)

export function toSessionUser(row: Pick<AdminUserRow, 'id' | 'name' | 'email' | 'role' | 'mustChangePassword'>): SessionUser {
  return { id: row.id, name: row.name, email: row.email, role: row.role, mustChangePassword: row.mustChangePassword === 1 }
}

export function authService(db: Kysely<Database>) {
  const findByEmail = (email: string) => db.selectFrom('admin_users').selectAll().where('email', '=', email).executeTakeFirst()
  const findById = (id: string) => db.selectFrom('admin_users').selectAll().where('id', '=', id).executeTakeFirst()

  /** A wrong password counts toward the lockout; the lock itself is written to the trail. */
  const recordFailure = (user: AdminUserRow, actor: Actor, now: Date) =>
    recordFailedPassword(db, user.id, {
      now,
      onLock: (trx) =>
        insertAuditLog(trx, actor, {
          action: 'account_locked',
          targetType: 'admin_user',
          targetId: user.id,
          targetName: user.name,
          details: 'Sign-in refused for 15 minutes after 10 failed password attempts',
        }, now),
    })

  return {
    async login(input: Login, client: Client, now = new Date()): Promise<LoginResponse> {
      const user = await findByEmail(input.email)
      if (!user) {
        // Same argon2 cost as a real account, so the answer's timing does not reveal the e-mail.
        await verifyAgainstDummy(input.password)
        throw invalidCredentials()
      }
      assertNotLocked(user, now)
      const actor = actorFromUser(user, client)
      if (!(await verifyPassword(user.passwordHash, input.password))) {
        await recordFailure(user, actor, now)
        throw invalidCredentials()
      }
      const { token } = await staffWrite(db, actor, async (trx) => {
        // A parallel wrong guess may have locked the account while this one was hashing.
        const current = await trx.selectFrom('admin_users').select('lockedUntil').where('id', '=', user.id).executeTakeFirstOrThrow()
        assertNotLocked(current, now)
        await trx.updateTable('admin_users').set({ ...CLEARED_COUNTERS, lastLogin: now.toISOString() }).where('id', '=', user.id).execute()
        const created = await createSession(trx, user.id, { isRememberMe: input.rememberMe, ...client, now })
        return {
          result: created,
          audit: { action: 'login', targetType: 'admin_user', targetId: user.id, targetName: user.name, details: input.rememberMe ? 'Signed in (remember me)' : 'Signed in' },
        }
      })
      await deleteExpiredSessions(db, now)
      return { token, user: toSessionUser(user) }
    },

    /** Ends every session of the user, the current one included, and answers a fresh one. */
    async changePassword(current: { user: SessionUser; session: Session }, input: ChangePassword, client: Client, now = new Date()): Promise<LoginResponse> {
      const user = await findById(current.user.id)
      if (!user) throw new HttpError(401, messages.common.sessionRequired)
      assertNotLocked(user, now)
      const actor = actorFromUser(user, client)
      // Checking the current password is a password guess too: it counts toward the lockout.
      if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
        await recordFailure(user, actor, now)
        throw new HttpError(400, messages.auth.currentPasswordIncorrect, [{ path: 'currentPassword', message: messages.auth.currentPasswordIncorrect }])
      }
      if (input.newPassword === input.currentPassword) {
        throw new HttpError(400, messages.auth.passwordUnchanged, [{ path: 'newPassword', message: messages.auth.passwordUnchanged }])
      }
      await assertAcceptablePassword(input.newPassword, 'newPassword')
      const passwordHash = await hashPassword(input.newPassword)
      const { token } = await staffWrite(db, actor, async (trx) => {
        await trx
          .updateTable('admin_users')
          .set({ passwordHash, mustChangePassword: 0, ...CLEARED_COUNTERS, updatedAt: now.toISOString() })
          .where('id', '=', user.id)
          .execute()
        await invalidateUserSessions(trx, user.id)
        const created = await createSession(trx, user.id, { isRememberMe: current.session.isRememberMe, ...client, now })
        return {
          result: created,
          audit: { action: 'change_password', targetType: 'admin_user', targetId: user.id, targetName: user.name, details: 'Changed own password; all other sessions ended' },
        }
      })
      return { token, user: { ...toSessionUser(user), mustChangePassword: false } }
    },

    async logout(actor: Actor, session: Session): Promise<void> {
      await staffWrite(db, actor, async (trx) => {
        await invalidateSession(trx, session.id)
        return { result: undefined, audit: { action: 'logout', targetType: 'admin_user', targetId: session.userId, targetName: actor.userName ?? undefined, details: 'Signed out' } }
      })
    },
  }
}
