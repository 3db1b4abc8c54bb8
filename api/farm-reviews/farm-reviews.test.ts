import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { FarmReviewSchema, FarmWithRatingsSchema, messages } from '../contract'
import { insertFarmer } from '../directory/testing'
import { startTestApp, type TestApp } from '../testing/test-app'

let api: TestApp
let listed: string
let quiet: string
let expired: string

beforeAll(async () => {
  api = await startTestApp()
  listed = await insertFarmer(api.db, { name: 'Rated Farm', town: 'Sawani', cities: ['Nausori', 'Suva', 'Nasinu'], produce: ['Kava (Yaqona)'] })
  quiet = await insertFarmer(api.db, { name: 'Quiet Farm' })
  expired = await insertFarmer(api.db, { name: 'Expired Farm', from: -60, to: -1 })
  await api.db
    .insertInto('farm_reviews')
    .values([
      { id: randomUUID(), farmId: listed, rating: 5, comment: 'Fresh kava', createdAt: '2026-01-01T00:00:00.000Z' },
      { id: randomUUID(), farmId: listed, rating: 4, comment: 'Good', createdAt: '2026-01-02T00:00:00.000Z' },
      { id: randomUUID(), farmId: expired, rating: 1, comment: 'Old review', createdAt: '2026-01-03T00:00:00.000Z' },
    ])
    .execute()
})
afterAll(() => api.close())

const farmReviews = async (query = '') => z.array(FarmReviewSchema).parse(await (await api.fetch(`/api/farm-reviews${query}`)).json())

describe('GET /api/farms-with-ratings', () => {
  it('lists listed farms only with their average rating and count', async () => {
    const list = z.array(FarmWithRatingsSchema).parse(await (await api.fetch('/api/farms-with-ratings')).json())
    expect(list.map((f) => f.farmer.name)).toEqual(['Quiet Farm', 'Rated Farm'])
    expect(list.find((f) => f.farmer.id === listed)).toEqual({
      farmer: { id: listed, name: 'Rated Farm', isDemo: false, town: 'Sawani', cities: ['Nausori', 'Suva', 'Nasinu'], produce: ['Kava (Yaqona)'] },
      averageRating: 4.5,
      reviewCount: 2,
    })
    expect(list.find((f) => f.farmer.id === quiet)).toMatchObject({ averageRating: 0, reviewCount: 0 })
  })
})

describe('GET /api/farm-reviews', () => {
  it("gives one farm's reviews newest first", async () => {
    expect((await farmReviews(`?farmId=${listed}`)).map((r) => r.comment)).toEqual(['Good', 'Fresh kava'])
  })
  it('shows nothing of a farm that is no longer listed', async () => {
    expect(await farmReviews(`?farmId=${expired}`)).toEqual([])
    expect((await farmReviews()).some((r) => r.farmId === expired)).toBe(false)
  })
  it('refuses a farmId that is not an id', async () => {
    expect((await api.fetch('/api/farm-reviews?farmId=abc')).status).toBe(400)
  })
})

describe('POST /api/farm-reviews', () => {
  it('publishes the review at once (201, the review back)', async () => {
    const res = await api.postJson('/api/farm-reviews', { farmId: quiet, comment: 'Lovely cabbages' })
    expect(res.status).toBe(201)
    const review = FarmReviewSchema.parse(await res.json())
    expect(review).toMatchObject({ farmId: quiet, rating: 5, comment: 'Lovely cabbages' })
    expect((await farmReviews(`?farmId=${quiet}`)).map((r) => r.id)).toEqual([review.id])
  })

  it("answers 404 'Farm not found' for an unknown or expired farm", async () => {
    for (const farmId of [randomUUID(), expired]) {
      const res = await api.postJson('/api/farm-reviews', { farmId, rating: 3, comment: 'Hello' })
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({ message: messages.farmReviews.farmNotFound })
    }
  })

  it('refuses an empty or too long comment with the spec messages', async () => {
    for (const [comment, message] of [
      ['  ', messages.farmReviews.commentRequired],
      ['x'.repeat(1001), messages.farmReviews.commentMax],
    ] as const) {
      const res = await api.postJson('/api/farm-reviews', { farmId: listed, comment })
      expect(res.status).toBe(400)
      expect(((await res.json()) as { message: string }).message).toBe(message)
    }
  })

  it('is idempotent under an Idempotency-Key', async () => {
    const headers = { 'Idempotency-Key': randomUUID() }
    const body = { farmId: listed, rating: 2, comment: 'Sent twice by the outbox' }
    const first = await api.postJson('/api/farm-reviews', body, headers)
    const second = await api.postJson('/api/farm-reviews', body, headers)
    expect(second.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await second.json()).toEqual(await first.json())
    expect(await api.db.selectFrom('farm_reviews').select('id').where('comment', '=', body.comment).execute()).toHaveLength(1)
  })
})
