// The first global admin, so a fresh install can be signed into at all.
import { randomInt, randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../schema'

export const DEFAULT_ADMIN_EMAIL = 'admin@vitifarmers.org.fj'

/** Spec 001 §5 password rule (the API adds the common-password check on top). */
export const PASSWORD_RULE = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&]).{8,}$/

const LOWER = 'abcdefghijkmnpqrstuvwxyz'
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ'
const DIGITS = '23456789'
const SPECIAL = '@$!%*?&'

/** CSPRNG password that always passes PASSWORD_RULE; look-alike characters left out so it can be typed from a terminal. */
export function generatePassword(length = 20): string {
  const pick = (set: string) => set.charAt(randomInt(set.length))
  const all = LOWER + UPPER + DIGITS + SPECIAL
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SPECIAL)]
  while (chars.length < length) chars.push(pick(all))
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1)
    ;[chars[i], chars[j]] = [chars[j] as string, chars[i] as string]
  }
  return chars.join('')
}

export interface CreatedAdmin {
  email: string
  generatedPassword?: string
}

export async function ensureGlobalAdmin(
  db: Kysely<Database>,
  admin: { email?: string; password?: string },
  hashPassword: (plain: string) => Promise<string>,
  nowIso: string,
): Promise<CreatedAdmin | undefined> {
  if (await hasGlobalAdmin(db)) return undefined

  const email = (admin.email?.trim() || DEFAULT_ADMIN_EMAIL).toLowerCase()
  const given = admin.password || undefined
  if (given !== undefined && !PASSWORD_RULE.test(given)) {
    throw new Error(
      'ADMIN_PASSWORD must be at least 8 characters with a lowercase letter, an uppercase letter, a number and one of @$!%*?&',
    )
  }
  const password = given ?? generatePassword()
  const passwordHash = await hashPassword(password)

  return db.transaction().execute(async (trx) => {
    if (await hasGlobalAdmin(trx)) return undefined
    const clash = await trx.selectFrom('admin_users').select('role').where('email', '=', email).executeTakeFirst()
    if (clash) {
      throw new Error(`Cannot create the first global admin: ${email} already exists as ${clash.role}`)
    }
    await trx
      .insertInto('admin_users')
      .values({
        id: randomUUID(),
        name: 'Administrator',
        email,
        passwordHash,
        role: 'global_admin',
        // A printed password has been seen in a log; an operator-chosen one has not.
        mustChangePassword: given === undefined ? 1 : 0,
        createdAt: nowIso,
        updatedAt: nowIso,
      })
      .execute()
    return given === undefined ? { email, generatedPassword: password } : { email }
  })
}

async function hasGlobalAdmin(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('admin_users').select('id').where('role', '=', 'global_admin').executeTakeFirst()
  return row !== undefined
}
