// The subscription, cost and trial rules, table-driven on the Fiji calendar (UTC+12).
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  activateDates,
  activeDays,
  costBreakdown,
  daysInTrial,
  daysSinceLastActive,
  daysUntilActive,
  deactivateDates,
  displayStatus,
  monthlyRevenue,
  remainingDays,
  totalDays,
  trialDates,
  trialStatus,
} from './subscription-rules'

const today = '2026-03-15'
const farmer = (subscriptionStart: string | null, subscriptionEnd: string | null, isActive = true, includeInCosting = true) => ({
  isActive,
  includeInCosting,
  subscriptionStart,
  subscriptionEnd,
})

describe('displayStatus (Fiji calendar)', () => {
  it.each([
    ['no dates', farmer(null, null), 'inactive'],
    ['only a start', farmer('2026-03-01', null), 'inactive'],
    ['start and end in the future', farmer('2026-03-16', '2026-04-16'), 'pending'],
    ['running, flagged active', farmer('2026-03-01', '2026-04-01'), 'active'],
    ['running, flag off', farmer('2026-03-01', '2026-04-01', false), 'inactive'],
    ['ends today', farmer('2026-02-01', '2026-03-15'), 'active'],
    ['starts today', farmer('2026-03-15', '2026-04-15'), 'active'],
    ['ended yesterday', farmer('2026-02-01', '2026-03-14'), 'expired'],
    ['ended 30 days ago', farmer('2026-01-01', '2026-02-13'), 'expired'],
    ['ended 31 days ago', farmer('2026-01-01', '2026-02-12'), 'expired_followup'],
    // 2026-03-14T12:30Z is 00:30 on 15 March in Fiji: still today there.
    ['end instant just after Fiji midnight', farmer('2026-03-01T00:00:00.000Z', '2026-03-14T12:30:00.000Z'), 'active'],
    ['end instant just before Fiji midnight', farmer('2026-03-01T00:00:00.000Z', '2026-03-14T11:30:00.000Z'), 'expired'],
  ])('%s → %s', (_label, f, expected) => {
    expect(displayStatus(f, today)).toBe(expected)
  })
})

describe('day counts', () => {
  it.each([
    // start, end, total, active (today 15 March), remaining
    ['2026-03-01', '2026-03-31', 30, 15, 15],
    ['2026-03-15', '2026-04-14', 30, 1, 29],
    ['2026-03-16', '2026-04-15', 30, 0, 30],
    ['2026-01-01', '2026-02-01', 31, 31, 0],
    // across a month boundary (February 2026 has 28 days)
    ['2026-02-28', '2026-03-01', 1, 1, 0],
  ])('%s … %s: total %i, active %i, remaining %i', (start, end, total, active, remaining) => {
    const f = farmer(start, end)
    expect(totalDays(f)).toBe(total)
    expect(activeDays(f, today)).toBe(active)
    expect(remainingDays(f, today)).toBe(remaining)
  })

  it('counts zero days for a farmer without dates', () => {
    const f = farmer(null, null)
    expect([totalDays(f), activeDays(f, today), remainingDays(f, today)]).toEqual([0, 0, 0])
  })

  it('days since the end and until the start, never negative', () => {
    expect(daysSinceLastActive('2026-03-05', today)).toBe(10)
    expect(daysSinceLastActive('2026-03-20', today)).toBe(0)
    expect(daysUntilActive('2026-03-16', today)).toBe(1)
    expect(daysUntilActive('2026-03-22T12:00:00.000Z', today)).toBe(8)
  })
})

describe('activate and deactivate', () => {
  // 10:00 on 15 March in Fiji.
  const now = new Date('2026-03-14T22:00:00.000Z')
  it('activate: today 00:00 in Fiji for 90 days', () => {
    expect(activateDates(now)).toEqual({ subscriptionStart: '2026-03-14T12:00:00.000Z', subscriptionEnd: '2026-06-12T12:00:00.000Z' })
    expect(displayStatus({ ...farmer(null, null), ...activateDates(now) }, today)).toBe('active')
    expect(totalDays(activateDates(now))).toBe(90)
  })
  it('deactivate: 60 days ago to 1 day ago, so the farmer shows expired', () => {
    const dates = deactivateDates(now)
    expect(dates).toEqual({ subscriptionStart: '2026-01-13T22:00:00.000Z', subscriptionEnd: '2026-03-13T22:00:00.000Z' })
    expect(displayStatus({ ...farmer(null, null, false), ...dates }, today)).toBe('expired')
  })
})

