// Farm reviews at national scale (issue 12): with thousands of listed farms and reviews, the farm
// reviews page's answers stay small pages, and every query reads through an index (never every
// farmer or every review).
import { randomUUID } from 'node:crypto'
import { Kysely, SqliteDialect, type CompiledQuery } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../db/schema'
import { FARMER_PAGE_MAX, FarmReviewPageSchema, FarmsWithRatingsPageSchema } from '../contract'
import { fijiMidnight } from '../directory/testing'
import { startSqliteTestApp, type SqliteTestApp } from '../testing/test-app'
import { farmReviewsService } from './service'

let api: SqliteTestApp
const FARMS = 3000
const CITIES = ['Ba', 'Nadi', 'Suva', 'Labasa']

beforeAll(async () => {
  api = await startSqliteTestApp()
  const farmer = api.sqlite.prepare(
    `insert into farmers (id, name, phone, town, cities, produce, photoUrls, isActive, subscriptionStart, subscriptionEnd) values (?, ?, '+679 900 0000', 'Sawani', ?, '["Dalo (Taro)","Bele"]', '[]', 1, ?, ?)`,
  )
  const review = api.sqlite.prepare('insert into farm_reviews (id, farmId, rating, comment, createdAt) values (?, ?, ?, ?, ?)')
  const [from, to] = [fijiMidnight(-10), fijiMidnight(10)]
  api.sqlite.transaction(() => {
    for (let i = 0; i < FARMS; i++) {
      const id = randomUUID()
      farmer.run(id, `Farm ${String(FARMS - i).padStart(5, '0')}`, JSON.stringify([CITIES[i % CITIES.length]]), from, to)
      for (let j = 0; j < 3; j++) review.run(randomUUID(), id, 1 + ((i + j) % 5), `Review ${j} of farm ${i}, fresh and on time`, new Date(Date.UTC(2026, 0, 1, 0, 0, i * 3 + j)).toISOString())
    }
  })()
})
afterAll(() => api.close())

const fetchBody = async (url: string) => {
  const res = await api.fetch(url)
  expect(res.status, url).toBe(200)
  const text = await res.text()
  return { bytes: Buffer.byteLength(text), json: JSON.parse(text) as unknown }
}

describe('small answers at scale', () => {
  it('farms with ratings: the whole count, one page of at most 50 farms, well under 100 KB', async () => {
    for (const url of ['/api/farms-with-ratings', '/api/farms-with-ratings?limit=5000&page=7', '/api/farms-with-ratings?city=Nadi&limit=50']) {
      const { bytes, json } = await fetchBody(url)
      const answer = FarmsWithRatingsPageSchema.parse(json)
      expect(answer.farms.length).toBeLessThanOrEqual(FARMER_PAGE_MAX)
      expect(answer.farmCount).toBe(url.includes('city=') ? FARMS / CITIES.length : FARMS)
      expect(bytes, url).toBeLessThan(100_000)
    }
    const first = FarmsWithRatingsPageSchema.parse((await fetchBody('/api/farms-with-ratings?limit=2')).json)
    expect(first.farms.map((f) => f.farmer.name)).toEqual(['Farm 00001', 'Farm 00002'])
    expect(first.farms[0]?.reviewCount).toBe(3)
  })

  it('farm reviews: every review counted, one page newest first, well under 100 KB', async () => {
    const { bytes, json } = await fetchBody('/api/farm-reviews?limit=5000')
    const answer = FarmReviewPageSchema.parse(json)
    expect(answer.reviewCount).toBe(FARMS * 3)
    expect(answer.reviews).toHaveLength(FARMER_PAGE_MAX)
    expect(answer.reviews[0]?.comment).toBe(`Review 2 of farm ${FARMS - 1}, fresh and on time`)
    expect(bytes).toBeLessThan(100_000)
  })
})

describe('query plans', () => {
  it('every farm reviews query reads through an index, never a scan of farmers, pairs or reviews', async () => {
    const queries: CompiledQuery[] = []
    const logged = new Kysely<Database>({ dialect: new SqliteDialect({ database: api.sqlite }), log: (event) => void queries.push(event.query) })
    const service = farmReviewsService(logged)
    const page = { page: 2, limit: 20 }
    const { farms } = await service.farmsWithRatings(page)
    await service.farmsWithRatings({ ...page, city: 'Suva' })
    await service.farmsWithRatings({ ...page, farmId: farms[0]!.farmer.id })
    await service.reviews(page)
    await service.reviews({ ...page, farmId: farms[0]!.farmer.id })
    const plans = queries.map((q) => ({
      sql: q.sql,
      plan: (api.sqlite.prepare(`explain query plan ${q.sql}`).all(...(q.parameters as unknown[])) as { detail: string }[]).map((r) => r.detail),
    }))
    expect(plans.length).toBeGreaterThanOrEqual(10)
    for (const { sql, plan } of plans) {
      for (const step of plan) expect(step, `${sql}\n${plan.join('\n')}`).not.toMatch(/^SCAN (f|p|r|farmers|farmer_cities|farm_reviews)\b(?! USING)/)
      expect(plan.join('\n'), sql).not.toContain('USE TEMP B-TREE FOR ORDER BY')
    }
    const all = plans.flatMap((p) => p.plan).join('\n')
    for (const index of ['farm_reviews_rating_idx', 'farmers_name_idx', 'farmer_cities_name_idx', 'farm_reviews_newest_idx', 'farm_reviews_farm_newest_idx']) expect(all).toContain(index)
  })
})
