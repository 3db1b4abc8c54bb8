// Moderation over HTTP: approve publishes, reject needs a reason, decisions are final, deletes are
// audited; deleting a spam farm review changes the farm's public average.
import { randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '../contract'
import { signInAs } from '../directory/testing'
import { bearer, seededAdminId, tokenFor } from '../testing/staff'
import { messageOf, sender, queuedKey } from '../testing/send'
import { startTestApp, type TestApp } from '../testing/test-app'

let api: TestApp
let admin: Record<string, string>

beforeAll(async () => {
  // One trusted proxy hop: the farm review tests post as several client addresses.
  api = await startTestApp({ extend: (deps) => void (deps.config.trustProxyHops = 1) })
  admin = bearer(await tokenFor(api.db, await seededAdminId(api.db)))
})
afterAll(() => api.close())

const send = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => sender(api, () => admin)(method, path, body, headers)
const submitReview = async (comment = 'A very useful directory for finding fresh produce near Suva market today') =>
  ((await (await api.postJson('/api/public/reviews', { userName: 'Seru', rating: 4, comment }, queuedKey())).json()) as { id: string }).id
const publicReviewIds = async () => ((await (await api.fetch('/api/public/reviews?limit=50')).json()) as { reviews: { id: string }[] }).reviews.map((r) => r.id)

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
    await api.postJson('/api/farm-reviews', { farmId, rating: 5, comment: 'Lovely fresh dalo' }, { ...queuedKey(), 'x-forwarded-for': '10.7.0.1' })
    const spam = (await (await api.postJson('/api/farm-reviews', { farmId, rating: 1, comment: 'buy cheap watches at spam.example' }, { ...queuedKey(), 'x-forwarded-for': '10.7.0.2' })).json()) as { id: string }
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

describe('farm reviews: bulk delete of a flood', () => {
  it('deletes the selected reviews in one call with one audit row; the farm average follows; others stay', async () => {
    const now = new Date().toISOString()
    const fiji = DateTime.now().setZone('Pacific/Fiji').startOf('day')
    const farmIds = [randomUUID(), randomUUID(), randomUUID()]
    for (const [i, id] of farmIds.entries()) {
      await api.db
        .insertInto('farmers')
        .values({ id, name: `Flooded Farm ${i}`, phone: `+679 800 222${i}`, isActive: 1, subscriptionStart: fiji.minus({ days: 5 }).toUTC().toISO()!, subscriptionEnd: fiji.plus({ days: 30 }).toUTC().toISO()!, createdAt: now, updatedAt: now })
        .execute()
    }
    const post = async (farmId: string, address: string, rating: number) =>
      ((await (await api.postJson('/api/farm-reviews', { farmId, rating, comment: 'Flood review' }, { ...queuedKey(), 'x-forwarded-for': address })).json()) as { id: string }).id
    const flood = [await post(farmIds[0]!, '10.7.1.1', 1), await post(farmIds[1]!, '10.7.1.1', 1), await post(farmIds[2]!, '10.7.1.1', 1)]
    const genuine = await post(farmIds[0]!, '10.7.1.2', 5)

    // Staff see which reviews came from one sender.
    const list = (await (await send('GET', '/api/admin/farm-reviews')).json()) as { id: string; senderKey: string | null }[]
    const senderOf = (id: string) => list.find((r) => r.id === id)!.senderKey
    expect(new Set(flood.map(senderOf)).size).toBe(1)
    expect(senderOf(genuine)).not.toBe(senderOf(flood[0]!))

    const auditsBefore = await api.db.selectFrom('audit_logs').select('id').execute()
    const res = await send('POST', '/api/admin/farm-reviews/bulk-delete', { ids: flood })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ deletedCount: 3 })
    const remaining = (await (await send('GET', '/api/admin/farm-reviews')).json()) as { id: string }[]
    expect(remaining.some((r) => flood.includes(r.id))).toBe(false)
    expect(remaining.some((r) => r.id === genuine)).toBe(true)
    const ratings = (await (await api.fetch(`/api/farms-with-ratings?farmId=${farmIds[0]}`)).json()) as { farms: { averageRating: number; reviewCount: number }[] }
    expect(ratings.farms[0]).toMatchObject({ averageRating: 5, reviewCount: 1 })

    const audits = await api.db.selectFrom('audit_logs').selectAll().where('action', '=', 'bulk_delete_farm_reviews').execute()
    expect(audits).toHaveLength(1)
    expect(audits[0]!.targetName).toBe('3 farms')
    expect(JSON.parse(audits[0]!.details!)).toMatchObject({ deletedCount: 3, ids: expect.arrayContaining(flood) })
    expect((await api.db.selectFrom('audit_logs').select('id').execute()).length).toBe(auditsBefore.length + 1)
  })

  it('refuses an empty or malformed selection (400) and answers 404 when none exist, changing nothing', async () => {
    expect((await send('POST', '/api/admin/farm-reviews/bulk-delete', { ids: [] })).status).toBe(400)
    expect((await send('POST', '/api/admin/farm-reviews/bulk-delete', { ids: ['not-an-id'] })).status).toBe(400)
    expect((await send('POST', '/api/admin/farm-reviews/bulk-delete', { ids: [randomUUID()] })).status).toBe(404)
  })
})

