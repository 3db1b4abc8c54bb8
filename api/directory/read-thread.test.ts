// Public answers computed in the read thread (decision 030) are the very bytes the main connection
// gives; a read thread that dies still answers (from the main connection), and one whose queries
// fail answers a plain 500 that shows neither a stack nor SQL.
import { randomUUID } from 'node:crypto'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseFile } from '../../db/connection'
import { openReadThread, type ReadThread } from '../../db/read-thread'
import type { Database } from '../../db/schema'
import { createApp } from '../app'
import { readConfig } from '../config'
import { createLogger } from '../logger'
import { startSqliteTestApp, type SqliteTestApp } from '../testing/test-app'
import { insertFarmer } from './testing'

let api: SqliteTestApp
const servers: Server[] = []
const threads: ReadThread<Database>[] = []

/** Another app on the same database, its answers computed from `readDb` (the main connection when undefined). */
async function appOn(readDb: Kysely<Database> | undefined) {
  const app = createApp({ db: api.db, readDb, config: { ...readConfig({}), dataDir: api.dataDir }, logger: createLogger({ level: 'silent' }), answerStaleMs: 0 })
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s))
  })
  servers.push(server)
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

const fixture = (mode: 'crash' | 'fail') => {
  const thread = openReadThread<Database>(databaseFile(api.dataDir), { fallback: api.db, workerUrl: new URL('../../db/read-thread.fixture.mjs', import.meta.url), workerData: { mode } })
  threads.push(thread)
  return thread
}

const unknownFarmer = randomUUID()
let produceId: number
let farmerId: string
beforeAll(async () => {
  api = await startSqliteTestApp()
  farmerId = await insertFarmer(api.db, { name: 'Ana Tuilau', isPremium: 1, email: 'ana@example.com', cities: ['Suva', 'Nausori'], produce: ['Dalo (Taro)', 'Bele'], photoUrls: ['/objects/uploads/p1'] })
  await insertFarmer(api.db, { name: 'bale farm', email: 'x@vitifarmers.org.fj', town: 'Sawani', tikina: 'Naitasiri', cities: ['suva '], produce: ['Bele', 'Kumala'], deliveryAvailable: 1 })
  await insertFarmer(api.db, { name: 'Cama Ltd', isBulk: 1, cities: ['Ba'], produce: ['Pumpkin'], website: 'https://cama.example' })
  await insertFarmer(api.db, { name: 'Lapsed Dalo', from: -30, to: -2, cities: ['Suva'], produce: ['Dalo (Taro)'] })
  const at = '2026-03-01T00:00:00.000Z'
  await api.db.insertInto('farm_reviews').values({ id: randomUUID(), farmId: farmerId, rating: 4, comment: 'Fresh dalo, on time', createdAt: at }).execute()
  await api.db
    .insertInto('platform_reviews')
    .values({ id: randomUUID(), userName: 'Mere', rating: 5, comment: 'Found a dalo grower in a day.', status: 'approved', createdAt: at, updatedAt: at, isDemo: 0 })
    .execute()
  produceId = (await api.db.selectFrom('produce').select('id').where('name', '=', 'Bele').executeTakeFirstOrThrow()).id
})
afterAll(async () => {
  for (const server of servers) await new Promise((resolve) => server.close(resolve))
  for (const thread of threads) await thread.close()
  await api?.close()
})

const urls = () => [
  '/api/produce/availability',
  `/api/produce/availability/${produceId}/farmers?page=1&limit=2`,
  '/api/produce/availability/999999/farmers',
  '/api/farmers/locations',
  '/api/farmers/locations/Suva/farmers?delivery=true',
  '/api/farmers?search=dalo',
  '/api/farmers?search=suva&page=1&limit=1',
  '/api/produce/by-location/suva',
  '/api/farmers/by-location-and-produce/Suva/Bele',
  `/api/farmers/${farmerId}`,
  `/api/farmers/${unknownFarmer}`,
  '/api/directory/snapshot',
  '/api/farms-with-ratings',
  `/api/farm-reviews?farmId=${farmerId}`,
  '/api/public/reviews?limit=5',
]

/** Status, ETag and body bytes of each answer, plain and in brotli. */
async function answers(base: string) {
  const seen: unknown[] = []
  for (const url of urls()) {
    for (const encoding of ['identity', 'br']) {
      const res = await fetch(`${base}${url}`, { headers: { 'accept-encoding': encoding } })
      seen.push({ url, encoding, status: res.status, etag: res.headers.get('etag'), bytes: Buffer.from(await res.arrayBuffer()).toString('base64') })
    }
  }
  return seen
}

describe('answers from the read thread', () => {
  it('are byte for byte, ETag for ETag, what the main connection answers (404s included)', async () => {
    expect(api.app).toBeDefined()
    const fromThread = await answers(api.baseUrl)
    const fromMain = await answers(await appOn(undefined))
    expect(fromThread).toEqual(fromMain)
    const statuses = fromThread.map((a) => (a as { status: number }).status)
    expect(statuses.filter((s) => s === 200)).toHaveLength((urls().length - 2) * 2)
    expect(statuses.filter((s) => s === 404)).toHaveLength(4)
  })

  it('follow a write on the main connection at once', async () => {
    const before = await (await api.fetch('/api/produce/by-location/Ba')).json()
    expect(before).toEqual([{ name: 'Pumpkin', farmerCount: 1 }])
    await insertFarmer(api.db, { name: 'Dau Pumpkins', cities: ['Ba'], produce: ['Pumpkin'] })
    expect(await (await api.fetch('/api/produce/by-location/Ba')).json()).toEqual([{ name: 'Pumpkin', farmerCount: 2 }])
  })

  it('a read thread that dies mid-query: the answers still come, the same bytes, from the main connection', async () => {
    const thread = fixture('crash')
    expect(await answers(await appOn(thread.db))).toEqual(await answers(api.baseUrl))
    expect(thread.isRunning).toBe(false)
  })

  it('a read thread whose queries fail: a plain 500 that shows no stack and no SQL', async () => {
    const base = await appOn(fixture('fail').db)
    for (const url of ['/api/produce/availability', '/api/farm-reviews', '/api/public/reviews']) {
      const res = await fetch(`${base}${url}`)
      expect(res.status, url).toBe(500)
      const text = await res.text()
      expect(JSON.parse(text)).toEqual({ message: 'Internal server error' })
      expect(text).not.toMatch(/SQLITE|malformed|at .*\.ts|select/i)
    }
  })
})
