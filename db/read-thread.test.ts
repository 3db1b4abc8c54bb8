// The read thread (decision 030): the same rows as the main connection, at once after a write,
// never a write; a query error is the caller's; a dead worker's queries run on the main connection.
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseFile, openDatabase, type SqliteHandle } from './connection'
import { openReadThread } from './read-thread'
import type { Database } from './schema'
import { createTestDatabase, createTestDatabaseOn, DIALECTS, type AnyTestDatabase, type TestDatabase } from './testing'

const farmer = (id: string, name: string) => ({
  id,
  name,
  phone: '+679 900 0000',
  cities: JSON.stringify(['Suva', 'Nadi']),
  produce: JSON.stringify(['Dalo (Taro)']),
  photoUrls: '[]',
  subscriptionStart: '2026-01-01T00:00:00.000Z',
  subscriptionEnd: '2026-12-31T00:00:00.000Z',
})

const someReads = (db: SqliteHandle['db']) =>
  Promise.all([
    db.selectFrom('farmers').select(['id', 'name', 'cities', 'email', 'isPremium']).orderBy('id').execute(),
    sql<{ n: number; names: string | null }>`select count(*) as "n", max(name) as "names" from farmers`.execute(db).then((r) => r.rows),
    db.selectFrom('produce').selectAll().orderBy('id').execute(),
  ])

describe.each(DIALECTS)('readDb on %s', (dialect) => {
  let t: AnyTestDatabase
  beforeAll(async () => {
    t = await createTestDatabaseOn(dialect)
    await t.db.insertInto('farmers').values([farmer('a1', 'Ana'), farmer('b2', 'Bale')]).execute()
  })
  afterAll(() => t?.close())

  it('answers what the main connection answers', async () => {
    expect(await someReads(t.readDb)).toEqual(await someReads(t.db))
  })
})

describe('the read thread on SQLite', () => {
  let t: TestDatabase
  let handle: SqliteHandle
  beforeAll(async () => {
    t = await createTestDatabase()
    await t.db.insertInto('farmers').values([farmer('a1', 'Ana'), farmer('b2', 'Bale')]).execute()
    // The server's way: a second handle on the same file with its reads in a worker.
    handle = openDatabase({ file: databaseFile(t.dataDir), readThread: true })
  })
  afterAll(async () => {
    await handle?.close()
    await t?.close()
  })

  it('runs in a worker and gives the same rows as the main connection, nulls, numbers and JSON text alike', async () => {
    expect(handle.readThread?.isRunning).toBe(true)
    expect(await someReads(handle.readDb)).toEqual(await someReads(t.db))
  })

  it('sees a write committed on the main connection at once', async () => {
    await t.db.insertInto('farmers').values(farmer('c3', 'Cama')).execute()
    const names = await handle.readDb.selectFrom('farmers').select('name').orderBy('name').execute()
    expect(names.map((r) => r.name)).toEqual(['Ana', 'Bale', 'Cama'])
  })

  it('refuses a write and changes nothing', async () => {
    await expect(handle.readDb.deleteFrom('farmers').execute()).rejects.toThrow('The read thread runs only queries that read')
    await expect(sql`insert into locations (name) values ('Levuka')`.execute(handle.readDb)).rejects.toThrow()
    await expect(handle.readDb.transaction().execute(async () => {})).rejects.toThrow('runs no transactions')
    expect(await t.db.selectFrom('farmers').select('id').execute()).toHaveLength(3)
    expect(await t.db.selectFrom('locations').select('id').where('name', '=', 'Levuka').execute()).toEqual([])
  })

  it("rejects a bad query with SQLite's message and code, and keeps serving", async () => {
    const error = await sql`select nope from farmers`.execute(handle.readDb).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Error)
    expect(error).toMatchObject({ message: 'no such column: nope', code: 'SQLITE_ERROR' })
    expect(handle.readThread?.isRunning).toBe(true)
    expect(await handle.readDb.selectFrom('farmers').select('id').execute()).toHaveLength(3)
  })
})

describe('a read thread that dies', () => {
  let t: TestDatabase
  beforeAll(async () => {
    t = await createTestDatabase()
    await t.db.insertInto('farmers').values(farmer('a1', 'Ana')).execute()
  })
  afterAll(() => t?.close())

  const crashing = (onWorkerExit: (error: unknown) => void) =>
    openReadThread<Database>(databaseFile(t.dataDir), { fallback: t.db, onWorkerExit, workerUrl: new URL('./read-thread.fixture.mjs', import.meta.url), workerData: { mode: 'crash' } })

  it('answers the queries it held from the main connection, says so, and starts again at most 3 times a minute', async () => {
    const exits: unknown[] = []
    const thread = crashing((error) => exits.push(error))
    try {
      for (let i = 1; i <= 4; i++) {
        const [a, b] = await Promise.all([
          thread.db.selectFrom('farmers').select('name').execute(),
          thread.db.selectFrom('farmers').select(['id']).execute(),
        ])
        expect(a).toEqual([{ name: 'Ana' }])
        expect(b).toEqual([{ id: 'a1' }])
        expect(thread.isRunning).toBe(false)
      }
      // Three workers started and died; the fourth round ran on the main connection without one.
      expect(exits).toHaveLength(3)
      expect(String(exits[0])).toContain('exit code 3')
    } finally {
      await thread.close()
    }
  })

  it('after close, queries run on the main connection', async () => {
    const thread = openReadThread<Database>(databaseFile(t.dataDir), { fallback: t.db })
    await thread.close()
    expect(thread.isRunning).toBe(false)
    expect(await thread.db.selectFrom('farmers').select('name').execute()).toEqual([{ name: 'Ana' }])
  })
})
