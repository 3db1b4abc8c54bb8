// The subscription, cost and trial rules, table-driven on the Fiji calendar (UTC+12).
import { describe, expect, it } from 'vitest'
import {
  activateDates,
  activeDays,
  farmerCost,
  daysInTrial,
  daysSinceLastActive,
  daysUntilActive,
  deactivateDates,
  displayStatus,
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

describe('cost rows (the totals and months are counted in SQL: cost-totals.test.ts)', () => {
  const row = (id: string, start: string | null, end: string | null, isActive = true, includeInCosting = true) => ({
    id,
    name: id,
    email: null,
    isTrialActive: false,
    ...farmer(start, end, isActive, includeInCosting),
  })
  // Hand-computed at FJ$2.50 a day, today 15 March 2026.
  it('total, active and remaining days and the cost of each farmer, whatever its costing flag', () => {
    const farmers = [row('A', '2026-03-01', '2026-03-31'), row('B', '2026-02-20', '2026-03-10'), row('C', '2026-03-01', '2026-05-01', true, false), row('D', null, null)]
    expect(farmers.map((f) => farmerCost(f, 2.5, today)).map((f) => [f.id, f.totalDays, f.activeDays, f.remainingDays, f.totalCost, f.isActive])).toEqual([
      ['A', 30, 15, 15, 75, true],
      ['B', 18, 18, 0, 45, false],
      ['C', 61, 15, 46, 152.5, true],
      ['D', 0, 0, 0, 0, false],
    ])
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
