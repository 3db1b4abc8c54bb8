// Sign-in, password change and sign-out: the rules (generic failure text, lockout by e-mail and
// address, common-password refusal, session replacement). HTTP lives in router.ts; writes go through staffWrite.
import type { Kysely } from 'kysely'
import type { AdminUserRow, Database } from '../../db/schema'
import { portable } from '../../db/dialect'
import { actorFromUser, insertAuditLog, staffWrite, type Actor, type Client } from '../audit/staff-write'
import { messages, type ChangePassword, type Login, type LoginResponse } from '../contract'
import { HttpError } from '../errors'
import { WrongPasswordError, loginThrottleFor } from './lockout'
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password'
import { assertAcceptablePassword } from './password-policy'
import { createSession, deleteExpiredSessions, invalidateSession, invalidateUserSessions, type Session, type SessionUser } from './sessions'

const invalidCredentials = () => new WrongPasswordError(401, messages.auth.invalidCredentials)
/** The lockout counts per client address; a request without one shares the '' bucket. */
const addressOf = (client: Client) => client.ipAddress ?? ''

export function toSessionUser(row: Pick<AdminUserRow, 'id' | 'name' | 'email' | 'role' | 'mustChangePassword'>): SessionUser {
  return { id: row.id, name: row.name, email: row.email, role: row.role, mustChangePassword: row.mustChangePassword === 1 }
}

export function authService(db: Kysely<Database>) {
  const findByEmail = (email: string) => db.selectFrom('admin_users').selectAll().where(portable(db).caselessEquals('email', email)).executeTakeFirst()
  const findById = (id: string) => db.selectFrom('admin_users').selectAll().where('id', '=', id).executeTakeFirst()
  const throttle = loginThrottleFor(db)

  /** A wrong password counts toward the lockout of (e-mail, address); a lock of a real account is written to the trail. */
  async function recordFailure(email: string, client: Client, user: AdminUserRow | undefined, now: Date) {
    const hasLocked = await throttle.recordFailure(email, addressOf(client), now)
    if (!hasLocked || !user) return
    await insertAuditLog(db, actorFromUser(user, client), {
      action: 'account_locked',
      targetType: 'admin_user',
      targetId: user.id,
      targetName: user.name,
      details: 'Sign-in from this address refused for 15 minutes after 10 failed password attempts',
    }, now)
  }

  return {
    async login(input: Login, client: Client, now = new Date()): Promise<LoginResponse> {
      // Checked before the e-mail is looked up: a locked unknown e-mail answers as a locked real one.
      await throttle.assertNotLocked(input.email, addressOf(client), now)
      const user = await findByEmail(input.email)
      // Same argon2 cost for an unknown e-mail (a dummy hash), so the timing does not reveal it.
      const isMatch = user ? await verifyPassword(user.passwordHash, input.password) : await verifyAgainstDummy(input.password)
      if (!user || !isMatch) {
        await recordFailure(input.email, client, user, now)
        throw invalidCredentials()
      }
      // A parallel wrong guess may have locked this pair while this one was hashing.
      await throttle.assertNotLocked(input.email, addressOf(client), now)
      await throttle.clear(input.email, addressOf(client))
      const actor = actorFromUser(user, client)
      const { token } = await staffWrite(db, actor, async (trx) => {
        await trx.updateTable('admin_users').set({ lastLogin: now.toISOString() }).where('id', '=', user.id).execute()
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
      await throttle.assertNotLocked(user.email, addressOf(client), now)
      const actor = actorFromUser(user, client)
      // Checking the current password is a password guess too: it counts toward the lockout. A new
      // password the rules refuse is not a guess, and counts toward nothing.
      if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
        await recordFailure(user.email, client, user, now)
        throw new WrongPasswordError(400, messages.auth.currentPasswordIncorrect, [{ path: 'currentPassword', message: messages.auth.currentPasswordIncorrect }])
      }
      if (input.newPassword === input.currentPassword) {
        throw new HttpError(400, messages.auth.passwordUnchanged, [{ path: 'newPassword', message: messages.auth.passwordUnchanged }])
      }
      await assertAcceptablePassword(input.newPassword, 'newPassword')
      const passwordHash = await hashPassword(input.newPassword)
      const { token } = await staffWrite(db, actor, async (trx) => {
        await trx
          .updateTable('admin_users')
          .set({ passwordHash, mustChangePassword: 0, updatedAt: now.toISOString() })
          .where('id', '=', user.id)
          .execute()
        await invalidateUserSessions(trx, user.id)
        const created = await createSession(trx, user.id, { isRememberMe: current.session.isRememberMe, ...client, now })
        return {
          result: created,
          audit: { action: 'change_password', targetType: 'admin_user', targetId: user.id, targetName: user.name, details: 'Changed own password; all other sessions ended' },
        }
      })
      await throttle.clearEmail(user.email)
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
