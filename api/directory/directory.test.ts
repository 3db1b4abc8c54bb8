import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  AvailabilityFarmerPageSchema,
  FIRST_PAGE_SIZE,
  FarmerLocationSchema,
  ProduceAvailabilitySchema,
  ProduceInCitySchema,
  PublicFarmerPageSchema,
} from '../contract'
import { startTestApp, type TestApp } from '../testing/test-app'
import { fijiDayBounds } from './public-listing'
import { fijiMidnight, insertFarmer } from './testing'

let api: TestApp
const ids: Record<string, string> = {}
const LISTED = ['Alpha Grower', 'Ends Today', 'Starts Today', 'Bare Dates', 'Internal Mail', 'Bulk Only']
const UNLISTED = ['Expired Yesterday', 'Ended Last Night', 'Starts Tomorrow', 'Switched Off', 'No Dates']

beforeAll(async () => {
  api = await startTestApp()
  const db = api.db
  const today = fijiDayBounds(new Date())
  ids.alpha = await insertFarmer(db, {
    name: 'Alpha Grower', email: 'alpha@example.com', isPremium: 1, deliveryAvailable: 1, town: 'Sabeto', tikina: 'Vuda',
    cities: ['Suva', 'Nadi'], produce: ['tomatoes', 'Dalo (Taro)'], photoUrls: ['/objects/uploads/0b0e5f0e-8d7c-4d55-9a55-6c1f5a2b7c11'],
  })
  ids.endsToday = await insertFarmer(db, { name: 'Ends Today', from: -30, to: 0, cities: ['Suva'], produce: ['Tomatoes'] })
  ids.startsToday = await insertFarmer(db, { name: 'Starts Today', from: 0, to: 30, cities: ['suva'], produce: ['Cabbage'] })
  ids.bare = await insertFarmer(db, { name: 'Bare Dates', subscriptionStart: today.date, subscriptionEnd: today.date, cities: ['Nadi'], produce: ['Tomatoes'] })
  ids.internal = await insertFarmer(db, { name: 'Internal Mail', email: 'farmer-17@vitifarmers.org.fj', cities: ['Lautoka'], produce: ['Eggplant'] })
  ids.bulk = await insertFarmer(db, { name: 'Bulk Only', email: 'bulk@example.com', isBulk: 1, cities: ['Nadi'], produce: ['Cabbage'] })
  // Never public:
  await insertFarmer(db, { name: 'Expired Yesterday', from: -30, to: -1, produce: ['Tomatoes'] })
  await insertFarmer(db, {
    name: 'Ended Last Night', subscriptionStart: fijiMidnight(-30),
    subscriptionEnd: new Date(Date.parse(fijiMidnight(0)) - 1).toISOString(), produce: ['Tomatoes'],
  })
  await insertFarmer(db, { name: 'Starts Tomorrow', from: 1, to: 30, produce: ['Tomatoes'] })
  await insertFarmer(db, { name: 'Switched Off', isActive: 0, produce: ['Tomatoes'] })
  await insertFarmer(db, { name: 'No Dates', subscriptionStart: null, subscriptionEnd: null, produce: ['Tomatoes'] })
})
afterAll(() => api.close())

async function getJson<T extends z.ZodType>(path: string, schema: T): Promise<z.infer<T>> {
  const res = await api.fetch(path)
  expect(res.status, path).toBe(200)
  return schema.parse(await res.json())
}
const farmers = PublicFarmerPageSchema
/** Every farmer of a paged list, page after page (the dialogs' "Show more"). */
async function allPages(path: string): Promise<string[]> {
  const names: string[] = []
  for (let page = 1; ; page++) {
    const answer = await getJson(`${path}${path.includes('?') ? '&' : '?'}page=${page}&limit=2`, farmers)
    names.push(...answer.farmers.map((f) => f.name))
    if (page * answer.limit >= answer.farmerCount) return names
  }
}

describe('GET /api/farmers (home search)', () => {
  it('lists exactly the public farmers: active with today (Fiji) inside the subscription, ends-today included', async () => {
    const answer = await getJson('/api/farmers', farmers)
    expect(answer.farmerCount).toBe(LISTED.length)
    const names = answer.farmers.map((f) => f.name)
    expect([...names].sort()).toEqual([...LISTED].sort())
    for (const hidden of UNLISTED) expect(names).not.toContain(hidden)
  })

  it('puts premium farmers first, then orders by name', async () => {
    const names = await allPages('/api/farmers')
    expect(names).toHaveLength(LISTED.length)
    expect(names[0]).toBe('Alpha Grower')
    expect(names.slice(1)).toEqual([...names.slice(1)].sort((a, b) => a.localeCompare(b)))
  })

  it('hides e-mails on the internal mail domain and keeps real ones', async () => {
    const list = (await getJson('/api/farmers', farmers)).farmers
    expect(list.find((f) => f.name === 'Internal Mail')?.email).toBeNull()
    expect(list.find((f) => f.name === 'Alpha Grower')?.email).toBe('alpha@example.com')
  })

  it('shows the photos, first one first, for the card', async () => {
    const alpha = (await getJson('/api/farmers', farmers)).farmers.find((f) => f.id === ids.alpha)
    expect(alpha?.photoUrls[0]).toBe('/objects/uploads/0b0e5f0e-8d7c-4d55-9a55-6c1f5a2b7c11')
  })

  it('searches name, produce, village, tikina and cities, every word must match', async () => {
    const search = async (q: string) => (await getJson(`/api/farmers?search=${encodeURIComponent(q)}`, farmers)).farmers.map((f) => f.name).sort()
    expect(await search('taro')).toEqual(['Alpha Grower'])
    expect(await search('SABETO')).toEqual(['Alpha Grower'])
    expect(await search('vuda tomatoes')).toEqual(['Alpha Grower'])
    expect(await search('cabbage nadi')).toEqual(['Bulk Only'])
    expect(await search('lautoka')).toEqual(['Internal Mail'])
    expect(await search('kava')).toEqual([])
  })

  it('narrows with delivery=true and bulk=true; false does not filter', async () => {
    expect((await getJson('/api/farmers?delivery=true', farmers)).farmers.map((f) => f.name)).toEqual(['Alpha Grower'])
    expect((await getJson('/api/farmers?bulk=true', farmers)).farmers.map((f) => f.name)).toEqual(['Bulk Only'])
    expect((await getJson('/api/farmers?delivery=false', farmers)).farmerCount).toBe(LISTED.length)
    expect((await api.fetch('/api/farmers?bulk=yes')).status).toBe(400)
  })
})

