// Payments at national scale (issue 19, decision 018): the list answers one page newest first, searched
// in SQL, with the count of all matches in X-Total-Count; an unknown parameter is a 400; the report
// streams every payment by keyset chunks — N payments, N rows, across chunk boundaries. Runs on
// SQLite and PostgreSQL alike.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { FarmerPaymentSchema, TOTAL_COUNT_HEADER } from '../contract'
import { signInAs } from '../directory/testing'
import { startTestApp, type TestApp } from '../testing/test-app'
import { EXPORT_CHUNK_ROWS } from './repository'

let api: TestApp
let admin: Record<string, string>
/** More than one export chunk, and not a multiple of it. */
const PAYMENTS = EXPORT_CHUNK_ROWS + 17
const base = Date.parse('2026-02-01T00:00:00.000Z')

beforeAll(async () => {
  api = await startTestApp()
  admin = (await signInAs(api.db, 'global_admin', 'Ana Global')).headers
  const farmers = Array.from({ length: PAYMENTS }, (_, i) => ({ id: randomUUID(), name: `Payer ${String(i).padStart(3, '0')}`, phone: `+679 80${String(i).padStart(5, '0')}`, isActive: 1 as const }))
  await api.db.insertInto('farmers').values(farmers).execute()
  // Every third pair shares its createdAt, so the id has to break ties on every page and chunk.
  const payments = farmers.map((farmer, i) => {
    const at = new Date(base + Math.floor(i / 2) * 60_000).toISOString()
    return { id: randomUUID(), farmerId: farmer.id, farmerName: farmer.name, farmerPhone: farmer.phone, mpaisaNumber: `91${String(i).padStart(5, '0')}`, mpaisaReceiptNumber: `R_${i}`, paymentDate: '2026-02-01', createdAt: at, updatedAt: at }
  })
  await api.db.insertInto('farmer_payments').values(payments).execute()
})
afterAll(() => api.close())

const page = async (query: string) => {
  const res = await api.fetch(`/api/admin/farmers/payments${query}`, { headers: admin })
  expect(res.status, await res.clone().text()).toBe(200)
  return { total: Number(res.headers.get(TOTAL_COUNT_HEADER)), payments: z.array(FarmerPaymentSchema).parse(await res.json()) }
}

/** Newest first, the id breaking ties (descending), as the list and the report both order. */
const newestFirst = (rows: { createdAt: string; id: string }[]) => [...rows].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || (a.id < b.id ? 1 : -1))

describe('GET /api/admin/farmers/payments', () => {
  it('answers one page newest first with the count of every payment; the pages add up to the whole list once', async () => {
    const first = await page('')
    expect(first.total).toBe(PAYMENTS)
    expect(first.payments).toHaveLength(50)
    const all = [...first.payments]
    for (let n = 2; all.length < PAYMENTS; n++) all.push(...(await page(`?page=${n}`)).payments)
    expect(all).toHaveLength(PAYMENTS)
    expect(new Set(all.map((p) => p.id)).size).toBe(PAYMENTS)
    expect(all.map((p) => p.id)).toEqual(newestFirst(all).map((p) => p.id))
    expect((await page(`?pageSize=200&page=${Math.ceil(PAYMENTS / 200) + 1}`)).payments).toEqual([])
  })

  it("searches the farmer's name and phone, the M-PAiSA and the receipt number, ignoring case", async () => {
    expect((await page('?search=payer%20007')).payments.map((p) => p.farmerName)).toEqual(['Payer 007'])
    expect((await page('?search=%2B679%208000012')).payments.map((p) => p.farmerName)).toEqual(['Payer 012'])
    expect((await page('?search=9100200')).payments.map((p) => p.farmerName)).toEqual(['Payer 200'])
    // '_' is a letter here, not LIKE's wildcard: R_1, R_10…R_19, R_100…R_199.
    expect((await page('?search=r_1&pageSize=200')).total).toBe(1 + 10 + 100)
    expect((await page('?search=nobody')).total).toBe(0)
  })

  it('refuses an unknown or malformed parameter (400) instead of an unpaged answer', async () => {
    for (const query of ['?limit=10', '?offset=5', '?pageSize=201', '?page=0', '?sort=name']) {
      expect((await api.fetch(`/api/admin/farmers/payments${query}`, { headers: admin })).status, query).toBe(400)
    }
  })
})

describe('GET /api/admin/farmers/payments/report', () => {
  it('streams every payment once, newest first: N payments, N rows', async () => {
    const res = await api.fetch('/api/admin/farmers/payments/report', { headers: admin })
    expect(res.status).toBe(200)
    const lines = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer()).replace(/^\uFEFF/, '').trimEnd().split('\r\n')
    expect(lines).toHaveLength(1 + PAYMENTS)
    const ids = lines.slice(1).map((line) => line.slice(1, line.indexOf('"', 1)))
    expect(new Set(ids).size).toBe(PAYMENTS)
    const rows = await api.db.selectFrom('farmer_payments').select(['id', 'createdAt']).execute()
    expect(ids).toEqual(newestFirst(rows).map((r) => r.id))
  })
})
