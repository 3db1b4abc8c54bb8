// Moderation over HTTP: approve publishes, reject needs a reason, decisions are final, deletes are
// audited; deleting a spam farm review changes the farm's public average.
import { randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '../contract'
import { bearer, seededAdminId, tokenFor } from '../testing/staff'
import { messageOf, sender, queuedKey } from '../testing/send'
import { startTestApp, type TestApp } from '../testing/test-app'

let api: TestApp
let admin: Record<string, string>

beforeAll(async () => {
  api = await startTestApp()
  admin = bearer(await tokenFor(api.db, await seededAdminId(api.db)))
})
afterAll(() => api.close())

const send = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => sender(api, () => admin)(method, path, body, headers)
const submitReview = async (comment = 'A very useful directory for finding fresh produce near Suva market today') =>
  ((await (await api.postJson('/api/public/reviews', { userName: 'Seru', rating: 4, comment }, queuedKey())).json()) as { id: string }).id
const publicReviewIds = async () => ((await (await api.fetch('/api/public/reviews')).json()) as { id: string }[]).map((r) => r.id)

describe('platform reviews', () => {
  it('lists pending reviews; approving publishes one and records who and when', async () => {
    const id = await submitReview()
    const pending = (await (await send('GET', '/api/admin/reviews/pending')).json()) as { id: string }[]
    expect(pending.map((r) => r.id)).toContain(id)
    expect(await publicReviewIds()).not.toContain(id)

    const res = await send('PATCH', `/api/admin/reviews/${id}`, { status: 'approved' })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ status: 'approved', reviewedBy: expect.any(String), reviewedAt: expect.any(String), rejectionReason: null })
    expect(await publicReviewIds()).toContain(id)

    const again = await send('PATCH', `/api/admin/reviews/${id}`, { status: 'rejected', rejectionReason: 'late' })
    expect(again.status).toBe(409)
    expect(await messageOf(again)).toBe(messages.reviews.alreadyModerated)
  })

  it('refuses a rejection without a reason, changing nothing; with a reason it stays private', async () => {
    const id = await submitReview()
    const blank = await send('PATCH', `/api/admin/reviews/${id}`, { status: 'rejected', rejectionReason: '  ' })
    expect(blank.status).toBe(400)
    expect(await messageOf(blank)).toBe(messages.signups.rejectionReasonRequired)
    const row = await api.db.selectFrom('platform_reviews').select('status').where('id', '=', id).executeTakeFirstOrThrow()
    expect(row.status).toBe('pending')

    const rejected = await send('PATCH', `/api/admin/reviews/${id}`, { status: 'rejected', rejectionReason: 'Advertising' })
    expect(await rejected.json()).toMatchObject({ status: 'rejected', rejectionReason: 'Advertising' })
    expect(await publicReviewIds()).not.toContain(id)
  })

  it('deletes any review with an audit row; 404 afterwards', async () => {
    const id = await submitReview()
    expect((await send('DELETE', `/api/admin/reviews/${id}`)).status).toBe(200)
    const all = (await (await send('GET', '/api/admin/reviews')).json()) as { id: string }[]
    expect(all.map((r) => r.id)).not.toContain(id)
    expect(await api.db.selectFrom('audit_logs').selectAll().where('action', '=', 'delete_review').where('targetId', '=', id).execute()).toHaveLength(1)
    expect((await send('DELETE', `/api/admin/reviews/${id}`)).status).toBe(404)
  })
})

describe('farm reviews', () => {
  it('lists reviews with farm names and deleting spam recomputes the farm average', async () => {
    const farmId = randomUUID()
    const now = new Date().toISOString()
    const fiji = DateTime.now().setZone('Pacific/Fiji').startOf('day')
    await api.db
      .insertInto('farmers')
      .values({ id: farmId, name: 'Waidradra Farm', phone: '+679 800 1111', isActive: 1, subscriptionStart: fiji.minus({ days: 5 }).toUTC().toISO()!, subscriptionEnd: fiji.plus({ days: 30 }).toUTC().toISO()!, createdAt: now, updatedAt: now })
      .execute()
    await api.postJson('/api/farm-reviews', { farmId, rating: 5, comment: 'Lovely fresh dalo' }, queuedKey())
    const spam = (await (await api.postJson('/api/farm-reviews', { farmId, rating: 1, comment: 'buy cheap watches at spam.example' }, queuedKey())).json()) as { id: string }
    const average = async () =>
      ((await (await api.fetch(`/api/farms-with-ratings?farmId=${farmId}`)).json()) as { farms: { farmer: { id: string }; averageRating: number; reviewCount: number }[] }).farms.find((f) => f.farmer.id === farmId)!
    expect(await average()).toMatchObject({ averageRating: 3, reviewCount: 2 })

    const list = (await (await send('GET', '/api/admin/farm-reviews')).json()) as { id: string; farmName: string | null }[]
    expect(list.find((r) => r.id === spam.id)!.farmName).toBe('Waidradra Farm')

    expect((await send('DELETE', `/api/admin/farm-reviews/${spam.id}`)).status).toBe(200)
    expect(await average()).toMatchObject({ averageRating: 5, reviewCount: 1 })
    const [audit] = await api.db.selectFrom('audit_logs').selectAll().where('action', '=', 'delete_farm_review').where('targetId', '=', spam.id).execute()
    expect(audit!.targetName).toBe('Waidradra Farm')
    expect((await send('DELETE', `/api/admin/farm-reviews/${spam.id}`)).status).toBe(404)
  })
})
