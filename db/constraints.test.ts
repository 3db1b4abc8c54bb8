// The database's own guards, on both databases: the same writes are refused (with the same kind of
// constraint error, as isConstraintViolation reads it) and the same deletes cascade.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isConstraintViolation } from './dialect'
import type { NewFarmer } from './schema'
import { createTestDatabaseOn, DIALECTS, type AnyTestDatabase } from './testing'

type Kind = Parameters<typeof isConstraintViolation>[1]

/** The write is refused by a constraint of this kind. */
async function refused(write: Promise<unknown>, kind: Kind): Promise<void> {
  const error = await write.then(() => undefined, (e: unknown) => e)
  expect(error, `the write went through; expected a ${kind} violation`).toBeDefined()
  expect(isConstraintViolation(error, kind), String(error)).toBe(true)
}

describe.each(DIALECTS)('%s', (dialect) => {
  let t: AnyTestDatabase
  beforeAll(async () => {
    t = await createTestDatabaseOn(dialect)
  })
  afterAll(async () => {
    await t?.close()
  })

  const farmer = (over: Partial<NewFarmer> = {}): NewFarmer => ({
    id: randomUUID(),
    name: 'Josaia',
    phone: '+679 912 3456',
    ...over,
  })

  const admin = (email: string) => ({ id: randomUUID(), name: 'Staff', email, passwordHash: 'x' })

  describe('unique names and e-mails', () => {
    it('reject a second location, produce or category with the same name in any case', async () => {
      await t.db.insertInto('locations').values({ name: 'Suva' }).execute()
      await refused(t.db.insertInto('locations').values({ name: 'suva' }).execute(), 'unique')
      await t.db.insertInto('produce').values({ name: 'Dalo (Taro)' }).execute()
      await refused(t.db.insertInto('produce').values({ name: 'DALO (TARO)' }).execute(), 'unique')
      await t.db.insertInto('produce_categories').values({ name: 'Fruit' }).execute()
      await refused(t.db.insertInto('produce_categories').values({ name: 'fruit' }).execute(), 'unique')
    })

    it('give produce the category Other when none is set', async () => {
      await t.db.insertInto('produce').values({ name: 'Duruka' }).execute()
      const row = await t.db.selectFrom('produce').select('category').where('name', '=', 'Duruka').executeTakeFirstOrThrow()
      expect(row.category).toBe('Other')
    })

    it('reject a second farmer with the same e-mail, but allow many without one', async () => {
      await t.db.insertInto('farmers').values(farmer({ email: 'mere@example.com' })).execute()
      await refused(t.db.insertInto('farmers').values(farmer({ email: 'Mere@Example.com' })).execute(), 'unique')
      await t.db.insertInto('farmers').values([farmer({ email: null }), farmer({ email: null })]).execute()
      await refused(t.db.insertInto('farmers').values(farmer({ email: '' })).execute(), 'check')
    })

    it('reject an admin e-mail that is not lower-cased, and a duplicate one', async () => {
      await refused(t.db.insertInto('admin_users').values(admin('Boss@vf.fj')).execute(), 'check')
      await t.db.insertInto('admin_users').values(admin('boss@vf.fj')).execute()
      await refused(t.db.insertInto('admin_users').values(admin('boss@vf.fj')).execute(), 'unique')
    })
  })

  describe('checks', () => {
    it('keep ratings between 1 and 5', async () => {
      const f = farmer()
      await t.db.insertInto('farmers').values(f).execute()
      await refused(t.db.insertInto('farm_reviews').values({ id: randomUUID(), farmId: f.id, rating: 6, comment: 'x' }).execute(), 'check')
      await refused(t.db.insertInto('platform_reviews').values({ id: randomUUID(), rating: 0, comment: 'too low here' }).execute(), 'check')
    })

    it('refuse a list column that is not a JSON array', async () => {
      await refused(t.db.insertInto('farmers').values(farmer({ cities: 'Suva' })).execute(), 'check')
      await refused(t.db.insertInto('farmers').values(farmer({ produce: '{"a":1}' })).execute(), 'check')
      await refused(t.db.insertInto('farmers').values(farmer({ photoUrls: '["unclosed"' })).execute(), 'check')
    })

    it('fold ASCII case only in unique names, as SQLite NOCASE does', async () => {
      await t.db.insertInto('locations').values({ name: 'Ñadi' }).execute()
      await t.db.insertInto('locations').values({ name: 'ñadi' }).execute()
      await refused(t.db.insertInto('locations').values({ name: 'ñADI' }).execute(), 'unique')
    })

    it('refuse a review of a farmer that does not exist', async () => {
      await refused(t.db.insertInto('farm_reviews').values({ id: randomUUID(), farmId: 'nobody', rating: 3, comment: 'x' }).execute(), 'foreignKey')
    })

    it('refuse an unknown role or status', async () => {
      await refused(t.db.insertInto('admin_users').values({ ...admin('x@vf.fj'), role: 'owner' as never }).execute(), 'check')
    })
  })

  describe('deletes', () => {
    it('of a farmer remove its farm reviews and payments, and unlink its signup', async () => {
      const f = farmer()
      await t.db.insertInto('farmers').values(f).execute()
      await t.db.insertInto('farm_reviews').values({ id: randomUUID(), farmId: f.id, rating: 5, comment: 'Vinaka' }).execute()
      await t.db
        .insertInto('farmer_payments')
        .values({ id: randomUUID(), farmerId: f.id, farmerName: f.name, farmerPhone: f.phone })
        .execute()
      const signupId = randomUUID()
      await t.db
        .insertInto('farmer_signups')
        .values({ id: signupId, name: f.name, phone: f.phone, subscriptionStart: 'a', subscriptionEnd: 'b', farmerId: f.id })
        .execute()

      await t.db.deleteFrom('farmers').where('id', '=', f.id).execute()

      const reviews = await t.db.selectFrom('farm_reviews').select('id').where('farmId', '=', f.id).execute()
      const payments = await t.db.selectFrom('farmer_payments').select('id').where('farmerId', '=', f.id).execute()
      const signup = await t.db.selectFrom('farmer_signups').select('farmerId').where('id', '=', signupId).executeTakeFirst()
      expect(reviews).toEqual([])
      expect(payments).toEqual([])
      expect(signup).toEqual({ farmerId: null })
    })

    it('of an admin user remove its sessions and audit logs, and keep its signups', async () => {
      const user = admin('agent@vf.fj')
      await t.db.insertInto('admin_users').values({ ...user, role: 'data_agent' }).execute()
      await t.db
        .insertInto('sessions')
        .values({ id: 'hash-1', userId: user.id, expiresAt: new Date(Date.now() + 86_400_000).toISOString() })
        .execute()
      await t.db.insertInto('audit_logs').values({ userId: user.id, action: 'login' }).execute()
      const signupId = randomUUID()
      await t.db
        .insertInto('farmer_signups')
        .values({
          id: signupId, name: 'Vika', phone: '+679 900 1111', subscriptionStart: 'a', subscriptionEnd: 'b',
          dataAgentId: user.id, dataAgentName: user.name,
        })
        .execute()

      await t.db.deleteFrom('admin_users').where('id', '=', user.id).execute()

      expect(await t.db.selectFrom('sessions').select('id').where('userId', '=', user.id).execute()).toEqual([])
      expect(await t.db.selectFrom('audit_logs').select('id').where('userId', '=', user.id).execute()).toEqual([])
      const signup = await t.db
        .selectFrom('farmer_signups')
        .select(['dataAgentId', 'dataAgentName'])
        .where('id', '=', signupId)
        .executeTakeFirst()
      expect(signup).toEqual({ dataAgentId: null, dataAgentName: 'Staff' })
    })
  })

  describe('idempotency keys', () => {
    it('are unique per scope and key', async () => {
      const row = { scope: 'signup', key: 'k1', fingerprint: 'f', status: 'processing' as const, lockToken: 'l' }
      await t.db.insertInto('idempotency_keys').values(row).execute()
      await t.db.insertInto('idempotency_keys').values({ ...row, scope: 'review' }).execute()
      await refused(t.db.insertInto('idempotency_keys').values(row).execute(), 'unique')
    })
  })
})
