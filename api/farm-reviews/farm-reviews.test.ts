import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FARMER_PAGE_DEFAULT, FARMER_PAGE_MAX, FarmReviewPageSchema, FarmReviewSchema, FarmsWithRatingsPageSchema, messages } from '../contract'
import { insertFarmer } from '../directory/testing'
import { queuedKey } from '../testing/send'
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

const farmReviews = async (query = '') => FarmReviewPageSchema.parse(await (await api.fetch(`/api/farm-reviews${query}`)).json())
const farmsWithRatings = async (query = '') => FarmsWithRatingsPageSchema.parse(await (await api.fetch(`/api/farms-with-ratings${query}`)).json())

describe('GET /api/farms-with-ratings', () => {
  it('gives a page of listed farms only, by name, with their average rating and count', async () => {
    const answer = await farmsWithRatings()
    expect(answer).toMatchObject({ farmCount: 2, page: 1, limit: FARMER_PAGE_DEFAULT })
    expect(answer.farms.map((f) => f.farmer.name)).toEqual(['Quiet Farm', 'Rated Farm'])
    expect(answer.farms.find((f) => f.farmer.id === listed)).toEqual({
      farmer: { id: listed, name: 'Rated Farm', isDemo: false, town: 'Sawani', cities: ['Nausori', 'Suva', 'Nasinu'], produce: ['Kava (Yaqona)'] },
      averageRating: 4.5,
      reviewCount: 2,
    })
    expect(answer.farms.find((f) => f.farmer.id === quiet)).toMatchObject({ averageRating: 0, reviewCount: 0 })
  })

  it('pages on in the same order, the limit cut to the cap', async () => {
    expect((await farmsWithRatings('?limit=1&page=2')).farms.map((f) => f.farmer.name)).toEqual(['Rated Farm'])
    expect((await farmsWithRatings('?limit=1&page=3')).farms).toEqual([])
    expect((await farmsWithRatings('?limit=5000')).limit).toBe(FARMER_PAGE_MAX)
  })

  it('narrows to the farms serving a city (any case), or to one listed farm', async () => {
    const nausori = await farmsWithRatings('?city=nausori')
    expect(nausori.farmCount).toBe(1)
    expect(nausori.farms.map((f) => f.farmer.id)).toEqual([listed])
    expect((await farmsWithRatings(`?farmId=${quiet}`)).farms.map((f) => f.farmer.name)).toEqual(['Quiet Farm'])
    expect(await farmsWithRatings(`?farmId=${expired}`)).toMatchObject({ farmCount: 0, farms: [] })
  })

  it('revalidates to a bodiless 304, and a new review makes it a fresh 200', async () => {
    const first = await api.fetch('/api/farms-with-ratings?city=Nasinu')
    const etag = first.headers.get('etag')
    expect(etag).toBeTruthy()
    await first.arrayBuffer()
    const revalidate = { 'if-none-match': etag!, 'cache-control': 'max-age=0' }
    const again = await api.fetch('/api/farms-with-ratings?city=Nasinu', { headers: revalidate })
    expect(again.status).toBe(304)
    expect((await again.arrayBuffer()).byteLength).toBe(0)

    await api.db.insertInto('farm_reviews').values({ id: randomUUID(), farmId: listed, rating: 3, comment: 'Fine', createdAt: '2026-01-04T00:00:00.000Z' }).execute()
    const changed = await api.fetch('/api/farms-with-ratings?city=Nasinu', { headers: revalidate })
    expect(changed.status).toBe(200)
    expect(FarmsWithRatingsPageSchema.parse(await changed.json()).farms[0]).toMatchObject({ averageRating: 4, reviewCount: 3 })
    await api.db.deleteFrom('farm_reviews').where('comment', '=', 'Fine').execute()
  })
})

describe('GET /api/farm-reviews', () => {
  it("gives a page of one farm's reviews newest first", async () => {
    const answer = await farmReviews(`?farmId=${listed}`)
    expect(answer).toMatchObject({ reviewCount: 2, page: 1 })
    expect(answer.reviews.map((r) => r.comment)).toEqual(['Good', 'Fresh kava'])
    expect((await farmReviews(`?farmId=${listed}&limit=1&page=2`)).reviews.map((r) => r.comment)).toEqual(['Fresh kava'])
  })
  it('without farmId gives a page of every listed farm’s reviews newest first, the limit capped', async () => {
    const answer = await farmReviews('?limit=1')
    expect(answer.reviewCount).toBe((await farmReviews()).reviews.length)
    expect(answer.reviews).toHaveLength(1)
    expect((await farmReviews('?limit=5000')).limit).toBe(FARMER_PAGE_MAX)
  })
  it('shows nothing of a farm that is no longer listed', async () => {
    expect(await farmReviews(`?farmId=${expired}`)).toMatchObject({ reviewCount: 0, reviews: [] })
    expect((await farmReviews()).reviews.some((r) => r.farmId === expired)).toBe(false)
  })
  it('refuses a farmId that is not an id', async () => {
    expect((await api.fetch('/api/farm-reviews?farmId=abc')).status).toBe(400)
  })
})

describe('POST /api/farm-reviews', () => {
  it('publishes the review at once (201, the review back)', async () => {
    const res = await api.postJson('/api/farm-reviews', { farmId: quiet, comment: 'Lovely cabbages' }, queuedKey())
    expect(res.status).toBe(201)
    const review = FarmReviewSchema.parse(await res.json())
    expect(review).toMatchObject({ farmId: quiet, rating: 5, comment: 'Lovely cabbages' })
    expect((await farmReviews(`?farmId=${quiet}`)).reviews.map((r) => r.id)).toEqual([review.id])
  })

  it("answers 404 'Farm not found' for an unknown or expired farm", async () => {
    for (const farmId of [randomUUID(), expired]) {
      const res = await api.postJson('/api/farm-reviews', { farmId, rating: 3, comment: 'Hello' }, queuedKey())
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({ message: messages.farmReviews.farmNotFound })
    }
  })

  it('refuses an empty or too long comment with the spec messages', async () => {
    for (const [comment, message] of [
      ['  ', messages.farmReviews.commentRequired],
      ['x'.repeat(1001), messages.farmReviews.commentMax],
    ] as const) {
      const res = await api.postJson('/api/farm-reviews', { farmId: listed, comment }, queuedKey())
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
