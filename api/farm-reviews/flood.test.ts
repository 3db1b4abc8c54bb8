// Farm reviews cannot be flooded (issue 17): one review per farm per address per Fiji day and a
// low hourly cap per address, counted in the database and refused with a clear message: 422 for the
// farm already reviewed today (the reviewer is told, nothing is sent again by itself), 429 for the cap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { randomUUID } from 'node:crypto'
import { messages } from '../contract'
import { insertFarmer } from '../directory/testing'
import { startTestApp, type TestApp } from '../testing/test-app'
import { FARM_REVIEWS_PER_HOUR } from './service'

let api: TestApp
const farms: string[] = []

beforeAll(async () => {
  // Behind one proxy hop, so each test can be its own client address.
  api = await startTestApp({ extend: (deps) => void (deps.config.trustProxyHops = 1) })
  for (let i = 0; i < FARM_REVIEWS_PER_HOUR + 2; i++) farms.push(await insertFarmer(api.db, { name: `Flood Farm ${i}` }))
})
afterAll(() => api.close())

const review = (farmId: string, address: string, comment = 'One star, terrible') =>
  api.postJson('/api/farm-reviews', { farmId, rating: 1, comment }, { 'Idempotency-Key': randomUUID(), 'x-forwarded-for': address })
const reviewCount = async () => Number((await api.db.selectFrom('farm_reviews').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)

// Hundreds of requests at once: slow on a shared machine.
describe('POST /api/farm-reviews against a flood', { timeout: 60_000 }, () => {
  it('300 one-star reviews of one farm from one address: the first is published, the rest refused with 422', async () => {
    const before = await reviewCount()
    const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => review(farms[0]!, '10.9.0.1', `Flood ${i}`)))
    const statuses = answers.map((r) => r.status)
    expect(statuses.filter((s) => s === 201)).toHaveLength(1)
    expect(statuses.filter((s) => s === 422)).toHaveLength(299)
    const refused = answers.find((r) => r.status === 422)!
    expect(await refused.json()).toEqual({ message: messages.farmReviews.alreadyReviewedToday })
    // A refusal, not "try later": nothing tells an outbox to send it again by itself.
    expect(refused.headers.get('retry-after')).toBeNull()
    expect(await reviewCount()).toBe(before + 1)
  })

  it('another address may still review that farm the same day', async () => {
    expect((await review(farms[0]!, '10.9.0.2', 'Lovely dalo')).status).toBe(201)
  })

  it(`one address may review at most ${FARM_REVIEWS_PER_HOUR} farms an hour`, async () => {
    for (const farmId of farms.slice(0, FARM_REVIEWS_PER_HOUR)) expect((await review(farmId, '10.9.0.3')).status).toBe(201)
    const refused = await review(farms[FARM_REVIEWS_PER_HOUR]!, '10.9.0.3')
    expect(refused.status).toBe(429)
    expect(await refused.json()).toEqual({ message: messages.farmReviews.tooManyReviews })
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60 * 60)
    // The cap is the address's, not the farm's.
    expect((await review(farms[FARM_REVIEWS_PER_HOUR]!, '10.9.0.4')).status).toBe(201)
  })

  it('keeps a keyed hash of the address, never the address itself', async () => {
    const rows = await api.db.selectFrom('farm_reviews').select(['senderKey', 'reviewDay']).where('senderKey', 'is not', null).execute()
    expect(new Set(rows.map((r) => r.senderKey)).size).toBe(4)
    for (const row of rows) {
      expect(row.senderKey).toMatch(/^[0-9a-f]{16}$/)
      expect(row.reviewDay).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    }
  })

  it(`reviews of ${FARM_REVIEWS_PER_HOUR + 2} farms sent at once from one address (several servers, PostgreSQL): ${FARM_REVIEWS_PER_HOUR} are published, the rest refused with 429`, async () => {
    const before = await reviewCount()
    const answers = await Promise.all(farms.map((farmId) => review(farmId, '10.9.0.5')))
    expect(answers.map((r) => r.status).sort()).toEqual([...Array.from({ length: FARM_REVIEWS_PER_HOUR }, () => 201), 429, 429])
    expect(await reviewCount()).toBe(before + FARM_REVIEWS_PER_HOUR)
  })
})
