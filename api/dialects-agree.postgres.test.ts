// The contract's answers are the same bytes on SQLite and PostgreSQL: the same demo data seeded into
// one app on each, every read endpoint asked the same questions, the bodies compared. Only what the
// seed makes differently each time is masked: ids (random UUIDs, numbered by first appearance, so a
// different order still shows) and the instants the rows were written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, seededAdminId, tokenFor } from './testing/staff'
import { startTestAppOn, type TestApp } from './testing/test-app'

let apps: { sqlite: TestApp; postgres: TestApp }
let tokens: { sqlite: string; postgres: string }

beforeAll(async () => {
  const [sqlite, postgres] = await Promise.all([startTestAppOn('sqlite', { demo: true }), startTestAppOn('postgres', { demo: true })])
  apps = { sqlite, postgres }
  tokens = { sqlite: await tokenFor(sqlite.db, await seededAdminId(sqlite.db)), postgres: await tokenFor(postgres.db, await seededAdminId(postgres.db)) }
}, 60_000)
afterAll(async () => {
  await Promise.all([apps?.sqlite.close(), apps?.postgres.close()])
})

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g
const INSTANT = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g

function masked(body: string): string {
  const ids = new Map<string, string>()
  return body.replace(UUID, (id) => ids.get(id) ?? (ids.set(id, `<id ${ids.size + 1}>`), `<id ${ids.size}>`)).replace(INSTANT, '<instant>')
}

async function answer(dialect: 'sqlite' | 'postgres', path: string) {
  const res = await apps[dialect].fetch(path, { headers: { ...bearer(tokens[dialect]), 'accept-encoding': 'identity' } })
  return { status: res.status, type: res.headers.get('content-type'), body: masked(await res.text()) }
}

const PUBLIC = [
  '/api/farmers', '/api/farmers?search=dalo', '/api/farmers?search=NAUSORI%20kava', '/api/farmers?delivery=true&bulk=true', '/api/farmers?page=2&limit=5',
  '/api/farmers/locations', '/api/farmers/locations/suva/farmers', '/api/farmers/locations/SUVA/farmers?page=2&limit=3',
  '/api/farmers/by-location-and-produce/Suva/Dalo%20(Taro)', '/api/produce/availability', '/api/produce/availability/1/farmers',
  '/api/produce/by-location/Nausori', '/api/locations', '/api/farms-with-ratings', '/api/farms-with-ratings?city=suva', '/api/farm-reviews',
  '/api/directory/snapshot', '/api/public/experts', '/api/public/expert-fields', '/api/public/reviews',
]
const STAFF = [
  '/api/admin/farmers', '/api/admin/farmers?search=SUVA', '/api/admin/farmers?status=active&sort=-createdAt', '/api/admin/farmers?status=expired',
  '/api/admin/farmers?status=followup', '/api/admin/farmers/active-pending', '/api/admin/expired-farmers', '/api/admin/trial-farmers',
  '/api/admin/farmers/payments', '/api/admin/cost-breakdown', '/api/admin/cost-breakdown/farmers', '/api/admin/cost-breakdown/farmers?page=2&pageSize=5', '/api/admin/locations', '/api/admin/produce', '/api/admin/produce-categories',
  '/api/admin/signups', '/api/admin/subject-matter-experts', '/api/admin/expert-fields', '/api/admin/reviews', '/api/admin/farm-reviews',
  '/api/admin/stats', '/api/admin/settings',
]

describe('the same answers on SQLite and PostgreSQL', () => {
  it.each([...PUBLIC, ...STAFF])('GET %s', async (path) => {
    const [sqlite, postgres] = await Promise.all([answer('sqlite', path), answer('postgres', path)])
    expect(sqlite.status, path).toBe(200)
    expect(postgres).toEqual(sqlite)
  })
})
