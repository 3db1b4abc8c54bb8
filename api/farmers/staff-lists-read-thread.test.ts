// The staff lists and their counts read through `readDb` (decision 030, continued): on SQLite the read
// thread's connection, so a count or a filtered page over the country's farmers holds it, not the
// event loop. The answers are the very bytes the main connection gives, on SQLite and PostgreSQL.
import { randomUUID } from 'node:crypto'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { KyselyPlugin } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { NewFarmer } from '../../db/schema'
import { createApp } from '../app'
import { readConfig } from '../config'
import { fijiMidnight, signInAs } from '../directory/testing'
import { createLogger } from '../logger'
import { startTestApp, type TestApp } from '../testing/test-app'

const FARMERS = 3_000
const DAY = 86_400_000

let api: TestApp
let mainOnly: Server
let admin: Record<string, string>
/** Every query that went through `readDb`, as its node's JSON (raw SQL included). */
const readQueries: string[] = []
const readFrom = (table: string) => readQueries.some((query) => new RegExp(`\\b${table}\\b`).test(query))

/** Records every query that goes through `readDb`. */
function recordReads(): KyselyPlugin {
  return {
    transformQuery: ({ node }) => {
      readQueries.push(JSON.stringify(node))
      return node
    },
    transformResult: async ({ result }) => result,
  }
}

beforeAll(async () => {
  api = await startTestApp({ extend: (deps) => void (deps.readDb = (deps.readDb ?? deps.db).withPlugin(recordReads())) })
  // The same database answered from the main connection alone, as before.
  const app = createApp({ db: api.db, config: { ...readConfig({}), dataDir: api.dataDir }, logger: createLogger({ level: 'silent' }), answerStaleMs: 0 })
  mainOnly = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s))
  })
  admin = (await signInAs(api.db, 'global_admin', 'Ana Global')).headers
  const agent = await signInAs(api.db, 'data_agent', 'Sera')
  const base = Date.UTC(2026, 0, 1)
  for (let from = 0; from < FARMERS; from += 500) {
    const farmers: NewFarmer[] = Array.from({ length: 500 }, (_, k) => {
      const i = from + k
      const at = new Date(base + i * 60_000).toISOString()
      // Some share a name but for case, and every fifth is in trial: ties and filters on every page.
      return {
        id: randomUUID(),
        name: i % 7 === 0 ? `farmer ${String(i % 100).padStart(3, '0')}` : `Farmer ${String(i).padStart(4, '0')}`,
        phone: `+679 ${String(2000000 + i)}`,
        email: `f${i}@example.com`,
        cities: JSON.stringify([i % 3 === 0 ? 'Labasa' : 'Suva']),
        produce: JSON.stringify(['Cassava']),
        photoUrls: '[]',
        isActive: i % 11 === 0 ? 0 : 1,
        includeInCosting: i % 2 === 0 ? 1 : 0,
        isTrialActive: i % 5 === 0 ? 1 : 0,
        trialStartDate: i % 5 === 0 ? fijiMidnight(-(i % 9)) : null,
        trialEndDate: i % 5 === 0 ? fijiMidnight(30 - (i % 9)) : null,
        subscriptionStart: fijiMidnight(i % 4 === 0 ? 3 + (i % 6) : -40),
        subscriptionEnd: fijiMidnight(i % 4 === 1 ? -1 - (i % 8) : 60),
        createdAt: at,
        updatedAt: at,
      }
    })
    await api.db.insertInto('farmers').values(farmers).execute()
    await api.db
      .insertInto('farmer_payments')
      .values(farmers.map((f, k) => ({ id: randomUUID(), farmerId: f.id!, farmerName: f.name, farmerPhone: f.phone, mpaisaNumber: `91${String(from + k).padStart(5, '0')}`, mpaisaReceiptNumber: `R_${from + k}`, paymentDate: '2026-02-01', createdAt: new Date(base + Math.floor((from + k) / 2) * 60_000).toISOString(), updatedAt: f.createdAt! })))
      .execute()
    await api.db
      .insertInto('farmer_signups')
      .values(farmers.map((f, k) => {
        const i = from + k
        const status = (['pending', 'approved', 'rejected'] as const)[i % 3]!
        return { id: randomUUID(), name: f.name, phone: f.phone, email: f.email, subscriptionStart: '2026-01-01', subscriptionEnd: '2026-04-01', status, createdAt: new Date(Date.now() - (i % 40) * DAY - i * 1000).toISOString(), processedAt: status === 'pending' ? null : new Date(Date.now() - i * 1000).toISOString(), dataAgentId: i % 2 ? agent.user.id : null, dataAgentName: i % 2 ? 'Sera' : null, rejectionReason: status === 'rejected' ? 'Incomplete' : null }
      }))
      .execute()
  }
}, 120_000)
afterAll(async () => {
  await new Promise((resolve) => mainOnly?.close(resolve))
  await api?.close()
})

