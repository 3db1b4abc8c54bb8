// Test helpers for the public endpoints (tests only): farmers placed relative to today in Fiji,
// and a signed-in session for a role.
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database, NewFarmer } from '../../db/schema'
import { createSession } from '../auth/sessions'
import type { Role } from '../contract'
import { fijiDayBounds } from './public-listing'

/** Midnight (Fiji) `days` from today, as stored ISO text. */
export const fijiMidnight = (days: number, now = new Date()) => fijiDayBounds(now, days).start

type FarmerInput = Partial<Omit<NewFarmer, 'cities' | 'produce' | 'photoUrls'>> & {
  name: string
  cities?: string[]
  produce?: string[]
  photoUrls?: string[]
  /** Subscription as day offsets from today (Fiji); default -10 … +10. */
  from?: number
  to?: number
}

export async function insertFarmer(db: Kysely<Database>, input: FarmerInput): Promise<string> {
  const { from = -10, to = 10, cities = ['Suva'], produce = ['Tomatoes'], photoUrls = [], ...rest } = input
  const id = randomUUID()
  await db
    .insertInto('farmers')
    .values({
      id,
      phone: '+679 900 0000',
      isActive: 1,
      subscriptionStart: fijiMidnight(from),
      subscriptionEnd: fijiMidnight(to),
      ...rest,
      cities: JSON.stringify(cities),
      produce: JSON.stringify(produce),
      photoUrls: JSON.stringify(photoUrls),
    })
    .execute()
  return id
}

/** A user of `role` with a live session; answers the bearer header and the user. */
export async function signInAs(db: Kysely<Database>, role: Role, name = `Test ${role}`) {
  const id = randomUUID()
  await db
    .insertInto('admin_users')
    .values({ id, name, email: `${id}@test.vitifarmers.org.fj`, passwordHash: 'not-a-real-hash', role })
    .execute()
  const { token } = await createSession(db, id, { isRememberMe: false })
  return { user: { id, name }, headers: { authorization: `Bearer ${token}` } }
}
