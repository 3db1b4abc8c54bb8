// The cost breakdown counted in SQL (issue 19): the same figures as the rules of spec 001 §9 give
// day by day, on SQLite and PostgreSQL (this file runs in both api projects). Months follow the Fiji
// calendar: an instant late on a UTC day is the next Fiji day, summer time (UTC+13) included. The
// rows are paged apart.
import { randomUUID } from 'node:crypto'
import type { Insertable } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { FarmersTable } from '../../db/schema'
import { CostBreakdownSchema, FarmerCostSchema, TOTAL_COUNT_HEADER, type MonthlyRevenue } from '../contract'
import { signInAs } from '../directory/testing'
import { fijiDate, totalDays } from '../stats/subscriptions'
import { startTestApp, type TestApp } from '../testing/test-app'
import { costTotals } from './cost-totals'
import { addDays, farmerCost, roundMoney } from './subscription-rules'

const farmer = (name: string, start: string | null, end: string | null, fields: Partial<Insertable<FarmersTable>> = {}): Insertable<FarmersTable> => ({
  id: randomUUID(),
  name,
  phone: '+679 1',
  isActive: 1,
  includeInCosting: 1,
  isDemo: 0,
  subscriptionStart: start,
  subscriptionEnd: end,
  ...fields,
})

describe('the figures, hand-computed at FJ$2.50 a day on 15 March 2026 (Fiji)', () => {
  let api: TestApp
  beforeAll(async () => {
    api = await startTestApp()
    await api.db
      .insertInto('farmers')
      .values([
        farmer('A', '2026-03-01', '2026-03-31'), // 30 days, FJ$75.00, 15 active: counted
        farmer('B', '2026-02-20', '2026-03-10'), // 18 days, expired: Feb 9, Mar 9
        farmer('C', '2026-03-01', '2026-05-01', { includeInCosting: 0 }), // excluded: neither
        farmer('D', null, null), // no dates: neither
        farmer('E', '2026-03-01', '2026-03-31', { isDemo: 1 }), // as A, a demo farmer: counted, in the demo part
        farmer('F', '2026-02-20', '2026-03-10', { isDemo: 1 }), // as B: months only
        // 12:30 UTC on 31 Jan is 00:30 on 1 Feb in Fiji; 60 days and 23.5 hours round up to 61: Feb 28, Mar 31, Apr 2.
        farmer('G', '2026-01-31T12:30:00.000Z', '2026-04-02T12:00:00.000Z'), // counted: FJ$152.50, 43 active days
        // Summer time: 11:30 UTC on 31 Dec 2020 was 00:30 on 1 Jan 2021 (UTC+13). Flag off: months only, Jan 2021 2 days.
        farmer('H', '2020-12-31T11:30:00.000Z', '2021-01-02T11:30:00.000Z', { isActive: 0 }),
        // Flag off: months only. 91 days from 15 Nov: Nov 16, Dec 31, Jan 31, Feb 13.
        farmer('I', '2025-11-15', '2026-02-14', { isActive: 0 }),
        farmer('J', '2026-04-01', '2026-04-11'), // pending: Apr 10, not counted
        farmer('K', '2026-03-10T00:00:00+12:00', '2026-03-20T00:00:00+12:00'), // counted: 10 days FJ$25.00, 6 active
      ])
      .execute()
  })
  afterAll(() => api.close())

  it('totals count only farmers active today and included in costing; the demo part is named', async () => {
    const figures = await costTotals(api.db, 2.5, '2026-03-15')
    expect({ totalRevenue: figures.totalRevenue, demoRevenue: figures.demoRevenue, totalActiveDays: figures.totalActiveDays }).toEqual({
      totalRevenue: 75 + 75 + 152.5 + 25,
      demoRevenue: 75,
      totalActiveDays: 15 + 15 + 43 + 6,
    })
  })

  it('months: each day of an included subscription adds the rate to its Fiji month; farmers counted once a month', async () => {
    const figures = await costTotals(api.db, 2.5, '2026-03-15')
    expect(figures.months).toEqual([
      { month: '2021-01', revenue: 5, activeFarmers: 1, averagePerFarmer: 5 },
      { month: '2025-11', revenue: 40, activeFarmers: 1, averagePerFarmer: 40 },
      { month: '2025-12', revenue: 77.5, activeFarmers: 1, averagePerFarmer: 77.5 },
      { month: '2026-01', revenue: 77.5, activeFarmers: 1, averagePerFarmer: 77.5 },
      // I 13, B 9, F 9, G 28 = 59 days; 147.50 / 4 = 36.875.
      { month: '2026-02', revenue: 147.5, activeFarmers: 4, averagePerFarmer: 36.88 },
      // A 30, E 30, B 9, F 9, G 31, K 10 = 119 days.
      { month: '2026-03', revenue: 297.5, activeFarmers: 6, averagePerFarmer: 49.58 },
      { month: '2026-04', revenue: 30, activeFarmers: 2, averagePerFarmer: 15 },
    ])
    // 270 days in all = FJ$675.00 over 7 months.
    expect(figures.monthsTotal).toEqual({ revenue: 675, maxActiveFarmers: 6, averageMonthlyRevenue: 96.43 })
  })

  it('on another day only the totals move', async () => {
    const later = await costTotals(api.db, 2.5, '2026-04-05')
    // Only J is active then (5 of its 10 days); G ended on 3 April in Fiji (12:00 UTC on the 2nd).
    expect([later.totalRevenue, later.demoRevenue, later.totalActiveDays]).toEqual([25, 0, 5])
    const lastDayOfG = await costTotals(api.db, 2.5, '2026-04-03')
    expect([lastDayOfG.totalRevenue, lastDayOfG.totalActiveDays]).toEqual([152.5 + 25, 61 + 3])
    expect(later.months).toEqual((await costTotals(api.db, 2.5, '2026-03-15')).months)
  })
})

