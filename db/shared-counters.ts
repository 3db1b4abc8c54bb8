// Counters several servers must agree on (issue 18, decision 025): the sign-in lockout's failures
// per (e-mail, address) and express-rate-limit's hits per (limiter, key), as rows of migration 0007.
// Every change is one atomic statement (an upsert with RETURNING, or a conditional update), never a
// read and then a write: two servers counting at once never lose a count. Times are ISO text from
// the caller's clock (decision 021's form), so they compare as text on both databases.
import { sql, type Kysely } from 'kysely'
import type { Database } from './schema'

const iso = (ms: number) => new Date(ms).toISOString()

export interface LoginFailureRule {
  /** A failure this long after the window opened starts a new window; a lock lasts as long. */
  windowMs: number
  /** The failure that reaches this count locks the pair, and the count starts again from 0. */
  maxFailures: number
}

/** Counts one failure; true when this very failure locked the pair (only one caller ever sees it). */
export async function countLoginFailure(db: Kysely<Database>, email: string, address: string, rule: LoginFailureRule, at = new Date()): Promise<boolean> {
  const now = iso(at.getTime())
  const lockedUntil = iso(at.getTime() + rule.windowMs)
  const windowOver = sql<boolean>`login_failures."windowStart" <= cast(${iso(at.getTime() - rule.windowMs)} as text)`
  const reachesMax = sql<boolean>`login_failures."failedCount" + 1 >= cast(${rule.maxFailures} as integer)`
  const row = await db
    .insertInto('login_failures')
    .values({ email, address, failedCount: 1, windowStart: now, lockedUntil: null })
    .onConflict((oc) =>
      oc.columns(['email', 'address']).doUpdateSet({
        failedCount: sql`case when ${windowOver} then 1 when ${reachesMax} then 0 else login_failures."failedCount" + 1 end`,
        windowStart: sql`case when ${windowOver} or ${reachesMax} then cast(${now} as text) else login_failures."windowStart" end`,
        lockedUntil: sql`case when not (${windowOver}) and ${reachesMax} then cast(${lockedUntil} as text) else login_failures."lockedUntil" end`,
      }),
    )
    .returning(['failedCount', 'lockedUntil'])
    .executeTakeFirstOrThrow()
  return row.failedCount === 0 && row.lockedUntil === lockedUntil
}

/** When the pair's lock ends (ms since the epoch), or 0 when it has none. */
export async function loginLockedUntil(db: Kysely<Database>, email: string, address: string): Promise<number> {
  const row = await db.selectFrom('login_failures').select('lockedUntil').where('email', '=', email).where('address', '=', address).executeTakeFirst()
  return row?.lockedUntil ? Date.parse(row.lockedUntil) : 0
}

/** Forgets one pair's failures and lock, or (no address) every address's for the e-mail. */
export async function clearLoginFailures(db: Kysely<Database>, email: string, address?: string): Promise<void> {
  let query = db.deleteFrom('login_failures').where('email', '=', email)
  if (address !== undefined) query = query.where('address', '=', address)
  await query.execute()
}

/** Deletes pairs whose window and lock have both ended; answers how many. */
export async function purgeEndedLoginFailures(db: Kysely<Database>, windowMs: number, at = new Date()): Promise<number> {
  const { numDeletedRows } = await db
    .deleteFrom('login_failures')
    .where('windowStart', '<=', iso(at.getTime() - windowMs))
    .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<=', at.toISOString())]))
    .executeTakeFirst()
  return Number(numDeletedRows)
}

export interface RateLimitHits {
  hits: number
  resetAt: Date
}

/** One more hit for `key` of limiter `name`; a window that has ended starts again at 1. */
export async function countRateLimitHit(db: Kysely<Database>, name: string, key: string, windowMs: number, at = new Date()): Promise<RateLimitHits> {
  const now = iso(at.getTime())
  const ended = sql<boolean>`rate_limit_hits."resetAt" <= cast(${now} as text)`
  const row = await db
    .insertInto('rate_limit_hits')
    .values({ name, key, hits: 1, resetAt: iso(at.getTime() + windowMs) })
    .onConflict((oc) =>
      oc.columns(['name', 'key']).doUpdateSet((eb) => ({
        hits: sql`case when ${ended} then 1 else rate_limit_hits."hits" + 1 end`,
        resetAt: sql`case when ${ended} then ${eb.ref('excluded.resetAt')} else rate_limit_hits."resetAt" end`,
      })),
    )
    .returning(['hits', 'resetAt'])
    .executeTakeFirstOrThrow()
  return { hits: row.hits, resetAt: new Date(row.resetAt) }
}

/** Gives `count` hits back (refunded requests), within the window they were counted in; never below 0. */
export async function giveBackRateLimitHit(db: Kysely<Database>, name: string, key: string, at = new Date(), count = 1): Promise<void> {
  await db
    .updateTable('rate_limit_hits')
    .set({ hits: sql`case when "hits" > ${count} then "hits" - ${count} else 0 end` })
    .where('name', '=', name)
    .where('key', '=', key)
    .where('resetAt', '>', iso(at.getTime()))
    .execute()
}

/** The hits of a window still running, if any. */
export async function readRateLimitHits(db: Kysely<Database>, name: string, key: string, at = new Date()): Promise<RateLimitHits | undefined> {
  const row = await db
    .selectFrom('rate_limit_hits')
    .select(['hits', 'resetAt'])
    .where('name', '=', name)
    .where('key', '=', key)
    .where('resetAt', '>', iso(at.getTime()))
    .executeTakeFirst()
  return row && { hits: row.hits, resetAt: new Date(row.resetAt) }
}

/** Forgets one key's hits, or (no key) every key's of the limiter. */
export async function resetRateLimitHits(db: Kysely<Database>, name: string, key?: string): Promise<void> {
  let query = db.deleteFrom('rate_limit_hits').where('name', '=', name)
  if (key !== undefined) query = query.where('key', '=', key)
  await query.execute()
}

/** Deletes windows that have ended; answers how many. */
export async function purgeEndedRateLimitHits(db: Kysely<Database>, at = new Date()): Promise<number> {
  const { numDeletedRows } = await db.deleteFrom('rate_limit_hits').where('resetAt', '<=', iso(at.getTime())).executeTakeFirst()
  return Number(numDeletedRows)
}
