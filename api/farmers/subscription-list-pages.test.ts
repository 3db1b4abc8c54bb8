// The lists behind the dashboard cards at national scale (issue 19, decision 018): the expired,
// active-pending and trial lists answer one page with the whole list's count in X-Total-Count; their
// cards come from summaries counted in SQL, which agree with the days each row of the list shows —
// on SQLite and PostgreSQL alike, bare dates and instants on the Fiji calendar.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Insertable } from 'kysely'
import { z } from 'zod'
import type { FarmersTable } from '../../db/schema'
import {
  ActivePendingFarmerSchema,
  ActivePendingSummarySchema,
  ExpiredFarmerSchema,
  ExpiredSummarySchema,
  TOTAL_COUNT_HEADER,
  TrialFarmerSchema,
  TrialSummarySchema,
} from '../contract'
import { signInAs } from '../directory/testing'
import { fijiDate } from '../stats/subscriptions'
import { startTestApp, type TestApp } from '../testing/test-app'
import { addDays, fijiMidnightIso } from './subscription-rules'

let api: TestApp
let admin: Record<string, string>
const today = fijiDate(new Date())
/** A bare date, or the Fiji midnight instant of it (both are stored). */
const day = (offset: number, asInstant = false) => (asInstant ? fijiMidnightIso(addDays(today, offset)) : addDays(today, offset))

beforeAll(async () => {
  api = await startTestApp()
  admin = (await signInAs(api.db, 'global_admin', 'Ana Global')).headers
  const farmer = (name: string, fields: Partial<Insertable<FarmersTable>>): Insertable<FarmersTable> => ({ id: randomUUID(), name, phone: '+679 1', isActive: 0, isTrialActive: 0, subscriptionStart: null, subscriptionEnd: null, trialStartDate: null, trialEndDate: null, ...fields })
  const rows = [
    // Expired: on each side of the 30- and 90-day edges, as bare dates and as instants.
    ...[1, 30, 31, 90, 91, 200].flatMap((ago) => [
      farmer(`Ended ${ago}`, { subscriptionStart: day(-ago - 30), subscriptionEnd: day(-ago) }),
      farmer(`Ended ${ago} instant`, { subscriptionStart: day(-ago - 30, true), subscriptionEnd: day(-ago, true) }),
    ]),
    // Pending: on each side of the 1- and 7-day edges.
    ...[1, 2, 7, 8, 30].flatMap((ahead) => [
      farmer(`Starts ${ahead}`, { subscriptionStart: day(ahead), subscriptionEnd: day(ahead + 30) }),
      farmer(`Starts ${ahead} instant`, { subscriptionStart: day(ahead, true), subscriptionEnd: day(ahead + 30, true) }),
    ]),
    // Trials: running, ending today, ended yesterday, stopped.
    farmer('Trial running', { isTrialActive: 1, trialStartDate: day(-3), trialEndDate: day(10) }),
    farmer('Trial ends today', { isTrialActive: 1, trialStartDate: day(-13, true), trialEndDate: day(0, true) }),
    farmer('Trial ended', { isTrialActive: 1, trialStartDate: day(-14), trialEndDate: day(-1) }),
    farmer('Trial stopped', { isTrialActive: 0, trialStartDate: day(-20), trialEndDate: day(-6) }),
  ]
  await api.db.insertInto('farmers').values(rows).execute()
})
afterAll(() => api.close())

async function everyPage<T extends z.ZodType>(path: string, schema: T): Promise<{ total: number; rows: z.infer<T>[] }> {
  const rows: z.infer<T>[] = []
  let total = 0
  for (let page = 1; page === 1 || rows.length < total; page++) {
    const res = await api.fetch(`${path}?page=${page}&pageSize=5`, { headers: admin })
    expect(res.status, await res.clone().text()).toBe(200)
    total = Number(res.headers.get(TOTAL_COUNT_HEADER))
    const answer = z.array(schema).parse(await res.json())
    expect(answer.length).toBeLessThanOrEqual(5)
    if (answer.length === 0) break
    rows.push(...answer)
  }
  expect(rows).toHaveLength(total)
  return { total, rows }
}
const summary = async <T extends z.ZodType>(path: string, schema: T): Promise<z.infer<T>> => {
  const res = await api.fetch(path, { headers: admin })
  expect(res.status).toBe(200)
  return schema.parse(await res.json())
}

describe('a page at a time, the cards counted in SQL', () => {
  it('expired: most recently ended first; the cards agree with the days the rows show', async () => {
    const { total, rows } = await everyPage('/api/admin/expired-farmers', ExpiredFarmerSchema)
    expect(new Set(rows.map((f) => f.id)).size).toBe(total)
    const days = rows.map((f) => f.daysSinceLastActive)
    expect(days).toEqual([...days].sort((a, b) => a - b))
    expect(await summary('/api/admin/expired-farmers/summary', ExpiredSummarySchema)).toEqual({
      total,
      recent: days.filter((d) => d <= 30).length,
      long: days.filter((d) => d > 30 && d <= 90).length,
      veryLong: days.filter((d) => d > 90).length,
    })
    expect(rows.filter((f) => f.name.startsWith('Ended ')).map((f) => f.daysSinceLastActive)).toEqual([1, 1, 30, 30, 31, 31, 90, 90, 91, 91, 200, 200])
  })

  it('active-pending: soonest first; the cards agree with the days the rows show', async () => {
    const { total, rows } = await everyPage('/api/admin/farmers/active-pending', ActivePendingFarmerSchema)
    const days = rows.map((f) => f.daysUntilActive)
    expect(days).toEqual([...days].sort((a, b) => a - b))
    expect(rows.filter((f) => f.name.startsWith('Starts ')).map((f) => f.daysUntilActive)).toEqual([1, 1, 2, 2, 7, 7, 8, 8, 30, 30])
    expect(await summary('/api/admin/farmers/active-pending/summary', ActivePendingSummarySchema)).toEqual({
      total,
      thisWeek: days.filter((d) => d <= 7).length,
      tomorrow: days.filter((d) => d <= 1).length,
    })
  })

  it('trials: the cards agree with the status the rows show', async () => {
    const { total, rows } = await everyPage('/api/admin/trial-farmers', TrialFarmerSchema)
    expect(Object.fromEntries(rows.filter((f) => f.name.startsWith('Trial ')).map((f) => [f.name, f.trialStatus]))).toEqual({
      'Trial running': 'Active',
      'Trial ends today': 'Active',
      'Trial ended': 'Expired',
      'Trial stopped': 'Expired',
    })
    expect(await summary('/api/admin/trial-farmers/summary', TrialSummarySchema)).toEqual({
      total,
      active: rows.filter((f) => f.trialStatus === 'Active').length,
      expired: rows.filter((f) => f.trialStatus !== 'Active').length,
    })
  })

  it('refuses an unknown or malformed parameter (400)', async () => {
    for (const path of ['/api/admin/expired-farmers', '/api/admin/farmers/active-pending', '/api/admin/trial-farmers']) {
      for (const query of ['?limit=5', '?pageSize=201', '?page=0']) {
        expect((await api.fetch(`${path}${query}`, { headers: admin })).status, `${path}${query}`).toBe(400)
      }
      expect((await api.fetch(`${path}/summary?page=2`, { headers: admin })).status).toBe(400)
    }
  })
})
