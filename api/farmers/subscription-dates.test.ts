// Staff-entered subscription dates are bounded as a signup's are (an end year of 9999 counted millions
// of days into Total Revenue), and a patch of one date is judged with the other as stored. Runs on
// both databases (the api and api-postgres projects).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages, type AdminFarmer } from '../contract'
import { insertFarmer, signInAs } from '../directory/testing'
import { startTestApp, type TestApp } from '../testing/test-app'

let api: TestApp
let admin: Record<string, string>

beforeAll(async () => {
  api = await startTestApp()
  admin = (await signInAs(api.db, 'global_admin')).headers
})
afterAll(() => api.close())

const call = (method: string, path: string, body: unknown) =>
  api.fetch(path, { method, headers: { ...admin, 'content-type': 'application/json' }, body: JSON.stringify(body) })
const storedDates = (id: string) => api.db.selectFrom('farmers').select(['subscriptionStart', 'subscriptionEnd']).where('id', '=', id).executeTakeFirstOrThrow()
const tooLate = messages.farmerSignup.subscriptionEndTooLate

describe('staff-entered subscription dates', () => {
  it('refuses an end more than 5 years after the start on Edit Subscription, Edit farmer and Add Farmer, and changes nothing', async () => {
    const id = await insertFarmer(api.db, { name: 'Typo Tomasi' })
    const before = await storedDates(id)
    const subscription = await call('PATCH', `/api/admin/farmers/${id}/subscription`, { subscriptionStart: '2026-01-01', subscriptionEnd: '9999-01-01', isActive: true })
    expect(subscription.status).toBe(400)
    expect(await subscription.json()).toMatchObject({ message: tooLate })
    const edit = await call('PATCH', `/api/admin/farmers/${id}`, { subscriptionStart: '2026-01-01', subscriptionEnd: '2031-01-02' })
    expect(edit.status).toBe(400)
    expect(await edit.json()).toMatchObject({ message: tooLate })
    expect(await storedDates(id)).toEqual(before)
    const created = await call('POST', '/api/admin/farmers', { name: 'Typo Two', phone: '+679 777 1234', email: 'typo.two@example.fj', cities: ['Nadi'], subscriptionStart: '2026-01-01', subscriptionEnd: '2126-01-01' })
    expect(created.status).toBe(400)
    expect(await created.json()).toMatchObject({ message: tooLate })
    // Exactly 5 years is taken.
    const fiveYears = await call('PATCH', `/api/admin/farmers/${id}/subscription`, { subscriptionStart: '2026-01-01', subscriptionEnd: '2031-01-01', isActive: true })
    expect(fiveYears.status).toBe(200)
  })

  it('judges a patch of one date with the other as stored: an end before the stored start, or 5 years past it, is refused', async () => {
    const id = await insertFarmer(api.db, { name: 'One Date Losa' })
    expect((await call('PATCH', `/api/admin/farmers/${id}/subscription`, { subscriptionStart: '2026-03-01', subscriptionEnd: '2026-06-01', isActive: true })).status).toBe(200)
    const before = await storedDates(id)
    const early = await call('PATCH', `/api/admin/farmers/${id}`, { subscriptionEnd: '2026-02-01' })
    expect(early.status).toBe(400)
    expect(await early.json()).toMatchObject({ message: messages.farmers.subscriptionEndBeforeStart })
    const late = await call('PATCH', `/api/admin/farmers/${id}`, { subscriptionEnd: '2040-01-01' })
    expect(late.status).toBe(400)
    expect(await late.json()).toMatchObject({ message: tooLate })
    const lateStart = await call('PATCH', `/api/admin/farmers/${id}`, { subscriptionStart: '2026-07-01' })
    expect(lateStart.status).toBe(400)
    expect(await storedDates(id)).toEqual(before)
    const fine = (await (await call('PATCH', `/api/admin/farmers/${id}`, { subscriptionEnd: '2026-09-01' })).json()) as AdminFarmer
    expect(fine.subscriptionEnd).not.toBe(before.subscriptionEnd)
  })
})
