import { randomUUID } from 'node:crypto'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminAnalyticsSummarySchema, PublicAnalyticsSummarySchema, SearchAnalyticsSchema, messages } from '../contract'
import { fijiDayBounds } from '../directory/public-listing'
import { insertFarmer, signInAs } from '../directory/testing'
import { rawGet } from '../testing/raw-get'
import { startTestApp, type TestApp } from '../testing/test-app'
import { RATE_LIMITS } from '../middleware/rate-limit'

const ANALYTICS_EVENTS_PER_MINUTE = RATE_LIMITS.analyticsEvent.limit

let api: TestApp
let admin: Record<string, string>
const visitorA = randomUUID()
const visitorB = randomUUID()

beforeAll(async () => {
  api = await startTestApp()
  admin = (await signInAs(api.db, 'global_admin')).headers
  await insertFarmer(api.db, { name: 'Listed One' })
  await insertFarmer(api.db, { name: 'Listed Two', from: -5, to: 0 })
  await insertFarmer(api.db, { name: 'Expired', from: -50, to: -1 })
  await insertFarmer(api.db, { name: 'Inactive', isActive: 0 })
})
afterAll(() => api.close())

const live = async (query = '', headers: Record<string, string> = {}) => api.fetch(`/api/analytics/live${query}`, { headers })

describe('analytics events', () => {
  it('records page views (204) with the country from the trusted header, else from the time zone', async () => {
    const views = [
      { body: { path: '/', visitorId: visitorA, timeZone: 'Pacific/Fiji' }, headers: {} as Record<string, string> },
      { body: { path: '/browse', visitorId: visitorA, timeZone: 'Pacific/Fiji' }, headers: {} },
      { body: { path: '/', visitorId: visitorB, timeZone: 'Pacific/Fiji' }, headers: { 'cf-ipcountry': 'NZ' } },
    ]
    for (const view of views) {
      const res = await api.postJson('/api/analytics/page-view', view.body, view.headers)
      expect(res.status).toBe(204)
    }
    const rows = await api.db.selectFrom('page_views').select(['path', 'visitorId', 'countryCode']).orderBy('id').execute()
    expect(rows.map((r) => r.countryCode)).toEqual(['FJ', 'FJ', 'NZ'])
    const countries = await api.db.selectFrom('visitor_countries').select(['countryCode', 'countryName', 'visitorCount']).orderBy('countryCode').execute()
    // A visitor counts once, however many pages they view.
    expect(countries).toEqual([
      { countryCode: 'FJ', countryName: 'Fiji', visitorCount: 1 },
      { countryCode: 'NZ', countryName: 'New Zealand', visitorCount: 1 },
    ])
  })

  it('ignores staff and sign-in pages: the public totals and countries do not move', async () => {
    const before = await (await live()).json()
    const countries = await api.db.selectFrom('visitor_countries').selectAll().execute()
    const staffVisitor = randomUUID()
    for (const path of ['/admin', '/admin/farmers', '/ADMIN/Reviews/', '/login', '/login/', '/outbox', '/no-such-page']) {
      const res = await api.postJson('/api/analytics/page-view', { path, visitorId: staffVisitor, timeZone: 'Australia/Sydney' })
      expect(res.status, path).toBe(204)
    }
    expect(await (await live()).json()).toEqual(before)
    expect(await api.db.selectFrom('visitor_countries').selectAll().execute()).toEqual(countries)
    expect(await api.db.selectFrom('page_views').select('id').where('visitorId', '=', staffVisitor).execute()).toEqual([])
  })

  it('records searches and farmer clicks (204)', async () => {
    const searches = [
      { query: 'Dalo', searchType: 'produce', resultCount: 4 },
      { query: 'dalo ', searchType: 'produce', resultCount: 2 },
      { query: 'Nadi', searchType: 'city', resultCount: 7 },
    ]
    for (const s of searches) expect((await api.postJson('/api/analytics/search', { ...s, visitorId: visitorA })).status).toBe(204)
    expect((await api.postJson('/api/analytics/farmer-click', { farmerId: randomUUID(), action: 'call' })).status).toBe(204)
    expect(await api.db.selectFrom('search_analytics').select('id').execute()).toHaveLength(3)
    expect(await api.db.selectFrom('farmer_clicks').select('id').execute()).toHaveLength(1)
  })

  it('validates events', async () => {
    expect((await api.postJson('/api/analytics/page-view', { path: '/', visitorId: 'me' })).status).toBe(400)
    expect((await api.postJson('/api/analytics/search', { query: 'ab' })).status).toBe(400)
    expect((await api.postJson('/api/analytics/farmer-click', { farmerId: 'x' })).status).toBe(400)
  })

  it("a page view whose time zone is a name every object has ('constructor', 'toString') is a view from nowhere, not a 500", async () => {
    const fromNowhere = async () => (await api.db.selectFrom('page_views').select('countryCode').execute()).filter((row) => row.countryCode === null).length
    const before = await fromNowhere()
    const visitorId = randomUUID()
    for (const timeZone of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const res = await api.postJson('/api/analytics/page-view', { path: '/', visitorId, timeZone })
      expect(res.status, timeZone).toBe(204)
    }
    expect(await fromNowhere()).toBe(before + 4)
    // The summaries below count this file's own views.
    await api.db.deleteFrom('page_views').where('visitorId', '=', visitorId).execute()
  })

  it('refuses a search whose result count no column holds (a 500 on PostgreSQL), and stores nothing', async () => {
    const stored = async () => (await api.db.selectFrom('search_analytics').select('id').execute()).length
    const before = await stored()
    for (const resultCount of [2147483648, Number.MAX_SAFE_INTEGER]) {
      const res = await api.postJson('/api/analytics/search', { query: 'dalo', resultCount })
      expect(res.status, String(resultCount)).toBe(400)
      expect(await res.json()).toMatchObject({ issues: [{ path: 'resultCount', message: messages.common.numberTooLarge }] })
    }
    expect(await stored()).toBe(before)
  })
})

