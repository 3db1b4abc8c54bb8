// Issue 17: GET /api/directory/snapshot, the copy a phone keeps to browse offline. It lists exactly
// the listed farmers, revalidates to a bodiless 304, follows writes, and the phone's answers from it
// (sync/outbox/directory-copy.ts) are the server's own answers, URL for URL, page for page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COPY_FLAGS, COPY_PAGE_SIZES, answerFromCopy, indexCopy } from '../../sync/outbox/directory-copy'
import { DirectorySnapshotSchema, FARMER_PAGE_DEFAULT, FARMER_PAGE_MAX, FIRST_PAGE_SIZE, SNAPSHOT_FLAGS, type DirectorySnapshot } from '../contract'
import { startTestApp, type TestApp } from '../testing/test-app'
import { insertFarmer } from './testing'

let api: TestApp

beforeAll(async () => {
  api = await startTestApp()
  const db = api.db
  await insertFarmer(db, { name: 'Alpha Grower', isPremium: 1, deliveryAvailable: 1, town: 'Sabeto', tikina: 'Vuda', email: 'alpha@example.com', cities: ['Suva', 'Nadi'], produce: ['tomatoes', 'Dalo (Taro)'], photoUrls: ['/objects.private/uploads/0b0e5f0e-8d7c-4d55-9a55-6c1f5a2b7c11'] })
  await insertFarmer(db, { name: 'bula Farm', isBulk: 1, cities: [' nadi '], produce: ['Tomatoes', 'Cabbage'] })
  await insertFarmer(db, { name: 'Internal Mail', email: 'farmer-17@vitifarmers.org.fj', cities: ['Lautoka'], produce: ['Eggplant', 'Moringa'] })
  await insertFarmer(db, { name: 'Zed Orchard', isPremium: 1, isBulk: 1, deliveryAvailable: 1, town: 'Nakasi', cities: ['Nausori', 'Suva'], produce: ['Pawpaw (Papaya)', 'tomatoes'] })
  await insertFarmer(db, { name: 'Far Island Farm', cities: ['Rotuma Village'], produce: ['Kava (Yaqona)'] })
  for (let i = 0; i < 7; i++) {
    await insertFarmer(db, { name: `Tomato Grower ${i}`, deliveryAvailable: i % 2 === 1 ? 1 : 0, isBulk: i % 3 === 0 ? 1 : 0, cities: ['Nadi'], produce: ['Tomatoes'] })
  }
  // Never in the copy:
  await insertFarmer(db, { name: 'Expired Grower', from: -30, to: -1, cities: ['Nadi'], produce: ['Tomatoes'] })
  await insertFarmer(db, { name: 'Switched Off', isActive: 0, cities: ['Suva'], produce: ['Cabbage'] })
})
afterAll(() => api.close())

async function snapshot(): Promise<DirectorySnapshot> {
  const res = await api.fetch('/api/directory/snapshot')
  expect(res.status).toBe(200)
  return DirectorySnapshotSchema.parse(await res.json())
}

describe('GET /api/directory/snapshot', () => {
  it('holds every listed farmer once, in list order, with cities and produce named once', async () => {
    const copy = await snapshot()
    const [id, name, phone, email, website, town, tikina, cities, produce, flags, photoUrls] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const
    expect(copy.farmers.map((f) => f[name])).toEqual([
      'Alpha Grower', 'Zed Orchard', 'bula Farm', 'Far Island Farm', 'Internal Mail',
      ...Array.from({ length: 7 }, (_, i) => `Tomato Grower ${i}`),
    ])
    // Spelled as the locations and produce lists spell them; names farmers use that are not in a list, as they wrote them.
    expect(copy.cities).toEqual(['Lautoka', 'Nadi', 'Nausori', 'Rotuma Village', 'Suva'])
    expect(copy.produce.map((p) => p.name)).toEqual(['Cabbage', 'Dalo (Taro)', 'Eggplant', 'Kava (Yaqona)', 'Moringa', 'Pawpaw (Papaya)', 'Tomatoes'])
    expect(copy.produce.find((p) => p.name === 'Moringa')?.id).toBeNull()
    expect(copy.produce.find((p) => p.name === 'Tomatoes')?.id).toEqual(expect.any(Number))
    const alpha = copy.farmers[0]!
    expect(alpha[id]).toMatch(/^[0-9a-f-]{36}$/)
    expect([alpha[phone], alpha[email], alpha[website], alpha[town], alpha[tikina]]).toEqual(['+679 900 0000', 'alpha@example.com', null, 'Sabeto', 'Vuda'])
    expect(alpha[cities].map((i) => copy.cities[i])).toEqual(['Suva', 'Nadi'])
    expect(alpha[produce].map((i) => copy.produce[i]!.name)).toEqual(['Tomatoes', 'Dalo (Taro)'])
    expect(alpha[flags]).toBe(SNAPSHOT_FLAGS.premium | SNAPSHOT_FLAGS.delivery)
    expect(alpha[photoUrls]).toEqual(['/objects/uploads/0b0e5f0e-8d7c-4d55-9a55-6c1f5a2b7c11'])
    expect(copy.farmers.find((f) => f[name] === 'Internal Mail')?.[email]).toBeNull()
  })

  it('is compressed, revalidates to a bodiless 304, and a write makes the next one a fresh 200', async () => {
    const first = await api.fetch('/api/directory/snapshot', { headers: { 'accept-encoding': 'gzip' } })
    expect(first.headers.get('content-encoding')).toBe('gzip')
    expect(first.headers.get('cache-control')).toBe('no-cache')
    const etag = first.headers.get('etag')
    expect(etag).toBeTruthy()
    await first.arrayBuffer()
    // What the phone sends (sync/outbox/directory-copy-store.ts).
    const revalidate = { 'if-none-match': etag!, 'cache-control': 'max-age=0' }
    const again = await api.fetch('/api/directory/snapshot', { headers: revalidate })
    expect(again.status).toBe(304)
    expect((await again.arrayBuffer()).byteLength).toBe(0)

    const id = await insertFarmer(api.db, { name: 'Newcomer', cities: ['Ba'], produce: ['Pumpkin'] })
    const changed = await api.fetch('/api/directory/snapshot', { headers: revalidate })
    expect(changed.status).toBe(200)
    expect(changed.headers.get('etag')).not.toBe(etag)
    expect(DirectorySnapshotSchema.parse(await changed.json()).farmers.map((f) => f[1])).toContain('Newcomer')
    await api.db.deleteFrom('farmers').where('id', '=', id).execute()
  })
})