describe('the same as the day-by-day rule, on many subscriptions', () => {
  let api: TestApp
  const rows: Insertable<FarmersTable>[] = []
  beforeAll(async () => {
    api = await startTestApp()
    // A fixed pseudo-random set: instants at any minute (some in Fiji's summer times), bare dates,
    // lengths from none to over a year, each flag either way.
    let seed = 19
    const next = (n: number) => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31), seed % n)
    for (let i = 0; i < 120; i++) {
      const startMs = Date.UTC(2019, 9, 1) + next(2_400) * 86_400_000 + next(1_440) * 60_000
      const endMs = startMs + next(420) * 86_400_000 + next(1_440) * 60_000 - 720 * 60_000
      const asBareDate = next(3) === 0
      const text = (ms: number) => (asBareDate ? new Date(ms).toISOString().slice(0, 10) : new Date(ms).toISOString())
      rows.push(farmer(`Random ${i}`, text(startMs), text(endMs), { isActive: next(4) === 0 ? 0 : 1, includeInCosting: next(5) === 0 ? 0 : 1, isDemo: next(6) === 0 ? 1 : 0 }))
    }
    await api.db.insertInto('farmers').values(rows).execute()
  })
  afterAll(() => api.close())

  /** Spec 001 §9 read literally: every day of an included subscription, one rate to its Fiji month. */
  function dayByDay(dailyRate: number, today: string) {
    const months = new Map<string, { days: number; farmers: Set<string> }>()
    let cents = 0
    let activeDays = 0
    for (const row of rows) {
      const dates = { subscriptionStart: row.subscriptionStart ?? null, subscriptionEnd: row.subscriptionEnd ?? null }
      if (row.includeInCosting !== 1 || !dates.subscriptionStart || !dates.subscriptionEnd) continue
      const days = totalDays(dates)
      const start = fijiDate(dates.subscriptionStart)
      for (let day = 0; day < days; day++) {
        const month = addDays(start, day).slice(0, 7)
        const entry = months.get(month) ?? { days: 0, farmers: new Set<string>() }
        entry.days++
        entry.farmers.add(row.id!)
        months.set(month, entry)
      }
      // The row as the table shows it, by the rules of subscription-rules.ts.
      const cost = farmerCost({ id: row.id!, name: row.name, email: null, isTrialActive: false, isActive: row.isActive === 1, includeInCosting: true, ...dates }, dailyRate, today)
      if (cost.isActive) {
        cents += Math.round(cost.totalCost * 100)
        activeDays += cost.activeDays
      }
    }
    const table: MonthlyRevenue[] = [...months.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([month, { days, farmers }]) => ({ month, revenue: roundMoney(days * dailyRate), activeFarmers: farmers.size, averagePerFarmer: roundMoney(roundMoney(days * dailyRate) / farmers.size) }))
    return { totalRevenue: cents / 100, totalActiveDays: activeDays, months: table }
  }

  it.each(['2020-01-05', '2021-01-10', '2024-06-30', '2026-03-15'])('today %s', async (today) => {
    const figures = await costTotals(api.db, 2.35, today)
    const expected = dayByDay(2.35, today)
    expect(figures.months.length).toBeGreaterThan(12)
    expect({ totalRevenue: figures.totalRevenue, totalActiveDays: figures.totalActiveDays, months: figures.months }).toEqual(expected)
  })

  it('read in pieces of a few farmers (as SQLite reads 10,000 at a time), the figures are the same', async () => {
    expect(await costTotals(api.db, 2.35, '2026-03-15', 7)).toEqual(await costTotals(api.db, 2.35, '2026-03-15'))
  })
})

