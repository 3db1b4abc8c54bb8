// Two staff editing one farmer at once (two servers on PostgreSQL; one after the other on SQLite):
// an edit says what its dialog was opened with (`was`) for the fields it changes, and is refused with
// 409 when a colleague changed one of them since, where the later edit silently won and the trail
// showed both changing the same old value. Edits of different fields both go. Both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages, type AdminFarmer, type FarmerPayment } from '../contract'
import { insertFarmer, signInAs } from '../directory/testing'
import { startTestApp, type TestApp } from '../testing/test-app'

let api: TestApp
let admin: Record<string, string>
let colleague: Record<string, string>

beforeAll(async () => {
  api = await startTestApp()
  admin = (await signInAs(api.db, 'global_admin')).headers
  colleague = (await signInAs(api.db, 'global_admin')).headers
})
afterAll(() => api.close())

const patch = (path: string, body: unknown, headers = admin) =>
  api.fetch(path, { method: 'PATCH', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) })
const listed = async (id: string) => {
  const farmers = (await (await api.fetch(`/api/admin/farmers?pageSize=200`, { headers: admin })).json()) as AdminFarmer[]
  return farmers.find((farmer) => farmer.id === id)!
}
const trail = (id: string, action: string) => api.db.selectFrom('audit_logs').select(['details']).where('targetId', '=', id).where('action', '=', action).execute()
const changedMeanwhile = { message: messages.farmers.changedMeanwhile }

describe('an edit of what a colleague changed meanwhile', () => {
  it('two Edit Subscription saves from dialogs opened on the same farmer: one is stored, the other told, and the trail has one change', async () => {
    for (let round = 0; round < 3; round++) {
      const id = await insertFarmer(api.db, { name: `Raced Subscription ${round}` })
      const seen = await listed(id)
      const was = { subscriptionStart: seen.subscriptionStart, subscriptionEnd: seen.subscriptionEnd, isActive: seen.isActive }
      const mine = { subscriptionStart: '2026-11-01', subscriptionEnd: '2027-01-01', isActive: true, was }
      const theirs = { subscriptionStart: '2026-12-01', subscriptionEnd: '2027-06-01', isActive: false, was }
      const answers = await Promise.all([patch(`/api/admin/farmers/${id}/subscription`, mine), patch(`/api/admin/farmers/${id}/subscription`, theirs, colleague)])
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
      const refused = answers.find((answer) => answer.status === 409)!
      expect(await refused.json()).toEqual(changedMeanwhile)
      const won = (await answers.find((answer) => answer.status === 200)!.json()) as AdminFarmer
      expect(await listed(id)).toMatchObject({ subscriptionStart: won.subscriptionStart, subscriptionEnd: won.subscriptionEnd, isActive: won.isActive })
      expect(await trail(id, 'update_subscription')).toHaveLength(1)
    }
  })

  it('two Edit farmer saves of the same field: one phone is stored, the other edit told; edits of different fields both go', async () => {
    const id = await insertFarmer(api.db, { name: 'Raced Phone', phone: '+679 700 0001' })
    const seen = await listed(id)
    const answers = await Promise.all([
      patch(`/api/admin/farmers/${id}`, { phone: '+679 700 1111', was: { phone: seen.phone } }),
      patch(`/api/admin/farmers/${id}`, { phone: '+679 700 2222', was: { phone: seen.phone } }, colleague),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    expect(await trail(id, 'update_farmer')).toHaveLength(1)

    const now = await listed(id)
    const apart = await Promise.all([
      patch(`/api/admin/farmers/${id}`, { comments: 'Dalo all year', was: { comments: now.comments } }),
      patch(`/api/admin/farmers/${id}`, { isPremium: true, was: { isPremium: now.isPremium } }, colleague),
    ])
    expect(apart.map((answer) => answer.status)).toEqual([200, 200])
    expect(await listed(id)).toMatchObject({ comments: 'Dalo all year', isPremium: true })
  })

  it('two Edit Payment saves for farmers with no payment yet: each farmer has one payment record, with the later save in it', async () => {
    const ids = await Promise.all(Array.from({ length: 5 }, (_, i) => insertFarmer(api.db, { name: `Raced Payment ${i}` })))
    const answers = await Promise.all(
      ids.flatMap((id) => [
        patch(`/api/admin/farmers/${id}/payment`, { mpaisaReceiptNumber: 'MP-1001' }),
        patch(`/api/admin/farmers/${id}/payment`, { mpaisaNumber: '9123456' }, colleague),
      ]),
    )
    expect(answers.map((answer) => answer.status)).toEqual(ids.flatMap(() => [200, 200]))
    // The Payments page lists every payment record.
    const payments = (await (await api.fetch('/api/admin/farmers/payments?search=Raced%20Payment&pageSize=50', { headers: admin })).json()) as FarmerPayment[]
    for (const id of ids) {
      expect(payments.filter((payment) => payment.farmerId === id)).toMatchObject([{ mpaisaNumber: '9123456', mpaisaReceiptNumber: 'MP-1001' }])
    }
  })

  it('refuses an edit whose dialog saw an older value, and changes nothing; without `was` an edit goes as before', async () => {
    const id = await insertFarmer(api.db, { name: 'Stale Dialog', phone: '+679 700 0002' })
    const before = await listed(id)
    const stale = await patch(`/api/admin/farmers/${id}`, { phone: '+679 700 3333', was: { phone: '+679 700 9999' } })
    expect(stale.status).toBe(409)
    expect(await stale.json()).toEqual(changedMeanwhile)
    const staleSubscription = await patch(`/api/admin/farmers/${id}/subscription`, { subscriptionStart: '2026-11-01', subscriptionEnd: '2027-01-01', isActive: true, was: { subscriptionStart: '2020-01-01T12:00:00.000Z', subscriptionEnd: before.subscriptionEnd, isActive: before.isActive } })
    expect(staleSubscription.status).toBe(409)
    expect(await listed(id)).toEqual(before)
    expect(await trail(id, 'update_farmer')).toHaveLength(0)
    expect((await patch(`/api/admin/farmers/${id}`, { phone: '+679 700 4444' })).status).toBe(200)
    // A `was` naming a field the edit cannot compare is refused as bad input.
    expect((await patch(`/api/admin/farmers/${id}`, { phone: '+679 700 5555', was: { password: 'x' } })).status).toBe(400)
  })
})
