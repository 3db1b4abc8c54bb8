// Migration 0006 on both databases: demo rows the seed wrote before it get isDemo = 1 (recognised
// by what only the seed writes); real rows, even ones about a demo farm sent through the API, stay 0.
import { randomUUID } from 'node:crypto'
import { Migrator, type Kysely } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { createTestDatabaseOn, DIALECTS, type AnyTestDatabase } from '../testing'
import { migrateToLatest } from '../migrate'
import { migrations } from './index'

const DOMAIN = 'demo.vitifarmers.org.fj'

describe.each(DIALECTS)('0006-demo-marks on %s', (dialect) => {
  let t: AnyTestDatabase
  afterEach(async () => {
    await t.close()
  })

  it('marks the seed\'s earlier demo rows and leaves real ones unmarked', async () => {
    t = await createTestDatabaseOn(dialect, { migrate: false })
    const names = Object.keys(migrations).filter((name) => name < '0006')
    const before = new Migrator({ db: t.db, provider: { getMigrations: async () => Object.fromEntries(names.map((n) => [n, migrations[n]!])) }, allowUnorderedMigrations: true })
    expect((await before.migrateToLatest()).error).toBeUndefined()

    const demoFarm = randomUUID()
    const realFarm = randomUUID()
    await t.db.insertInto('farmers').values([
      { id: demoFarm, name: 'Josaia Tuilevu', phone: '+679 010 1000', email: `josaia.tuilevu@${DOMAIN}`, comments: '[Demo] Sample listing', isDemo: 1 },
      { id: realFarm, name: 'Real Grower', phone: '+679 912 3456', email: null, comments: null, isDemo: 0 },
    ]).execute()
    // The isDemo columns are not there yet: these inserts name only older ones, untyped.
    const raw = t.db as unknown as Kysely<Record<string, Record<string, unknown>>>
    await raw.insertInto('farmer_payments').values([
      { id: 'p-demo', farmerId: demoFarm, farmerName: 'Josaia Tuilevu', farmerPhone: '+679 010 1000' },
      { id: 'p-real', farmerId: realFarm, farmerName: 'Real Grower', farmerPhone: '+679 912 3456' },
    ]).execute()
    const signup = (id: string, email: string | null, comments: string | null, farmerId: string | null) => ({
      id, name: id, phone: '+679 912 0000', email, comments, farmerId, subscriptionStart: '2026-01-01', subscriptionEnd: '2026-04-01',
    })
    await raw.insertInto('farmer_signups').values([
      signup('s-demo-approved', `josaia.tuilevu@${DOMAIN}`, '[Demo] Approved application.', demoFarm),
      signup('s-demo-pending', `jiosefa.qalo@${DOMAIN}`, '[Demo] Sample application.', null),
      signup('s-real', 'grower@example.fj', 'Please list me', null),
    ]).execute()
    await raw.insertInto('platform_reviews').values([
      { id: 'r-demo', userName: 'Ana L.', userEmail: `reviewer1@${DOMAIN}`, rating: 5, comment: 'Found a dalo farmer', status: 'approved' },
      { id: 'r-real', userName: 'Mere', userEmail: 'mere@example.fj', rating: 4, comment: 'A real review', status: 'approved' },
    ]).execute()
    await raw.insertInto('subject_matter_experts').values([
      { id: 'e-demo', name: 'Kalesi Vatunitu', contactNumber: '+679 010 1050', email: `kalesi.vatunitu@${DOMAIN}`, comments: '[Demo] Soil testing' },
      { id: 'e-real', name: 'Real Expert', contactNumber: '+679 912 1111', email: 'expert@example.fj', comments: '[Demo] in a real note' },
    ]).execute()
    await raw.insertInto('farm_reviews').values([
      { id: 'f-demo', farmId: demoFarm, rating: 5, comment: 'Big clean dalo' },
      { id: 'f-sent', farmId: demoFarm, rating: 4, comment: 'Sent through the site', senderKey: 'k1', reviewDay: '2026-01-01' },
      { id: 'f-real', farmId: realFarm, rating: 3, comment: 'Real farm review' },
    ]).execute()

    expect((await migrateToLatest(t.db))[0]).toBe('0006-demo-marks')

    const marks = async (table: 'farmer_payments' | 'farmer_signups' | 'platform_reviews' | 'subject_matter_experts' | 'farm_reviews') =>
      Object.fromEntries((await t.db.selectFrom(table).select(['id', 'isDemo']).execute()).map((r) => [r.id, r.isDemo]))
    expect(await marks('farmer_payments')).toEqual({ 'p-demo': 1, 'p-real': 0 })
    expect(await marks('farmer_signups')).toEqual({ 's-demo-approved': 1, 's-demo-pending': 1, 's-real': 0 })
    expect(await marks('platform_reviews')).toEqual({ 'r-demo': 1, 'r-real': 0 })
    expect(await marks('subject_matter_experts')).toEqual({ 'e-demo': 1, 'e-real': 0 })
    expect(await marks('farm_reviews')).toEqual({ 'f-demo': 1, 'f-sent': 0, 'f-real': 0 })

    // New rows are real unless the seed says otherwise; the database refuses anything but 0 or 1.
    await t.db.insertInto('platform_reviews').values({ id: 'r-new', rating: 5, comment: 'Written after 0006' }).execute()
    expect((await marks('platform_reviews'))['r-new']).toBe(0)
    await expect(t.db.updateTable('platform_reviews').set({ isDemo: 2 as 1 }).where('id', '=', 'r-new').execute()).rejects.toThrow()
  })
})
