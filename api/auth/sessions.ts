// Sessions per the Lucia design (docs/decisions/004): the client holds a random token, the server
// stores only its SHA-256. Remember me: 30 days, renewed while in use; otherwise 24 hours.
import { sha256 } from '@oslojs/crypto/sha2'
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding'
import type { Kysely } from 'kysely'
import type { AdminUserRow, Database } from '../../db/schema'
import { SESSION_DEFAULT_MS, SESSION_REMEMBER_MS } from '../contract'

// One source for the lifetimes: the contract, which the sign-in form's hint also reads.
export const REMEMBER_ME_LIFETIME_MS = SESSION_REMEMBER_MS
export const SHORT_LIFETIME_MS = SESSION_DEFAULT_MS

export type SessionUser = Pick<AdminUserRow, 'id' | 'name' | 'email' | 'role'> & { mustChangePassword: boolean }
export type Session = { id: string; userId: string; expiresAt: Date; isRememberMe: boolean }

export function generateSessionToken(): string {
  // 25 bytes (200 bits) from the CSPRNG; base32 keeps it header- and URL-safe.
  const bytes = new Uint8Array(25)
  crypto.getRandomValues(bytes)
  return encodeBase32LowerCaseNoPadding(bytes)
}

export function sessionIdOf(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)))
}

export async function createSession(
  db: Kysely<Database>,
  userId: string,
  options: { isRememberMe: boolean; ipAddress?: string | null; userAgent?: string | null; now?: Date },
) {
  const now = options.now ?? new Date()
  const token = generateSessionToken()
  const session: Session = {
    id: sessionIdOf(token),
    userId,
    expiresAt: new Date(now.getTime() + (options.isRememberMe ? REMEMBER_ME_LIFETIME_MS : SHORT_LIFETIME_MS)),
    isRememberMe: options.isRememberMe,
  }
  await db
    .insertInto('sessions')
    .values({
      id: session.id,
      userId,
      expiresAt: session.expiresAt.toISOString(),
      isRememberMe: options.isRememberMe ? 1 : 0,
      createdAt: now.toISOString(),
      lastUsedAt: now.toISOString(),
      ipAddress: options.ipAddress ?? null,
      userAgent: options.userAgent?.slice(0, 500) ?? null,
    })
    .execute()
  return { token, session }
}

/** The session and its user for a token, or null; renews a remember-me session past half its life. */
export async function validateSessionToken(db: Kysely<Database>, token: string, now = new Date()) {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('admin_users', 'admin_users.id', 'sessions.userId')
    .select([
      'sessions.id as sessionId',
      'sessions.expiresAt',
      'sessions.isRememberMe',
      'admin_users.id',
      'admin_users.name',
      'admin_users.email',
      'admin_users.role',
      'admin_users.mustChangePassword',
    ])
    .where('sessions.id', '=', sessionIdOf(token))
    .executeTakeFirst()
  if (!row) return null
  let expiresAt = new Date(row.expiresAt)
  if (now >= expiresAt) {
    await db.deleteFrom('sessions').where('id', '=', row.sessionId).execute()
    return null
  }
  const isRememberMe = row.isRememberMe === 1
  if (isRememberMe && expiresAt.getTime() - now.getTime() < REMEMBER_ME_LIFETIME_MS / 2) {
    expiresAt = new Date(now.getTime() + REMEMBER_ME_LIFETIME_MS)
    await db
      .updateTable('sessions')
      .set({ expiresAt: expiresAt.toISOString(), lastUsedAt: now.toISOString() })
      .where('id', '=', row.sessionId)
      .execute()
  }
  const session: Session = { id: row.sessionId, userId: row.id, expiresAt, isRememberMe }
  const user: SessionUser = { id: row.id, name: row.name, email: row.email, role: row.role, mustChangePassword: row.mustChangePassword === 1 }
  return { session, user }
}

export async function invalidateSession(db: Kysely<Database>, sessionId: string) {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute()
}

/** Drops sessions past their expiry that were never presented again (validation deletes the others). */
export async function deleteExpiredSessions(db: Kysely<Database>, now = new Date()) {
  await db.deleteFrom('sessions').where('expiresAt', '<=', now.toISOString()).execute()
}

/** Ends every session of a user, except the one given (a password change keeps the new one). */
export async function invalidateUserSessions(db: Kysely<Database>, userId: string, exceptSessionId?: string) {
  let query = db.deleteFrom('sessions').where('userId', '=', userId)
  if (exceptSessionId) query = query.where('id', '!=', exceptSessionId)
  await query.execute()
}
