// Who sent a farm review, as far as flood limits need: a keyed hash of the client address, never
// the address itself (a plain hash of an IPv4 address is undone by trying all four billion). The
// key is a random secret kept in the settings table, made by the reference seed at start-up (a database
// seeded before that gets it from the first server that needs it), so every server sharing the database
// derives the same senderKey for the same address.
import { createHmac, randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { FARM_REVIEW_SENDER_SECRET as SECRET_KEY } from '../../db/seed/reference-data'

let cached: { db: Kysely<Database>; secret: string } | undefined

async function senderSecret(db: Kysely<Database>): Promise<string> {
  if (cached?.db === db) return cached.secret
  const stored = await db.selectFrom('settings').select('value').where('key', '=', SECRET_KEY).executeTakeFirst()
  if (stored) {
    cached = { db, secret: stored.value }
    return stored.value
  }
  const now = new Date().toISOString()
  // Insert-if-absent, then read: two servers racing both end with the one stored secret.
  await db
    .insertInto('settings')
    .values({ key: SECRET_KEY, value: randomBytes(32).toString('base64url'), createdAt: now, updatedAt: now })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute()
  const row = await db.selectFrom('settings').select('value').where('key', '=', SECRET_KEY).executeTakeFirstOrThrow()
  cached = { db, secret: row.value }
  return row.value
}

/** 16 hex characters: enough to tell senders apart on the moderation screen, nothing more. */
export async function senderKeyOf(db: Kysely<Database>, address: string): Promise<string> {
  return createHmac('sha256', await senderSecret(db)).update(address).digest('hex').slice(0, 16)
}
