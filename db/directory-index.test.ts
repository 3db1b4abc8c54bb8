// Migration 0002: the farmer–city and farmer–produce pairs follow farmers.cities / farmers.produce
// through triggers (SQLite's, or PostgreSQL's plpgsql ones), whatever code writes the farmer, and
// are backfilled from existing rows.
import { Migrator } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrations } from './migrations/index'
import { createTestDatabaseOn, DIALECTS, type AnyTestDatabase } from './testing'

describe.each(DIALECTS)('on %s', (dialect) => {
  let t: AnyTestDatabase
  beforeAll(async () => {
    t = await createTestDatabaseOn(dialect)
  })
  afterAll(async () => {
    await t?.close()
  })

  const cities = (farmerId: string) =>
    t.db.selectFrom('farmer_cities').select(['city', 'cityKey', 'isActive', 'isPremium', 'name']).where('farmerId', '=', farmerId).orderBy('cityKey').execute()
  const produce = (farmerId: string) =>
    t.db.selectFrom('farmer_produce').select(['produce', 'produceKey']).where('farmerId', '=', farmerId).orderBy('produceKey').execute()
  const version = async () => (await t.db.selectFrom('directory_version').select('version').executeTakeFirstOrThrow()).version

  describe('farmer pairs kept by triggers', () => {
    it('insert: one pair per distinct name (its first spelling), keyed lower-case, with the listing columns copied', async () => {
      await t.db
        .insertInto('farmers')
        .values({ id: 'f1', name: 'Mere', phone: '1', isActive: 1, isPremium: 1, cities: '["Suva"," nadi ","SUVA","",7]', produce: '["Dalo (Taro)","Tomatoes"]' })
        .execute()
      expect(await cities('f1')).toEqual([
        { city: 'nadi', cityKey: 'nadi', isActive: 1, isPremium: 1, name: 'Mere' },
        { city: 'Suva', cityKey: 'suva', isActive: 1, isPremium: 1, name: 'Mere' },
      ])
      expect(await produce('f1')).toEqual([
        { produce: 'Dalo (Taro)', produceKey: 'dalo (taro)' },
        { produce: 'Tomatoes', produceKey: 'tomatoes' },
      ])
    })

    it('update of the lists replaces the pairs; update of name or flags follows into them', async () => {
      await t.db.updateTable('farmers').set({ cities: '["Lautoka"]', produce: '[]' }).where('id', '=', 'f1').execute()
      expect((await cities('f1')).map((c) => c.city)).toEqual(['Lautoka'])
      expect(await produce('f1')).toEqual([])
      await t.db.updateTable('farmers').set({ name: 'Mere K', isActive: 0, isPremium: 0 }).where('id', '=', 'f1').execute()
      expect(await cities('f1')).toEqual([{ city: 'Lautoka', cityKey: 'lautoka', isActive: 0, isPremium: 0, name: 'Mere K' }])
    })

    it('delete removes the pairs', async () => {
      await t.db.insertInto('farmers').values({ id: 'f2', name: 'Sai', phone: '2', cities: '["Ba"]', produce: '["Kava (Yaqona)"]' }).execute()
      await t.db.deleteFrom('farmers').where('id', '=', 'f2').execute()
      expect(await cities('f2')).toEqual([])
      expect(await produce('f2')).toEqual([])
    })

    it('every farmer, produce or location write moves the directory version on; a write of no rows does not', async () => {
      const before = await version()
      await t.db.updateTable('farmers').set({ updatedAt: new Date().toISOString() }).where('id', '=', 'f1').execute()
      await t.db.insertInto('locations').values({ name: 'Version Town' }).execute()
      await t.db.updateTable('produce').set({ isActive: 1 }).where('id', '=', -1).execute()
      expect(await version()).toBe(before + 2)
    })
  })

  describe('migration 0002 on an existing database', () => {
    it('backfills the pairs from the farmers already stored', async () => {
      const old = await createTestDatabaseOn(dialect, { migrate: false })
      try {
        const migrator = new Migrator({ db: old.db, provider: { getMigrations: async () => migrations } })
        expect((await migrator.migrateTo('0001-initial')).error).toBeUndefined()
        await old.db.insertInto('farmers').values({ id: 'old', name: 'Old', phone: '1', cities: '["Suva","Nadi","suva"]', produce: '["Eggs"]' }).execute()
        expect((await migrator.migrateToLatest()).error).toBeUndefined()
        const rows = await old.db.selectFrom('farmer_cities').select(['city', 'cityKey']).where('farmerId', '=', 'old').orderBy('cityKey').execute()
        expect(rows).toEqual([{ city: 'Nadi', cityKey: 'nadi' }, { city: 'Suva', cityKey: 'suva' }])
        expect(await old.db.selectFrom('farmer_produce').select('produceKey').execute()).toEqual([{ produceKey: 'eggs' }])
      } finally {
        await old.close()
      }
    })
  })
})