describe("the phone's answers from the copy are the server's", () => {
  // Cards offline name a farmer's cities and produce as the lists spell them ('tomatoes' → 'Tomatoes').
  const spelling = (value: unknown): unknown =>
    JSON.parse(JSON.stringify(value), (key, v: unknown) => {
      if ((key === 'cities' || key === 'produce') && Array.isArray(v)) return v.map((s) => String(s).trim().toLowerCase())
      if (key === 'city' && typeof v === 'string') return v.trim().toLowerCase()
      return v
    })

  it('uses the contract page sizes and flag bits', () => {
    expect(COPY_PAGE_SIZES).toEqual({ first: FIRST_PAGE_SIZE, default: FARMER_PAGE_DEFAULT, max: FARMER_PAGE_MAX })
    expect(COPY_FLAGS).toEqual(SNAPSHOT_FLAGS)
  })

  it('every list, town, produce, page, filter and search', async () => {
    const copy = indexCopy(await snapshot())
    const availability = (await (await api.fetch('/api/produce/availability')).json()) as { id: number }[]
    const enc = encodeURIComponent
    const pages = ['', '?page=2&limit=2', '?page=1&limit=3&delivery=true', '?bulk=true&delivery=true', '?limit=500', '?page=9']
    const urls = ['/api/farmers/locations', '/api/produce/availability']
    for (const city of ['Nadi', 'suva', 'Lautoka', 'Rotuma Village', 'Nowhere']) {
      urls.push(`/api/produce/by-location/${enc(city)}`)
      for (const page of pages) urls.push(`/api/farmers/locations/${enc(city)}/farmers${page}`)
      for (const produce of ['Tomatoes', 'dalo (taro)', 'Moringa', 'Nothing']) {
        for (const page of pages) urls.push(`/api/farmers/by-location-and-produce/${enc(city)}/${enc(produce)}${page}`)
      }
    }
    for (const { id } of availability) for (const page of pages) urls.push(`/api/produce/availability/${id}/farmers${page}`)
    for (const search of ['', 'tomato', 'TOMATOES nadi', 'sabeto', 'papaya', 'zzz']) {
      for (const page of pages) urls.push(`/api/farmers?search=${enc(search)}${page.replace('?', '&')}`)
    }
    // Each farmer's own card (the farmer page), upper-case id too.
    for (const [id] of copy.rows) urls.push(`/api/farmers/${id}`)
    urls.push(`/api/farmers/${copy.rows[0]![0].toUpperCase()}`)
    expect(urls.length).toBeGreaterThan(200)
    for (const url of urls) {
      const res = await api.fetch(url)
      expect(res.status, url).toBe(200)
      expect(spelling(answerFromCopy(copy, url)), url).toEqual(spelling(await res.json()))
    }
  }, 120_000)

  it('has no answer where the server refuses, nor for what is not a directory list', async () => {
    const copy = indexCopy(await snapshot())
    for (const url of ['/api/produce/availability/999999/farmers', '/api/farmers?page=0', '/api/farmers/00000000-0000-4000-8000-000000000000', '/api/farmers/locations/Nadi/farmers?limit=abc']) {
      expect((await api.fetch(url)).status, url).toBeGreaterThanOrEqual(400)
      expect(answerFromCopy(copy, url), url).toBeUndefined()
    }
    for (const url of ['/api/admin/farmers', '/api/produce', '/api/farmers/locations/Nadi']) expect(answerFromCopy(copy, url), url).toBeUndefined()
  })
})
