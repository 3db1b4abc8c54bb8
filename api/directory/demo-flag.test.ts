// Demo data is never mistaken for real farmers (issue 8): every public farmer object says whether
// it is demo data, so the cards and dialogs can badge it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { FarmsWithRatingsPageSchema, FarmerLocationSchema, ProduceAvailabilitySchema, PublicFarmerPageSchema } from '../contract'
import { startTestApp, type TestApp } from '../testing/test-app'
import { insertFarmer } from './testing'

let api: TestApp
let realId: string

beforeAll(async () => {
  api = await startTestApp({ demo: true })
  realId = await insertFarmer(api.db, { name: 'Real Grower', cities: ['Suva'], produce: ['Bele'] })
})
afterAll(() => api.close())

async function get<T extends z.ZodType>(path: string, schema: T): Promise<z.infer<T>> {
  const res = await api.fetch(path)
  expect(res.status, path).toBe(200)
  return schema.parse(await res.json())
}

describe('isDemo on public farmers', () => {
  it('is true for the demo set and false for a real farmer, on every public list', async () => {
    const flags = new Map<string, boolean>()
    const note = (f: { id: string; isDemo: boolean }) => flags.set(f.id, f.isDemo)
    ;(await get('/api/farmers?limit=50', PublicFarmerPageSchema)).farmers.forEach(note)
    ;(await get('/api/farmers/locations', z.array(FarmerLocationSchema))).forEach((l) => l.farmers.forEach(note))
    ;(await get('/api/produce/availability', z.array(ProduceAvailabilitySchema))).forEach((p) => p.farmers.forEach(note))
    for (let page = 1; page <= 3; page++) (await get(`/api/farms-with-ratings?limit=50&page=${page}`, FarmsWithRatingsPageSchema)).farms.forEach((f) => note(f.farmer))
    ;(await get('/api/farmers/by-location-and-produce/Suva/Bele', PublicFarmerPageSchema)).farmers.forEach(note)

    expect(flags.get(realId)).toBe(false)
    const demo = await api.db.selectFrom('farmers').select('id').where('isDemo', '=', 1).execute()
    const shown = demo.filter((f) => flags.has(f.id))
    expect(shown.length).toBeGreaterThan(20)
    for (const f of shown) expect(flags.get(f.id)).toBe(true)
  })
})
