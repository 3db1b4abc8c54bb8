// Migration 0002: the farmer–city and farmer–produce pairs follow farmers.cities / farmers.produce
// through SQLite triggers, whatever code writes the farmer, and are backfilled from existing rows.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Migrator } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from './connection'
import { migrations } from './migrations/index'
import { createTestDatabase, type TestDatabase } from './testing'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestDatabase()
})
afterAll(() => t.close())

const cities = (farmerId: string) =>
  t.sqlite.prepare('select city, cityKey, isActive, isPremium, name from farmer_cities where farmerId = ? order by cityKey').all(farmerId) as { city: string }[]
const produce = (farmerId: string) =>
  t.sqlite.prepare('select produce, produceKey from farmer_produce where farmerId = ? order by produceKey').all(farmerId)
const version = () => (t.sqlite.prepare('select version from directory_version').get() as { version: number }).version

describe('farmer pairs kept by triggers', () => {
  it('insert: one pair per distinct name, keyed lower-case, with the listing columns copied', async () => {
    await t.db
      .insertInto('farmers')
      .values({ id: 'f1', name: 'Mere', phone: '1', isActive: 1, isPremium: 1, cities: '["Suva"," nadi ","SUVA",""]', produce: '["Dalo (Taro)","Tomatoes"]' })
      .execute()
    expect(cities('f1')).toEqual([
      { city: 'nadi', cityKey: 'nadi', isActive: 1, isPremium: 1, name: 'Mere' },
      { city: 'Suva', cityKey: 'suva', isActive: 1, isPremium: 1, name: 'Mere' },
    ])
    expect(produce('f1')).toEqual([
      { produce: 'Dalo (Taro)', produceKey: 'dalo (taro)' },
      { produce: 'Tomatoes', produceKey: 'tomatoes' },
    ])
  })

  it('update of the lists replaces the pairs; update of name or flags follows into them', async () => {
    await t.db.updateTable('farmers').set({ cities: '["Lautoka"]', produce: '[]' }).where('id', '=', 'f1').execute()
    expect(cities('f1').map((c) => c.city)).toEqual(['Lautoka'])
    expect(produce('f1')).toEqual([])
    await t.db.updateTable('farmers').set({ name: 'Mere K', isActive: 0, isPremium: 0 }).where('id', '=', 'f1').execute()
    expect(cities('f1')).toEqual([{ city: 'Lautoka', cityKey: 'lautoka', isActive: 0, isPremium: 0, name: 'Mere K' }])
  })

  it('delete removes the pairs', async () => {
    await t.db.insertInto('farmers').values({ id: 'f2', name: 'Sai', phone: '2', cities: '["Ba"]', produce: '["Kava (Yaqona)"]' }).execute()
    await t.db.deleteFrom('farmers').where('id', '=', 'f2').execute()
    expect(cities('f2')).toEqual([])
    expect(produce('f2')).toEqual([])
  })

  it('every farmer, produce or location write moves the directory version on', async () => {
    const before = version()
    await t.db.updateTable('farmers').set({ updatedAt: new Date().toISOString() }).where('id', '=', 'f1').execute()
    await t.db.insertInto('locations').values({ name: 'Version Town' }).execute()
    await t.db.updateTable('produce').set({ isActive: 1 }).where('id', '=', -1).execute()
    expect(version()).toBe(before + 2)
  })
})

describe('migration 0002 on an existing database', () => {
  it('backfills the pairs from the farmers already stored', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vf-backfill-'))
    const handle = openDatabase({ file: path.join(dataDir, 'db.sqlite') })
    try {
      const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } })
      expect((await migrator.migrateTo('0001-initial')).error).toBeUndefined()
      await handle.db.insertInto('farmers').values({ id: 'old', name: 'Old', phone: '1', cities: '["Suva","Nadi"]', produce: '["Eggs"]' }).execute()
      expect((await migrator.migrateToLatest()).error).toBeUndefined()
      const rows = handle.sqlite.prepare('select cityKey from farmer_cities where farmerId = ? order by cityKey').all('old')
      expect(rows).toEqual([{ cityKey: 'nadi' }, { cityKey: 'suva' }])
      expect(handle.sqlite.prepare('select produceKey from farmer_produce').all()).toEqual([{ produceKey: 'eggs' }])
    } finally {
      await handle.close()
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