describe('cost breakdown and monthly revenue', () => {
  const row = (id: string, start: string | null, end: string | null, isActive = true, includeInCosting = true) => ({
    id,
    name: id,
    email: null,
    isTrialActive: false,
    ...farmer(start, end, isActive, includeInCosting),
  })
  // Hand-computed at FJ$2.50 a day, today 15 March 2026:
  //  A 1 Mar–31 Mar: 30 days, FJ$75.00, active 15   (counted)
  //  B 20 Feb–10 Mar: 18 days, FJ$45.00, expired    (months only)
  //  C 1 Mar–1 May, excluded from costing: 61 days  (neither)
  //  D no dates                                      (neither)
  const farmers = [row('A', '2026-03-01', '2026-03-31'), row('B', '2026-02-20', '2026-03-10'), row('C', '2026-03-01', '2026-05-01', true, false), row('D', null, null)]
  const breakdown = costBreakdown(farmers, 2.5, today)

  it('totals count only active farmers included in costing', () => {
    expect(breakdown.totalRevenue).toBe(75)
    expect(breakdown.totalActiveDays).toBe(15)
    expect(breakdown.farmers.map((f) => [f.id, f.totalDays, f.activeDays, f.remainingDays, f.totalCost, f.isActive])).toEqual([
      ['A', 30, 15, 15, 75, true],
      ['B', 18, 18, 0, 45, false],
      ['C', 61, 15, 46, 152.5, true],
      ['D', 0, 0, 0, 0, false],
    ])
  })

  it('months: each day adds the rate to its month; farmers counted once per month; a total row', () => {
    // B: 20–28 Feb = 9 days, 1–9 Mar = 9 days; A: 30 days in March.
    expect(breakdown.months).toEqual([
      { month: '2026-02', revenue: 22.5, activeFarmers: 1, averagePerFarmer: 22.5 },
      { month: '2026-03', revenue: 97.5, activeFarmers: 2, averagePerFarmer: 48.75 },
    ])
    expect(breakdown.monthsTotal).toEqual({ revenue: 120, maxActiveFarmers: 2, averageMonthlyRevenue: 60 })
  })

  it("names the demo farmers' part of the total revenue, counted the same way", () => {
    expect(breakdown.demoRevenue).toBe(0)
    const withDemo = costBreakdown([...farmers, { ...row('E', '2026-03-01', '2026-03-31'), isDemo: true }, { ...row('F', '2026-02-20', '2026-03-10'), isDemo: true }], 2.5, today)
    expect(withDemo.totalRevenue).toBe(150)
    // E counts (FJ$75.00); F has expired, so it counts in neither figure.
    expect(withDemo.demoRevenue).toBe(75)
    expect(withDemo.farmers.filter((f) => f.isDemo).map((f) => f.id)).toEqual(['E', 'F'])
  })

  it('no farmers: zeros and no months', () => {
    expect(costBreakdown([], 2.5, today)).toMatchObject({ totalRevenue: 0, totalActiveDays: 0, months: [], monthsTotal: { revenue: 0, maxActiveFarmers: 0, averageMonthlyRevenue: 0 } })
  })

  it('the months always add up to the included farmers’ total cost', () => {
    const day = fc.integer({ min: 0, max: 2000 }).map((n) => new Date(Date.UTC(2024, 0, 1) + n * 86400000).toISOString().slice(0, 10))
    fc.assert(
      fc.property(fc.array(fc.tuple(day, fc.integer({ min: 0, max: 400 })), { maxLength: 8 }), (spans) => {
        const rows = spans.map(([start, length], i) => row(String(i), start, new Date(Date.parse(start) + length * 86400000).toISOString().slice(0, 10)))
        const months = monthlyRevenue(rows, 1)
        expect(months.reduce((sum, m) => sum + m.revenue, 0)).toBe(rows.reduce((sum, r) => sum + totalDays(r), 0))
      }),
    )
  })
})

describe('trial', () => {
  const now = new Date('2026-03-14T22:00:00.000Z')
  it('starts now for the trial length', () => {
    expect(trialDates(now, 7)).toEqual({ trialStartDate: '2026-03-14T22:00:00.000Z', trialEndDate: '2026-03-21T22:00:00.000Z' })
  })
  it.each([
    [{ isTrialActive: true, trialStartDate: '2026-03-10', trialEndDate: '2026-03-17' }, 'Active', 6],
    [{ isTrialActive: true, trialStartDate: '2026-03-08', trialEndDate: '2026-03-15' }, 'Active', 8],
    [{ isTrialActive: true, trialStartDate: '2026-03-01', trialEndDate: '2026-03-08' }, 'Expired', 8],
    [{ isTrialActive: false, trialStartDate: '2026-03-10', trialEndDate: '2026-03-17' }, 'Expired', 6],
    [{ isTrialActive: false, trialStartDate: null, trialEndDate: null }, 'Expired', 0],
  ])('%o → %s, %i days in trial', (trial, status, days) => {
    expect(trialStatus(trial, today)).toBe(status)
    expect(daysInTrial(trial, today)).toBe(days)
  })
})
