// The database store of express-rate-limit: refunds asked for together (a replayed batch's units, all
// from one 'finish' event) are given back in one UPDATE, each counted. On this run's database: SQLite in
// the api project, PostgreSQL in api-postgres.
import type { KyselyPlugin } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { countRateLimitHit, readRateLimitHits } from '../../db/shared-counters'
import type { AnyTestDatabase } from '../../db/testing'
import { createApiTestDatabase, testDialect } from '../testing/test-app'
import { DatabaseRateLimitStore } from './rate-limit-store'

const WINDOW_MS = 15 * 60_000

describe(`the rate-limit store on ${testDialect()}`, () => {
  let database: AnyTestDatabase
  beforeAll(async () => {
    database = await createApiTestDatabase()
  })
  afterAll(() => database?.close())

  /** The store over a connection that counts the UPDATE statements it sends. */
  function countingStore(name: string) {
    const updates = { count: 0 }
    const plugin: KyselyPlugin = {
      transformQuery: (args) => {
        if (args.node.kind === 'UpdateQueryNode') updates.count++
        return args.node
      },
      transformResult: async (args) => args.result,
    }
    return { store: new DatabaseRateLimitStore(database.db.withPlugin(plugin), name), updates }
  }

  it('ten refunds asked for at once are given back in one UPDATE, every one counted', async () => {
    const { store, updates } = countingStore('upload-url:account')
    for (let i = 0; i < 25; i++) await countRateLimitHit(database.db, 'upload-url:account', 'agent-1', WINDOW_MS)
    await Promise.all(Array.from({ length: 10 }, () => store.decrement('agent-1')))
    expect(updates.count).toBe(1)
    expect((await readRateLimitHits(database.db, 'upload-url:account', 'agent-1'))?.hits).toBe(15)
  })

  it('keys are refunded apart, and later refunds in an UPDATE of their own', async () => {
    const { store, updates } = countingStore('upload-url:address')
    for (const key of ['10.0.0.1', '10.0.0.2']) for (let i = 0; i < 5; i++) await countRateLimitHit(database.db, 'upload-url:address', key, WINDOW_MS)
    await Promise.all([store.decrement('10.0.0.1'), store.decrement('10.0.0.2'), store.decrement('10.0.0.1')])
    expect(updates.count).toBe(2)
    await store.decrement('10.0.0.1')
    expect(updates.count).toBe(3)
    expect((await readRateLimitHits(database.db, 'upload-url:address', '10.0.0.1'))?.hits).toBe(2)
    expect((await readRateLimitHits(database.db, 'upload-url:address', '10.0.0.2'))?.hits).toBe(4)
  })

  it('never below zero', async () => {
    const { store } = countingStore('farm-review')
    await countRateLimitHit(database.db, 'farm-review', '10.0.0.9', WINDOW_MS)
    await Promise.all(Array.from({ length: 3 }, () => store.decrement('10.0.0.9')))
    expect((await readRateLimitHits(database.db, 'farm-review', '10.0.0.9'))?.hits).toBe(0)
  })
})