const mainUrl = () => `http://127.0.0.1:${(mainOnly.address() as AddressInfo).port}`

/** The answer's status, count header and body, as a client sees them. */
async function answer(base: string, path: string) {
  const res = await fetch(`${base}${path}`, { headers: { ...admin, connection: 'close' } })
  return { status: res.status, total: res.headers.get('x-total-count'), body: await res.text() }
}

const lists: [path: string, table: string][] = [
  ['/api/admin/farmers', 'farmers'],
  ['/api/admin/farmers?page=7&pageSize=100&sort=-name', 'farmers'],
  ['/api/admin/farmers?city=Labasa&status=active&sort=createdAt&pageSize=200', 'farmers'],
  ['/api/admin/farmers?search=farmer%2001&status=expired', 'farmers'],
  ['/api/admin/farmers/active-pending?page=2&pageSize=25', 'farmers'],
  ['/api/admin/farmers/active-pending/summary', 'farmers'],
  ['/api/admin/expired-farmers?page=3', 'farmers'],
  ['/api/admin/expired-farmers/summary', 'farmers'],
  ['/api/admin/trial-farmers?pageSize=40', 'farmers'],
  ['/api/admin/trial-farmers/summary', 'farmers'],
  ['/api/admin/cost-breakdown', 'farmers'],
  ['/api/admin/cost-breakdown/farmers?page=4&pageSize=30', 'farmers'],
  ['/api/admin/farmers/payments?page=5', 'farmer_payments'],
  ['/api/admin/farmers/payments?search=R_12', 'farmer_payments'],
  ['/api/admin/signups?status=pending&page=3&pageSize=20', 'farmer_signups'],
  ['/api/admin/signups?status=processed&search=farmer&sort=-processedAt', 'farmer_signups'],
  ['/api/admin/signups/data-agent?range=lastMonth&page=2', 'farmer_signups'],
  ['/api/admin/signups/data-agent/summary?range=lastMonth', 'farmer_signups'],
]

describe('staff lists through readDb', () => {
  it.each(lists)('%s: the bytes and count the main connection gives, read through readDb', async (path, table) => {
    readQueries.length = 0
    const served = await answer(api.baseUrl, path)
    expect(served.status, served.body).toBe(200)
    expect(readFrom(table), table).toBe(true)
    expect(served).toEqual(await answer(mainUrl(), path))
  }, 60_000)

  it('sees a write made on the main connection at once', async () => {
    const before = await answer(api.baseUrl, '/api/admin/farmers?pageSize=1')
    const res = await api.postJson('/api/admin/farmers', { name: 'Aaa First', phone: '+679 9990001', email: 'aaa@example.com', cities: ['Suva'], subscriptionStart: fijiMidnight(-1), subscriptionEnd: fijiMidnight(30) }, admin)
    expect(res.status, await res.text()).toBe(201)
    const after = await answer(api.baseUrl, '/api/admin/farmers?pageSize=1')
    expect(Number(after.total)).toBe(Number(before.total) + 1)
    expect(JSON.parse(after.body)[0].name).toBe('Aaa First')
  })
})
