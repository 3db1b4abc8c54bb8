// Dashboard stats over HTTP, and the subscription rules behind them on the edges of a Fiji day.
import { randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createStaffUser, seededAdminId, tokenFor } from '../testing/staff'
import { startTestApp, type TestApp } from '../testing/test-app'
import { fijiDate, isActiveOn, totalDays } from './subscriptions'

let api: TestApp
let agent: Record<string, string>
let adminUser: Record<string, string>
let globalAdmin: Record<string, string>

/** Midnight in Fiji `days` from today, as stored (UTC ISO text). */
const fijiDay = (days: number) => DateTime.now().setZone('Pacific/Fiji').startOf('day').plus({ days }).toUTC().toISO()!

async function addFarmer(start: number | null, end: number | null, flags: { isActive?: boolean; includeInCosting?: boolean } = {}) {
  const now = new Date().toISOString()
  await api.db
    .insertInto('farmers')
    .values({
      id: randomUUID(),
      name: 'Test Farmer',
      phone: '+679 900 0000',
      subscriptionStart: start === null ? null : fijiDay(start),
      subscriptionEnd: end === null ? null : fijiDay(end),
      isActive: flags.isActive === false ? 0 : 1,
      includeInCosting: flags.includeInCosting === false ? 0 : 1,
      createdAt: now,
      updatedAt: now,
    })
    .execute()
}

beforeAll(async () => {
  api = await startTestApp()
  agent = bearer(await tokenFor(api.db, (await createStaffUser(api.db, { role: 'data_agent' })).id))
  adminUser = bearer(await tokenFor(api.db, (await createStaffUser(api.db, { role: 'admin_user' })).id))
  globalAdmin = bearer(await tokenFor(api.db, await seededAdminId(api.db)))
  await addFarmer(-10, 20) // active, 30 days → FJ$75.00
  await addFarmer(0, 10) // active from today, 10 days → FJ$25.00
  await addFarmer(-5, 5, { includeInCosting: false }) // active, not costed
  await addFarmer(-5, 5, { isActive: false }) // dates cover today but not flagged active
  await addFarmer(3, 30) // pending
  await addFarmer(-40, -1) // expired
  await addFarmer(null, null, { isActive: false }) // no subscription
})
afterAll(() => api.close())

describe('GET /api/admin/stats', () => {
  it('answers a global admin every count and the revenue of active, costed farmers at the daily rate', async () => {
    const res = await api.fetch('/api/admin/stats', { headers: globalAdmin })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await res.json()).toEqual({
      totalFarmers: 7,
      activeSubscriptions: 3,
      pendingSubscriptions: 1,
      expiredSubscriptions: 1,
      monthlyRevenue: 'FJ$100.00',
    })
  })

  it('answers each role only the figures its cards show (clarifications roles table)', async () => {
    expect(await (await api.fetch('/api/admin/stats', { headers: agent })).json()).toEqual({ totalFarmers: 7, activeSubscriptions: 3 })
    expect(await (await api.fetch('/api/admin/stats', { headers: adminUser })).json()).toEqual({
      totalFarmers: 7,
      activeSubscriptions: 3,
      pendingSubscriptions: 1,
      monthlyRevenue: 'FJ$100.00',
    })
  })

  it('follows the daily rate setting', async () => {
    await api.db.updateTable('settings').set({ value: '3' }).where('key', '=', 'dailyRate').execute()
    const stats = (await (await api.fetch('/api/admin/stats', { headers: adminUser })).json()) as { monthlyRevenue: string }
    expect(stats.monthlyRevenue).toBe('FJ$120.00')
    await api.db.updateTable('settings').set({ value: '2.5' }).where('key', '=', 'dailyRate').execute()
  })

  it('needs a session', async () => {
    expect((await api.fetch('/api/admin/stats')).status).toBe(401)
  })
})

describe('subscription rules', () => {
  const farmer = (start: string | null, end: string | null, isActive = true) => ({ isActive, includeInCosting: true, subscriptionStart: start, subscriptionEnd: end })

  it('compares Fiji calendar days, not UTC days', () => {
    // 30 June 12:30 UTC is already 1 July in Fiji (UTC+12).
    expect(fijiDate(new Date('2025-06-30T12:30:00.000Z'))).toBe('2025-07-01')
    const endsJune30Fiji = farmer('2025-06-01T12:00:00.000Z', '2025-06-29T12:00:00.000Z') // 2 June … 30 June in Fiji
    expect(isActiveOn(endsJune30Fiji, '2025-06-30')).toBe(true)
    expect(isActiveOn(endsJune30Fiji, '2025-07-01')).toBe(false)
  })

  it('total days round up; no dates is zero', () => {
    expect(totalDays(farmer('2025-01-01T00:00:00.000Z', '2025-01-31T00:00:01.000Z'))).toBe(31)
    expect(totalDays(farmer(null, null))).toBe(0)
  })
})

describe('the counts on the edges of a Fiji day (counted in SQL)', () => {
  let edges: TestApp
  beforeAll(async () => {
    edges = await startTestApp()
    const instant = (days: number, ms = 0) => new Date(Date.parse(fijiDay(days)) + ms).toISOString()
    const row = (start: string, end: string) => ({ id: randomUUID(), name: 'Edge Farmer', phone: '+679 900 0001', subscriptionStart: start, subscriptionEnd: end, isActive: 1 as const, includeInCosting: 1 as const })
    await edges.db
      .insertInto('farmers')
      .values([
        row(instant(-10), instant(0, -1)), // ended 23:59:59.999 yesterday: expired
        row(instant(-10), instant(0)), // ends at midnight starting today: active, 10 days → FJ$25.00
        row(instant(1), instant(20)), // starts at midnight starting tomorrow: pending
        row(instant(1, -1), instant(20)), // starts 23:59:59.999 today: active, 19 days and 1 ms → 20 days, FJ$50.00
      ])
      .execute()
  })
  afterAll(() => edges.close())

  it('expired, active and pending by the Fiji calendar day of each instant', async () => {
    const admin = bearer(await tokenFor(edges.db, await seededAdminId(edges.db)))
    expect(await (await edges.fetch('/api/admin/stats', { headers: admin })).json()).toEqual({
      totalFarmers: 4,
      activeSubscriptions: 2,
      pendingSubscriptions: 1,
      expiredSubscriptions: 1,
      monthlyRevenue: 'FJ$75.00',
    })
  })
})