describe('GET /api/produce/availability', () => {
  it('counts listed sellers per active produce (names matched case-insensitively), most first', async () => {
    const list = await getJson('/api/produce/availability', z.array(ProduceAvailabilitySchema))
    const tomatoes = list.find((p) => p.name === 'Tomatoes')
    expect(tomatoes?.farmerCount).toBe(3)
    expect(tomatoes?.farmers.map((f) => f.name).sort()).toEqual(['Alpha Grower', 'Bare Dates', 'Ends Today'])
    expect(list[0]?.name).toBe('Tomatoes')
    const counts = list.map((p) => p.farmerCount)
    expect(counts).toEqual([...counts].sort((a, b) => b - a))
    expect(list.every((p) => p.farmers.length === Math.min(p.farmerCount, FIRST_PAGE_SIZE) && p.farmerCount > 0)).toBe(true)
    const everyone = new Set(list.flatMap((p) => p.farmers.map((f) => f.name)))
    for (const hidden of UNLISTED) expect(everyone.has(hidden)).toBe(false)
  })

  it('gives each farmer its first city and hides internal e-mails', async () => {
    const list = await getJson('/api/produce/availability', z.array(ProduceAvailabilitySchema))
    const alpha = list.find((p) => p.name === 'Tomatoes')?.farmers.find((f) => f.id === ids.alpha)
    expect(alpha).toMatchObject({ city: 'Suva', isPremium: true, deliveryAvailable: true, town: 'Sabeto' })
    expect(list.find((p) => p.name === 'Eggplant')?.farmers[0]?.email).toBeNull()
  })
})

describe('browse by city', () => {
  it('GET /api/farmers/locations: cities of listed farmers with counts, case folded', async () => {
    const list = await getJson('/api/farmers/locations', z.array(FarmerLocationSchema))
    expect(list.map((l) => [l.city, l.farmerCount])).toEqual([
      ['Lautoka', 1],
      ['Nadi', 3],
      ['Suva', 3],
    ])
    expect(list.find((l) => l.city === 'Lautoka')?.farmers[0]?.email).toBeNull()
  })

  it('GET /api/produce/by-location/:city: produce of that city, most sellers first', async () => {
    const list = await getJson('/api/produce/by-location/Suva', z.array(ProduceInCitySchema))
    expect(list).toEqual([
      { name: 'Tomatoes', farmerCount: 2 },
      { name: 'Cabbage', farmerCount: 1 },
      { name: 'Dalo (Taro)', farmerCount: 1 },
    ])
    expect(await getJson('/api/produce/by-location/Levuka', z.array(ProduceInCitySchema))).toEqual([])
  })

  it('GET /api/farmers/by-location-and-produce/:city/:produce: listed sellers only', async () => {
    const list = await getJson('/api/farmers/by-location-and-produce/Suva/Tomatoes', farmers)
    expect(list.farmers.map((f) => f.name)).toEqual(['Alpha Grower', 'Ends Today'])
    const taro = await getJson(`/api/farmers/by-location-and-produce/nadi/${encodeURIComponent('dalo (taro)')}`, farmers)
    expect(taro.farmers.map((f) => f.name)).toEqual(['Alpha Grower'])
    expect(await getJson('/api/farmers/by-location-and-produce/Suva/Kava', farmers)).toEqual({ farmerCount: 0, page: 1, limit: 20, farmers: [] })
  })

  it('GET /api/farmers/locations/:city/farmers: the city\'s listed farmers page by page, premium first', async () => {
    expect(await allPages('/api/farmers/locations/suva/farmers')).toEqual(['Alpha Grower', 'Ends Today', 'Starts Today'])
    expect(await allPages('/api/farmers/locations/Suva/farmers?delivery=true')).toEqual(['Alpha Grower'])
  })

  it('GET /api/produce/availability/:id/farmers: a produce\'s listed farmers page by page; 404 for an unknown produce', async () => {
    const tomatoes = (await getJson('/api/produce/availability', z.array(ProduceAvailabilitySchema))).find((p) => p.name === 'Tomatoes')
    const page = await getJson(`/api/produce/availability/${tomatoes?.id}/farmers?limit=2`, AvailabilityFarmerPageSchema)
    expect(page).toMatchObject({ farmerCount: 3, page: 1, limit: 2 })
    expect(page.farmers.map((f) => f.name)).toEqual(['Alpha Grower', 'Bare Dates'])
    const next = await getJson(`/api/produce/availability/${tomatoes?.id}/farmers?limit=2&page=2`, AvailabilityFarmerPageSchema)
    expect(next.farmers.map((f) => f.name)).toEqual(['Ends Today'])
    expect((await api.fetch('/api/produce/availability/99999/farmers')).status).toBe(404)
    expect((await api.fetch('/api/produce/availability/1/farmers?page=0')).status).toBe(400)
  })
})
