// PostgreSQL lost while queries run (a restart or a failover under load): every query in flight
// rejects with an error db/unavailable.ts knows, the process goes on, and once the database is back
// the same pool answers again. Before, a connection lost mid-query was an unheard 'error' event on its
// client, which ended the server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { openPostgres, type PostgresHandle } from './connection'
import { createPostgresDatabase } from './testing'
import { tcpPassage, type TcpPassage } from './testing-outage'
import { isDatabaseUnavailable } from './unavailable'

let database: Awaited<ReturnType<typeof createPostgresDatabase>>
let passage: TcpPassage
let handle: PostgresHandle

beforeAll(async () => {
  database = await createPostgresDatabase({ migrated: true })
  passage = await tcpPassage(database.url)
  handle = openPostgres({ url: passage.url, max: 4 })
})
afterAll(async () => {
  await handle?.close()
  await passage?.close()
  await database?.drop()
})

describe('PostgreSQL lost while queries run', () => {
  it('every query in flight rejects as unavailable, nothing is thrown at the process, and the pool answers again once the database is back', async () => {
    const uncaught: unknown[] = []
    const onUncaught = (error: unknown) => void uncaught.push(error)
    process.on('uncaughtException', onUncaught)
    try {
      const running = Array.from({ length: 4 }, () => sql`select pg_sleep(5)`.execute(handle.db).then(() => 'answered', (error: unknown) => error))
      // Each has its connection and is running.
      await expect.poll(async () => Number((await sql<{ n: number }>`select count(*) as n from pg_stat_activity where query like 'select pg_sleep%' and state = 'active'`.execute(openDirect())).rows[0]?.n ?? 0)).toBe(4)
      await passage.cut()
      const outcomes = await Promise.all(running)
      for (const outcome of outcomes) expect(isDatabaseUnavailable(outcome), String(outcome)).toBe(true)
      await expect(sql`select 1 as one`.execute(handle.db)).rejects.toSatisfy(isDatabaseUnavailable)
      await passage.open()
      await expect.poll(async () => (await sql<{ one: number }>`select 1 as one`.execute(handle.db).catch(() => ({ rows: [] }))).rows[0]?.one, { timeout: 10_000 }).toBe(1)
      expect(uncaught).toEqual([])
    } finally {
      process.off('uncaughtException', onUncaught)
    }
  }, 30_000)
})

let direct: PostgresHandle | undefined
afterAll(() => direct?.close())
/** A connection of its own, not through the passage. */
function openDirect() {
  direct ??= openPostgres({ url: database.url, max: 1 })
  return direct.db
}
