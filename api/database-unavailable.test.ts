// The database out of reach under a running app: the answer is 503 with Retry-After and the
// product's words (never a 500, never a stack), nothing is written, and the very same request
// (the outbox sends it again under its Idempotency-Key) is stored once the database is back.
// PostgreSQL: the pool's connections cut and refused (a restart, a failover). SQLite: another
// connection holding the write lock past busy_timeout.
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages, type FarmerSignupInput } from './contract'
import { holdSqliteWriteLock, tcpPassage, type TcpPassage } from '../db/testing-outage'
import { startTestApp, testDialect, type TestApp } from './testing/test-app'

let api: TestApp
let passage: TcpPassage | undefined

/** The app's shell, as the build writes it: what a page needing the database gets while it is away. */
const SHELL = '<!doctype html><html lang="en"><head><title>Viti Farmers</title></head><body><div id="root"></div></body></html>'
let webDir = ''

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vf-outage-web-'))
  fs.writeFileSync(path.join(webDir, 'index.html'), SHELL)
  api = await startTestApp({
    webDir,
    postgresVia: async (url) => {
      passage = await tcpPassage(url)
      return passage.url
    },
  })
})
afterAll(async () => {
  await api.close()
  await passage?.close()
  fs.rmSync(webDir, { recursive: true, force: true })
})

const signup = (name: string): FarmerSignupInput => ({
  name, phone: '+679 912 3456', email: 'outage@example.com', website: '', town: 'Nakasi', tikina: 'Naitasiri', cities: ['Suva'], produce: ['Dalo (Taro)'],
  subscriptionStart: '2026-03-01', subscriptionEnd: '2026-05-30', mpaisaNumber: '9123456', mpaisaReceiptNumber: 'MP123', paymentDate: '2026-02-28',
  comments: '', deliveryAvailable: true, isBulk: false, agreeToTerms: true,
})
const signupsNamed = async (name: string) => (await api.db.selectFrom('farmer_signups').select('id').where('name', '=', name).execute()).length

/** Takes the database away from the app; gives it back when the returned function is called. */
async function takeDatabaseAway(): Promise<() => Promise<void>> {
  if (testDialect() === 'postgres') {
    await passage!.cut()
    return () => passage!.open()
  }
  const lock = holdSqliteWriteLock(api.dataDir)
  return async () => lock.release()
}

async function expectUnavailable(res: Response) {
  expect(res.status).toBe(503)
  expect(res.headers.get('retry-after')).toBe('5')
  const body = await res.text()
  expect(JSON.parse(body)).toEqual({ message: messages.common.serviceUnavailable })
  expect(body).not.toMatch(/at .*\.ts|ECONN|SQLITE|Connection terminated/)
}

describe('the database out of reach', () => {
  it('a signup is answered 503 with Retry-After and stores nothing; sent again under its key once the database is back, it is stored once', async () => {
    const name = `Outage Farmer ${randomUUID().slice(0, 8)}`
    const headers = { 'Idempotency-Key': randomUUID() }
    const giveBack = await takeDatabaseAway()
    try {
      await expectUnavailable(await api.postJson('/api/farmer-signup', signup(name), headers))
    } finally {
      await giveBack()
    }
    expect(await signupsNamed(name)).toBe(0)
    const again = await api.postJson('/api/farmer-signup', signup(name), headers)
    expect(again.status).toBe(201)
    expect(await signupsNamed(name)).toBe(1)
    // And once more (an answer lost on the way): the replay, still one row.
    const replay = await api.postJson('/api/farmer-signup', signup(name), headers)
    expect(replay.status).toBe(201)
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    expect(await signupsNamed(name)).toBe(1)
  }, 30_000)

  it("a farmer's shared link opened while PostgreSQL is away gets the app with 503 (which asks for the farmer itself and offers to try again), never the API's JSON", async () => {
    const link = `/farmers/${randomUUID()}`
    const navigation = { headers: { 'sec-fetch-dest': 'document', accept: 'text/html' } }
    expect((await api.fetch(link, navigation)).status).toBe(404)
    const giveBack = await takeDatabaseAway()
    try {
      const res = await api.fetch(link, navigation)
      if (testDialect() === 'postgres') {
        expect(res.status).toBe(503)
        expect(res.headers.get('retry-after')).toBe('5')
        expect(res.headers.get('content-type')).toMatch(/^text\/html/)
        expect(await res.text()).toBe(SHELL)
      } else {
        // WAL: reading the farmer goes on beside a held write lock.
        expect(res.status).toBe(404)
      }
    } finally {
      await giveBack()
    }
    expect((await api.fetch(link, navigation)).status).toBe(404)
  }, 30_000)

  it('reads that need the database (a photo, the health check) answer 503 while PostgreSQL is out of reach; on SQLite they go on beside a held write lock', async () => {
    const photo = `/objects/uploads/${randomUUID()}`
    expect((await api.fetch(photo)).status).toBe(404)
    const giveBack = await takeDatabaseAway()
    try {
      if (testDialect() === 'postgres') {
        await expectUnavailable(await api.fetch(photo))
        expect((await api.fetch('/api/health')).status).toBe(503)
      } else {
        // WAL: a writer's lock never stops a reader.
        expect((await api.fetch(photo)).status).toBe(404)
        expect((await api.fetch('/api/health')).status).toBe(200)
      }
    } finally {
      await giveBack()
    }
    expect((await api.fetch(photo)).status).toBe(404)
    expect((await api.fetch('/api/health')).status).toBe(200)
  }, 30_000)
})
