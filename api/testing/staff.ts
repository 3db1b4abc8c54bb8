// Test set-up only: staff accounts and sessions without going through sign-in (argon2 and the
// lockout would make every test slow and order-dependent). Tests that are about sign-in use HTTP.
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { AdminRole, Database } from '../../db/schema'
import { hashPassword } from '../auth/password'
import { createSession } from '../auth/sessions'

export const TEST_PASSWORD = 'Talanoa&2026'
export const SEEDED_ADMIN = { email: 'admin@test.vitifarmers.org.fj', password: 'Test-Admin!2026' }

let cachedHash: Promise<string> | undefined

export async function createStaffUser(
  db: Kysely<Database>,
  options: { role: AdminRole; email?: string; name?: string; password?: string; mustChangePassword?: boolean },
) {
  const id = randomUUID()
  const password = options.password ?? TEST_PASSWORD
  // Hashing once for the shared test password keeps suites with many users fast.
  const passwordHash = options.password ? await hashPassword(password) : await (cachedHash ??= hashPassword(TEST_PASSWORD))
  const email = options.email ?? `${options.role}-${id.slice(0, 8)}@test.vitifarmers.org.fj`
  const now = new Date().toISOString()
  await db
    .insertInto('admin_users')
    .values({ id, name: options.name ?? `Test ${options.role}`, email, passwordHash, role: options.role, mustChangePassword: options.mustChangePassword ? 1 : 0, createdAt: now, updatedAt: now })
    .execute()
  return { id, email, password }
}

/** A fresh bearer token for a user, as sign-in would issue it. */
export async function tokenFor(db: Kysely<Database>, userId: string, options: { isRememberMe?: boolean; now?: Date } = {}) {
  const { token } = await createSession(db, userId, { isRememberMe: options.isRememberMe ?? false, now: options.now })
  return token
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

export async function seededAdminId(db: Kysely<Database>) {
  const row = await db.selectFrom('admin_users').select('id').where('email', '=', SEEDED_ADMIN.email).executeTakeFirstOrThrow()
  return row.id
}
