// `npm run reset-admin-password -- [e-mail] [--password <new>]`: the way back in when the first
// admin's password is lost. Runs on the server's machine against the database file; goes through
// the same service as the back office's reset (password policy, sessions ended, lockout lifted,
// audit row), always marking the password to be changed at the next sign-in.
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { generatePassword } from '../../db/seed/admin'
import { portable } from '../../db/dialect'
import type { Actor } from '../audit/staff-write'
import { HttpError } from '../errors'
import { AdminUserResetPasswordSchema } from '../contract'
import { adminUsersService } from './service'

/** Who the audit trail names for a reset made from the command line. */
export const COMMAND_LINE_ACTOR: Actor = {
  userId: null,
  userEmail: null,
  userName: 'Command line (npm run reset-admin-password)',
  ipAddress: null,
  userAgent: 'reset-admin-password',
}

export class ResetAdminPasswordError extends Error {
  override name = 'ResetAdminPasswordError'
}

export interface ResetAdminPasswordResult {
  email: string
  /** Shown once by the command; never stored in clear. */
  password: string
  generated: boolean
}

/** Resets the staff member with `email`, or the oldest global admin when no e-mail is given. */
export async function resetAdminPassword(db: Kysely<Database>, options: { email?: string; password?: string } = {}): Promise<ResetAdminPasswordResult> {
  const email = options.email?.trim().toLowerCase()
  let query = db.selectFrom('admin_users').select(['id', 'email'])
  query = email ? query.where(portable(db).caselessEquals('email', email)) : query.where('role', '=', 'global_admin').orderBy('createdAt').orderBy('id')
  const user = await query.executeTakeFirst()
  if (!user) {
    throw new ResetAdminPasswordError(email ? `No staff account has the e-mail ${email}.` : 'There is no global admin yet: start the server once (npm start) to create one.')
  }
  const password = options.password ?? generatePassword()
  const body = AdminUserResetPasswordSchema.safeParse({ newPassword: password, mustChangePassword: true })
  if (!body.success) throw new ResetAdminPasswordError(`The new password was refused: ${body.error.issues[0]?.message ?? 'invalid'}`)
  try {
    await adminUsersService(db).resetPassword(COMMAND_LINE_ACTOR, user.id, body.data)
  } catch (error) {
    // Only the password policy refuses (a 400 with the spec's message, e.g. 'This password is too
    // common…'); anything else (a missing table, a lost connection) is said as what it is, by the caller.
    if (error instanceof HttpError && error.status === 400) throw new ResetAdminPasswordError(`The new password was refused: ${error.message}`)
    throw error
  }
  return { email: user.email, password, generated: options.password === undefined }
}