describe('GET /api/analytics/live', () => {
  it('public: all-time page views, unique visitors and the farmers listed now', async () => {
    const res = await live()
    expect(res.status).toBe(200)
    expect(PublicAnalyticsSummarySchema.strict().parse(await res.json())).toEqual({ totalPageViews: 3, uniqueVisitors: 2, activeFarmers: 2 })
  })

  it('public: the same JSON as a browser asks for it (br, gzip), unencoded at its size, never stored, and again', async () => {
    const plain = await (await live()).text()
    for (let i = 0; i < 2; i++) {
      const raw = await rawGet(`${api.baseUrl}/api/analytics/live`, 'br, gzip')
      expect(raw.status).toBe(200)
      expect(raw.headers['content-encoding']).toBeUndefined()
      expect(raw.headers['content-type']).toMatch(/^application\/json/)
      expect(raw.headers['cache-control']).toBe('no-store')
      expect(Number(raw.headers['content-length'])).toBe(raw.body.length)
      expect(raw.body.toString()).toBe(plain)
    }
  })

  it('?days=: the staff summary is still compressed once the public one has passed compression by', async () => {
    await live()
    const raw = await rawGet(`${api.baseUrl}/api/analytics/live?days=30`, 'gzip', admin)
    expect(raw.status).toBe(200)
    expect(raw.headers['content-encoding']).toBe('gzip')
    expect(AdminAnalyticsSummarySchema.parse(JSON.parse(gunzipSync(raw.body).toString())).dailyStats).toHaveLength(30)
  })

  it('?days= needs a session with analytics.view (401 / 403, like the central check)', async () => {
    const anonymous = await live('?days=7')
    expect(anonymous.status).toBe(401)
    expect(await anonymous.json()).toEqual({ message: messages.common.sessionRequired })
    const agent = await signInAs(api.db, 'data_agent')
    expect((await live('?days=7', agent.headers)).status).toBe(403)
    expect((await live('?days=5', admin)).status).toBe(400)
    // Who may not have the summary is told so whatever ?days= holds: its rules are not shown first.
    for (const query of ['?days=', '?days=5', '?days=abc', '?days=7&days=7']) {
      expect((await live(query)).status, query).toBe(401)
      expect((await live(query, agent.headers)).status, query).toBe(403)
    }
  })

  it('?days=7: the admin summary with one row per Fiji day, today last', async () => {
    const res = await live('?days=7', admin)
    expect(res.status).toBe(200)
    const summary = AdminAnalyticsSummarySchema.parse(await res.json())
    expect(summary).toMatchObject({ days: 7, totalPageViews: 3, uniqueVisitors: 2, activeFarmers: 2, searchQueries: 3, farmerClicks: 1 })
    expect(summary.dailyStats).toHaveLength(7)
    expect(summary.dailyStats.at(-1)).toEqual({ date: fijiDayBounds(new Date()).date, pageViews: 3, uniqueVisitors: 2, searches: 3, clicks: 1 })
    expect(summary.dailyStats[0]?.date).toBe(fijiDayBounds(new Date(), -6).date)
    expect(summary.countries).toEqual([
      { country: 'Fiji', countryCode: 'FJ', visitors: 1 },
      { country: 'New Zealand', countryCode: 'NZ', visitors: 1 },
    ])
  })

  it('?days=30 leaves out events older than the range', async () => {
    await api.db.insertInto('page_views').values({ path: '/old', visitorId: randomUUID(), createdAt: fijiDayBounds(new Date(), -40).start }).execute()
    const summary = AdminAnalyticsSummarySchema.parse(await (await live('?days=30', admin)).json())
    expect(summary.dailyStats).toHaveLength(30)
    expect(summary.totalPageViews).toBe(3)
  })
})

describe('GET /api/analytics/searches', () => {
  it('needs analytics.view', async () => {
    expect((await api.fetch('/api/analytics/searches')).status).toBe(401)
  })

  it('sums the last 7 days: totals, by type, top searches with average results', async () => {
    const res = await api.fetch('/api/analytics/searches', { headers: admin })
    expect(res.status).toBe(200)
    expect(SearchAnalyticsSchema.parse(await res.json())).toEqual({
      totalSearches: 3,
      uniqueQueries: 2,
      searchesByType: { produce: 2, farmer: 0, city: 1, general: 0 },
      topSearches: [
        { query: 'dalo', type: 'produce', count: 2, avgResults: 3 },
        { query: 'nadi', type: 'city', count: 1, avgResults: 7 },
      ],
    })
  })
})

describe('rate limit', () => {
  it(`refuses more than ${ANALYTICS_EVENTS_PER_MINUTE} events a minute from one address (429)`, async () => {
    let refused = 0
    for (let i = 0; i < ANALYTICS_EVENTS_PER_MINUTE + 5; i++) {
      const res = await api.postJson('/api/analytics/farmer-click', { farmerId: randomUUID() })
      if (res.status === 429) refused++
    }
    expect(refused).toBeGreaterThan(0)
    const res = await api.postJson('/api/analytics/farmer-click', { farmerId: randomUUID() })
    expect(res.status).toBe(429)
    expect(await res.json()).toEqual({ message: messages.common.rateLimited })
    // Three hundred requests in a row outlast vitest's 5 s default on a busy shared machine.
  }, 30_000)
})
