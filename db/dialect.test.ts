// The dialect seam gives the same answers on SQLite and PostgreSQL, so repositories written with
// it answer the same on both.
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dialectOf, isConstraintViolation, portable } from './dialect'
import { createTestDatabaseOn, DIALECTS, type AnyTestDatabase } from './testing'

describe.each(DIALECTS)('the dialect seam on %s', (dialect) => {
  let t: AnyTestDatabase
  beforeAll(async () => {
    t = await createTestDatabaseOn(dialect)
    await t.db
      .insertInto('farmers')
      .values([
        { id: 'f-a', name: 'alice', phone: '1', email: 'Alice@Example.com', cities: '["Suva","Nadi"]', produce: '["Dalo (Taro)","Ñame"]' },
        { id: 'f-b', name: 'Bula', phone: '2', email: null, cities: '["nadi"]', produce: '["Eggs", 3, "Kava (Yaqona)"]' },
        { id: 'f-c', name: 'Çava', phone: '3', email: null, cities: '[]', produce: '[]' },
        { id: 'f-d', name: 'Zed', phone: '4', email: null, cities: '["Ba"]', produce: '["100% \\"Organic\\" Tomatoes"]' },
      ])
      .execute()
  })
  afterAll(async () => {
    await t?.close()
  })

  it('knows its database, in a transaction too', async () => {
    expect(dialectOf(t.db)).toBe(dialect)
    await t.db.transaction().execute(async (trx) => expect(portable(trx).name).toBe(dialect))
  })

  it('now(): ISO text with milliseconds, between the times around it', async () => {
    const before = new Date().toISOString()
    const { rows } = await sql<{ now: string }>`select ${portable(t.db).now()} as now`.execute(t.db)
    const after = new Date().toISOString()
    expect(rows[0]?.now).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    expect(rows[0]!.now >= before.slice(0, 19) && rows[0]!.now <= after).toBe(true)
  })

  it('jsonListContains: exact, case-sensitive membership', async () => {
    const p = portable(t.db)
    const ids = async (value: string) =>
      (await t.db.selectFrom('farmers').select('id').where(p.jsonListContains('farmers.cities', value)).orderBy('id').execute()).map((r) => r.id)
    expect(await ids('Nadi')).toEqual(['f-a'])
    expect(await ids('nadi')).toEqual(['f-b'])
    expect(await ids('Lautoka')).toEqual([])
  })

  it('jsonListValues: the string elements with their positions, in list order, in correlated sub-queries', async () => {
    const p = portable(t.db)
    const { rows } = await sql<{ value: string; position: number }>`
      select v.value, v.position from ${p.jsonListValues(sql.lit('["Eggs", 3, "Kava (Yaqona)", "Ñame"]'), 'v')} order by v.position`.execute(t.db)
    expect(rows).toEqual([
      { value: 'Eggs', position: 0 },
      { value: 'Kava (Yaqona)', position: 2 },
      { value: 'Ñame', position: 3 },
    ])
    const second = await t.db
      .selectFrom('farmers as f')
      .select('f.id')
      .where(sql<boolean>`exists (select 1 from ${p.jsonListValues('f.produce', 'v')} where v.value = 'Ñame' and v.position = 1)`)
      .execute()
    expect(second).toEqual([{ id: 'f-a' }])
  })

  it('jsonListAgg: the same JSON text, byte for byte, escapes and non-ASCII included', async () => {
    const p = portable(t.db)
    const { rows } = await sql<{ id: string; list: string }>`
      select f.id, (select ${p.jsonListAgg('v.value', 'v.position')} from ${p.jsonListValues('f.produce', 'v')}) as list
      from farmers as f order by f.id`.execute(t.db)
    expect(rows).toEqual([
      { id: 'f-a', list: '["Dalo (Taro)","Ñame"]' },
      { id: 'f-b', list: '["Eggs","Kava (Yaqona)"]' },
      { id: 'f-c', list: '[]' },
      { id: 'f-d', list: '["100% \\"Organic\\" Tomatoes"]' },
    ])
  })

  it('caselessEquals and caselessLike fold ASCII case only, as SQLite does', async () => {
    const p = portable(t.db)
    const byEmail = await t.db.selectFrom('farmers').select('id').where(p.caselessEquals('email', 'alice@example.COM')).execute()
    expect(byEmail).toEqual([{ id: 'f-a' }])
    const like = async (pattern: string) =>
      (await t.db.selectFrom('farmers').select('id').where(p.caselessLike('name', pattern)).orderBy('id').execute()).map((r) => r.id)
    expect(await like('BU%')).toEqual(['f-b'])
    expect(await like('%A')).toEqual(['f-b', 'f-c'])
    expect(await like('çA%')).toEqual([])
    expect(await like('100\\%%')).toEqual([])
  })

  it('caselessOrder sorts ignoring ASCII case, non-ASCII after ASCII, by bytes', async () => {
    const p = portable(t.db)
    const rows = await t.db.selectFrom('farmers').select('name').orderBy(p.caselessOrder('name')).execute()
    expect(rows.map((r) => r.name)).toEqual(['alice', 'Bula', 'Zed', 'Çava'])
  })

  it('julianDay reads timestamps and bare dates as UTC', async () => {
    const p = portable(t.db)
    const { rows } = await sql<{ a: number; b: number }>`
      select ${p.julianDay(sql.lit('2026-06-30T12:00:00.000Z') as never)} as a, ${p.julianDay(sql.lit('2000-01-01') as never)} as b`.execute(t.db)
    expect(rows).toEqual([{ a: 2461222, b: 2451544.5 }])
  })

  it('tableChunks: pieces that together hold every row once (on SQLite a few rows each, on PostgreSQL one)', async () => {
    const chunks = await portable(t.db).tableChunks(t.db, 'farmers', 3)
    expect(chunks).toHaveLength(dialect === 'sqlite' ? 2 : 1)
    const ids: string[] = []
    for (const chunk of chunks) {
      const { rows } = await sql<{ id: string }>`select id from farmers where ${chunk}`.execute(t.db)
      expect(rows.length).toBeLessThanOrEqual(3 * (dialect === 'sqlite' ? 1 : 2))
      ids.push(...rows.map((r) => r.id))
    }
    expect(ids.sort()).toEqual(['f-a', 'f-b', 'f-c', 'f-d'])
  })

  it('tableChunks under an alias, in a query joining the table', async () => {
    const ids: string[] = []
    for (const chunk of await portable(t.db).tableChunks(t.db, 'farmers', 3, 'f')) {
      const { rows } = await sql<{ id: string }>`select f.id from farmers as f join farmers as g on g.id = f.id where ${chunk}`.execute(t.db)
      ids.push(...rows.map((r) => r.id))
    }
    expect(ids.sort()).toEqual(['f-a', 'f-b', 'f-c', 'f-d'])
  })

  it('epochMs: whole milliseconds of instants, offsets and bare dates; yearMonthOfDayNumber names the civil month', async () => {
    const p = portable(t.db)
    const { rows } = await sql<{ a: number | string; b: number | string; c: number | string; d: string; e: string }>`
      select ${p.epochMs(sql.lit('2026-06-30T12:00:00.123Z') as never)} as a, ${p.epochMs(sql.lit('2000-01-01') as never)} as b,
        ${p.epochMs(sql.lit('2026-03-01T00:00:00+12:00') as never)} as c,
        ${p.yearMonthOfDayNumber(sql.lit(2440588) as never)} as d, ${p.yearMonthOfDayNumber(sql.lit(2461131) as never)} as e`.execute(t.db)
    const row = rows[0]!
    expect([Number(row.a), Number(row.b), Number(row.c)]).toEqual([Date.parse('2026-06-30T12:00:00.123Z'), Date.parse('2000-01-01'), Date.parse('2026-03-01T00:00:00+12:00')])
    // 2461131 is 31 March 2026.
    expect([row.d, row.e]).toEqual(['1970-01', '2026-03'])
  })

  it('containsText finds a plain substring, case-sensitive, % and _ taken literally', async () => {
    const p = portable(t.db)
    const { rows } = await sql<{ a: number; b: number; c: number; d: number }>`
      select ${p.containsText(sql.lit('Kava (Yaqona) 100%'), 'Yaq')} as a, ${p.containsText(sql.lit('Kava (Yaqona)'), 'yaq')} as b,
        ${p.containsText(sql.lit('Kava (Yaqona) 100%'), '0%')} as c, ${p.containsText(sql.lit('Kava'), 'K_va')} as d`.execute(t.db)
    expect(rows[0]).toEqual({ a: 1, b: 0, c: 1, d: 0 })
  })

  it('indexedBy names an index on SQLite and leaves the choice to the planner on PostgreSQL', async () => {
    const p = portable(t.db)
    const { rows } = await sql<{ id: string }>`select f.id from farmers as f ${p.indexedBy('farmers_order_idx')} order by f."isPremium" desc, ${p.caselessOrder('f.name')}, f.id`.execute(t.db)
    expect(rows.map((r) => r.id)).toEqual(['f-a', 'f-b', 'f-d', 'f-c'])
  })

  it('caselessSame compares two columns ignoring ASCII case only', async () => {
    const p = portable(t.db)
    const { rows } = await sql<{ id: string }>`select a.id from farmers as a join farmers as b on b.id = 'f-a' where ${p.caselessSame('a.email', sql.lit('alice@EXAMPLE.com'))} and ${p.caselessSame('a.email', 'b.email')}`.execute(t.db)
    expect(rows.map((r) => r.id)).toEqual(['f-a'])
    const { rows: none } = await sql<{ n: number }>`select count(*) as n from farmers as a where ${p.caselessSame('a.name', sql.lit('çAVA'))}`.execute(t.db)
    expect(none[0]?.n).toBe(0)
  })

  it('upserts and duplicate-ignoring inserts are plain kysely on both', async () => {
    await t.db.insertInto('settings').values({ key: 'dailyRate', value: '2.5' }).onConflict((oc) => oc.column('key').doUpdateSet({ value: '3' })).execute()
    await t.db.insertInto('settings').values({ key: 'dailyRate', value: '2.5' }).onConflict((oc) => oc.column('key').doUpdateSet({ value: '3' })).execute()
    await t.db.insertInto('settings').values({ key: 'dailyRate', value: '9' }).onConflict((oc) => oc.doNothing()).execute()
    expect(await t.db.selectFrom('settings').select('value').where('key', '=', 'dailyRate').execute()).toEqual([{ value: '3' }])
  })

  it('isConstraintViolation names the constraint that refused a write', async () => {
    const error = await t.db.insertInto('locations').values([{ name: 'Rewa' }, { name: 'REWA' }]).execute().catch((e: unknown) => e)
    expect(isConstraintViolation(error, 'unique')).toBe(true)
    expect(isConstraintViolation(error, 'check')).toBe(false)
    const missing = await t.db.insertInto('farmers').values({ id: 'x', name: null as never, phone: '1' }).execute().catch((e: unknown) => e)
    expect(isConstraintViolation(missing, 'notNull')).toBe(true)
  })
})
