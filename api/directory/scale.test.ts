// Issue 12, the directory at national scale: list answers carry counts and a first page only,
// the dialogs page on; answers are compressed, revalidate to a bodiless 304, follow every write at
// once, and every directory query reads indexes (never every farmer).
import { Kysely, SqliteDialect, type CompiledQuery } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { Database } from '../../db/schema'
import { AvailabilityFarmerPageSchema, FARMER_PAGE_MAX, FIRST_PAGE_SIZE, FarmerLocationSchema, ProduceAvailabilitySchema, PublicFarmerPageSchema } from '../contract'
import { startSqliteTestApp, type SqliteTestApp } from '../testing/test-app'
import { directoryService } from './service'
import { insertFarmer } from './testing'

let api: SqliteTestApp
const SELLERS = 12
const PREMIUM = ['Pumpkin Farm 03', 'Pumpkin Farm 09']
const PLAIN = Array.from({ length: SELLERS }, (_, i) => `Pumpkin Farm ${String(i).padStart(2, '0')}`).filter((n) => !PREMIUM.includes(n))

beforeAll(async () => {
  api = await startSqliteTestApp()
  // Inserted in reverse, so an answer in name order is the server's doing.
  for (let i = SELLERS - 1; i >= 0; i--) {
    const name = `Pumpkin Farm ${String(i).padStart(2, '0')}`
    await insertFarmer(api.db, { name, isPremium: PREMIUM.includes(name) ? 1 : 0, cities: ['Ba'], produce: ['Pumpkin', 'Okra (Bhindi)'] })
  }
  await insertFarmer(api.db, { name: 'Lapsed Pumpkin', from: -30, to: -2, cities: ['Ba'], produce: ['Pumpkin'] })
})
afterAll(() => api.close())

const availability = async () => z.array(ProduceAvailabilitySchema).parse(await (await api.fetch('/api/produce/availability')).json())

describe('counts plus a first page, then page by page', () => {
  it('availability: the full count, and only the first page of farmers, premium first then name', async () => {
    const pumpkin = (await availability()).find((p) => p.name === 'Pumpkin')
    expect(pumpkin?.farmerCount).toBe(SELLERS)
    expect(pumpkin?.farmers.map((f) => f.name)).toEqual([...PREMIUM, ...PLAIN].slice(0, FIRST_PAGE_SIZE))
  })

  it('locations: the full count, and only the first page of farmers', async () => {
    const res = await api.fetch('/api/farmers/locations')
    const ba = z.array(FarmerLocationSchema).parse(await res.json()).find((l) => l.city === 'Ba')
    expect(ba?.farmerCount).toBe(SELLERS)
    expect(ba?.farmers).toHaveLength(FIRST_PAGE_SIZE)
  })

  it('the pages after the first one continue the same order without repeats or gaps', async () => {
    const id = (await availability()).find((p) => p.name === 'Pumpkin')?.id
    const names: string[] = []
    for (let page = 1; page <= 3; page++) {
      const answer = AvailabilityFarmerPageSchema.parse(await (await api.fetch(`/api/produce/availability/${id}/farmers?page=${page}&limit=5`)).json())
      expect(answer.farmerCount).toBe(SELLERS)
      names.push(...answer.farmers.map((f) => f.name))
    }
    expect(names).toEqual([...PREMIUM, ...PLAIN])
  })

  it('a limit above the cap is cut to it', async () => {
    const answer = PublicFarmerPageSchema.parse(await (await api.fetch('/api/farmers/locations/Ba/farmers?limit=5000')).json())
    expect(answer.limit).toBe(FARMER_PAGE_MAX)
    expect(answer.farmers).toHaveLength(SELLERS)
  })
})

describe('compressed and cacheable answers', () => {
  it('compresses JSON for a client that accepts gzip', async () => {
    const res = await api.fetch('/api/produce/availability', { headers: { 'accept-encoding': 'gzip' } })
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(res.headers.get('cache-control')).toBe('no-cache')
  })

  it('a revalidation with the ETag answers 304 with no body; a write makes the next one a fresh 200', async () => {
    const first = await api.fetch('/api/farmers/locations')
    const etag = first.headers.get('etag')
    expect(etag).toBeTruthy()
    await first.arrayBuffer()

    // As a browser's HTTP cache revalidates under the service worker (fetch() itself would add
    // 'Cache-Control: no-cache' to a hand-made conditional request, which asks past any ETag).
    const revalidate = { 'if-none-match': etag!, 'cache-control': 'max-age=0' }
    const again = await api.fetch('/api/farmers/locations', { headers: revalidate })
    expect(again.status).toBe(304)
    expect((await again.arrayBuffer()).byteLength).toBe(0)

    await insertFarmer(api.db, { name: 'Newcomer', cities: ['Ba'], produce: ['Pumpkin'] })
    const changed = await api.fetch('/api/farmers/locations', { headers: revalidate })
    expect(changed.status).toBe(200)
    expect(changed.headers.get('etag')).not.toBe(etag)
    const ba = z.array(FarmerLocationSchema).parse(await changed.json()).find((l) => l.city === 'Ba')
    expect(ba?.farmerCount).toBe(SELLERS + 1)
    await api.db.deleteFrom('farmers').where('name', '=', 'Newcomer').execute()
    expect((await availability()).find((p) => p.name === 'Pumpkin')?.farmerCount).toBe(SELLERS)
  })
})

describe('query plans', () => {
  it('every directory query reads through an index, never a scan of farmers or of the pairs', async () => {
    const queries: CompiledQuery[] = []
    const logged = new Kysely<Database>({
      dialect: new SqliteDialect({ database: api.sqlite }),
      log: (event) => void queries.push(event.query),
    })
    const service = directoryService(logged, 'vitifarmers.org.fj')
    const page = { page: 1, limit: 20 }
    await service.produceAvailability()
    await service.farmerLocations()
    await service.produceInCity('Ba')
    await service.cityFarmers('Ba', { ...page, delivery: true })
    await service.farmersByCityAndProduce('Ba', 'Pumpkin', page)
    await service.searchFarmers({ ...page })
    const plans = queries
      .filter((q) => /farmer_(cities|produce)|from farmers/.test(q.sql))
      .map((q) => ({
        sql: q.sql,
        plan: (api.sqlite.prepare(`explain query plan ${q.sql}`).all(...(q.parameters as unknown[])) as { detail: string }[]).map((r) => r.detail),
      }))
    expect(plans.length).toBeGreaterThan(6)
    for (const { sql, plan } of plans) {
      for (const step of plan) expect(step, `${sql}\n${plan.join('\n')}`).not.toMatch(/^SCAN (f|p|c|farmers|farmer_cities|farmer_produce)$/)
    }
    const all = plans.flatMap((p) => p.plan).join('\n')
    for (const index of ['farmer_produce_listed_idx', 'farmer_cities_listed_idx', 'farmer_produce_order_idx', 'farmer_cities_order_idx']) {
      expect(all).toContain(index)
    }
  })
})