// Two staff members on two servers click at the same moment. On PostgreSQL the two requests run in
// parallel transactions; SQLite's one connection runs them one after the other. Either way one
// decision wins and the other is told what a late click is told, with no second audit row.
describe('two staff members at once', () => {
  let colleague: Record<string, string>
  beforeAll(async () => {
    colleague = (await signInAs(api.db, 'global_admin', 'Mere Global')).headers
  })
  const auditRows = (targetId: string) => api.db.selectFrom('audit_logs').select(['action', 'userName']).where('targetId', '=', targetId).execute()
  const listedFarm = async () => {
    const id = randomUUID()
    const now = new Date().toISOString()
    const fiji = DateTime.now().setZone('Pacific/Fiji').startOf('day')
    await api.db
      .insertInto('farmers')
      .values({ id, name: `Raced Farm ${id.slice(0, 4)}`, phone: '+679 800 3333', isActive: 1, subscriptionStart: fiji.minus({ days: 5 }).toUTC().toISO()!, subscriptionEnd: fiji.plus({ days: 30 }).toUTC().toISO()!, createdAt: now, updatedAt: now })
      .execute()
    return id
  }
  const farmReview = async (farmId: string, address: string) =>
    ((await (await api.postJson('/api/farm-reviews', { farmId, rating: 1, comment: 'Raced spam' }, { ...queuedKey(), 'x-forwarded-for': address })).json()) as { id: string }).id

  it('approve and reject of one review: one 200, one 409 "already moderated", one audit row, the winner\'s status kept', async () => {
    for (let round = 0; round < 5; round++) {
      const id = await submitReview()
      const [approved, rejected] = await Promise.all([
        send('PATCH', `/api/admin/reviews/${id}`, { status: 'approved' }),
        send('PATCH', `/api/admin/reviews/${id}`, { status: 'rejected', rejectionReason: 'Advertising' }, colleague),
      ])
      expect([approved.status, rejected.status].sort()).toEqual([200, 409])
      const [winner, loser] = approved.status === 200 ? [approved, rejected] : [rejected, approved]
      expect(await messageOf(loser)).toBe(messages.reviews.alreadyModerated)
      const { status } = (await winner.json()) as { status: string }
      expect((await api.db.selectFrom('platform_reviews').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe(status)
      expect(await auditRows(id)).toEqual([status === 'approved' ? { action: 'approve_review', userName: 'Administrator' } : { action: 'reject_review', userName: 'Mere Global' }])
    }
  })

  it('one review deleted twice: one 200, one 404, one audit row', async () => {
    for (let round = 0; round < 3; round++) {
      const id = await submitReview()
      const answers = await Promise.all([send('DELETE', `/api/admin/reviews/${id}`), send('DELETE', `/api/admin/reviews/${id}`, undefined, colleague)])
      expect(answers.map((res) => res.status).sort()).toEqual([200, 404])
      expect(await messageOf(answers.find((res) => res.status === 404)!)).toBe(messages.common.notFound)
      expect((await auditRows(id)).map((row) => row.action)).toEqual(['delete_review'])
    }
  })

  it('one farm review deleted twice, and one flood bulk-deleted twice: one 200, one 404, one audit row each', async () => {
    const farmId = await listedFarm()
    for (let round = 0; round < 3; round++) {
      const id = await farmReview(farmId, `10.7.2.${round}`)
      const answers = await Promise.all([send('DELETE', `/api/admin/farm-reviews/${id}`), send('DELETE', `/api/admin/farm-reviews/${id}`, undefined, colleague)])
      expect(answers.map((res) => res.status).sort()).toEqual([200, 404])
      expect((await auditRows(id)).map((row) => row.action)).toEqual(['delete_farm_review'])
    }
    for (let round = 0; round < 3; round++) {
      const flood = [await farmReview(farmId, `10.7.3.${round}`), await farmReview(await listedFarm(), `10.7.3.${round}`)]
      const bulk = (headers: Record<string, string>) => send('POST', '/api/admin/farm-reviews/bulk-delete', { ids: flood }, headers)
      const before = await api.db.selectFrom('audit_logs').select('id').where('action', '=', 'bulk_delete_farm_reviews').execute()
      const answers = await Promise.all([bulk(admin), bulk(colleague)])
      expect(answers.map((res) => res.status).sort()).toEqual([200, 404])
      expect(await answers.find((res) => res.status === 200)!.json()).toEqual({ deletedCount: 2 })
      const after = await api.db.selectFrom('audit_logs').select('details').where('action', '=', 'bulk_delete_farm_reviews').execute()
      expect(after).toHaveLength(before.length + 1)
    }
  })
})