describe('over HTTP', () => {
  let api: TestApp
  let admin: Record<string, string>
  beforeAll(async () => {
    api = await startTestApp()
    admin = (await signInAs(api.db, 'global_admin', 'Ana Global')).headers
    const today = fijiDate(new Date())
    const rows = Array.from({ length: 13 }, (_, i) => farmer(`Grower ${String(i).padStart(2, '0')}`, addDays(today, -i), addDays(today, 30 - i)))
    await api.db.insertInto('farmers').values([...rows, farmer('grower lower', null, null), farmer('Aaron', addDays(today, 5), addDays(today, 9))]).execute()
  })
  afterAll(() => api.close())

  it('the figures count every farmer; the rows come a page at a time by name, each once, with the count of all', async () => {
    const figures = CostBreakdownSchema.parse(await (await api.fetch('/api/admin/cost-breakdown', { headers: admin })).json())
    // 13 active farmers of 30 days at the default FJ$2.50, i + 1 days into them.
    expect(figures).toMatchObject({ dailyRate: 2.5, totalRevenue: 13 * 75, totalActiveDays: (13 * 14) / 2 })
    const names: string[] = []
    for (let page = 1; page <= 3; page++) {
      const res = await api.fetch(`/api/admin/cost-breakdown/farmers?page=${page}&pageSize=6`, { headers: admin })
      expect(res.status).toBe(200)
      expect(res.headers.get(TOTAL_COUNT_HEADER)).toBe('15')
      const farmers = z.array(FarmerCostSchema).parse(await res.json())
      names.push(...farmers.map((f) => f.name))
      if (page === 1) expect(farmers[0]).toMatchObject({ name: 'Aaron', totalDays: 4, activeDays: 0, remainingDays: 4, totalCost: 10, isActive: false })
    }
    expect(names).toEqual(['Aaron', ...Array.from({ length: 13 }, (_, i) => `Grower ${String(i).padStart(2, '0')}`), 'grower lower'])
  })

  it('refuses an unknown parameter and a page size over the limit; staff without the capability get 403', async () => {
    expect((await api.fetch('/api/admin/cost-breakdown/farmers?limit=5', { headers: admin })).status).toBe(400)
    expect((await api.fetch('/api/admin/cost-breakdown/farmers?pageSize=201', { headers: admin })).status).toBe(400)
    const agent = (await signInAs(api.db, 'data_agent', 'Dan Agent')).headers
    expect((await api.fetch('/api/admin/cost-breakdown/farmers', { headers: agent })).status).toBe(403)
    expect((await api.fetch('/api/admin/cost-breakdown', { headers: agent })).status).toBe(403)
  })
})
