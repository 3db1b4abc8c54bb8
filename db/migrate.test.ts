import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseFile, resolveDataDir, uploadsDir } from './connection'
import { migrateToLatest } from './migrate'
import { createTestDatabase, type TestDatabase } from './testing'

const TABLES = [
  'admin_users', 'sessions', 'farmers', 'locations', 'produce', 'produce_categories', 'settings',
  'farmer_signups', 'farmer_payments', 'audit_logs', 'platform_reviews', 'farm_reviews',
  'subject_matter_experts', 'expert_fields', 'search_analytics', 'visitor_countries', 'page_views',
  'farmer_clicks', 'idempotency_keys', 'uploads', 'outgoing_emails',
]

let t: TestDatabase
beforeAll(async () => {
  t = await createTestDatabase()
})
afterAll(async () => {
  await t.close()
})

describe('migrations', () => {
  it('create every table of both specs', () => {
    const rows = t.sqlite.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]
    const names = rows.map((r) => r.name)
    for (const table of TABLES) expect(names).toContain(table)
  })

  it('create the listing and lookup indexes', () => {
    const rows = t.sqlite.prepare("select name from sqlite_master where type = 'index'").all() as { name: string }[]
    expect(rows.map((r) => r.name)).toEqual(
      expect.arrayContaining([
        'farmers_public_idx', 'sessions_userId_idx', 'farmer_signups_status_idx', 'farmer_signups_createdAt_idx',
        'farmer_signups_dataAgentId_idx', 'audit_logs_createdAt_idx', 'platform_reviews_status_idx',
        'farm_reviews_farmId_idx', 'search_analytics_searchDate_idx', 'page_views_createdAt_idx',
        'page_views_visitorId_idx',
      ]),
    )
  })

  it('apply nothing the second time', async () => {
    expect(await migrateToLatest(t.db)).toEqual([])
  })

  it('fill timestamps in the same ISO form as Date.toISOString()', async () => {
    await t.db.insertInto('locations').values({ name: 'Stamp Town' }).execute()
    const row = await t.db.selectFrom('locations').selectAll().where('name', '=', 'Stamp Town').executeTakeFirstOrThrow()
    expect(row.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    expect(row.isActive).toBe(1)
  })

  it('give farmers the spec defaults', async () => {
    await t.db.insertInto('farmers').values({ id: 'f-defaults', name: 'Mere', phone: '+679 900 0000' }).execute()
    const f = await t.db.selectFrom('farmers').selectAll().where('id', '=', 'f-defaults').executeTakeFirstOrThrow()
    expect(f).toMatchObject({
      isActive: 0, includeInCosting: 1, isPremium: 0, isBulk: 0, deliveryAvailable: 0, isTrialActive: 0,
      isDemo: 0, photoUrls: '[]', cities: '[]', produce: '[]', email: null,
    })
  })
})

describe('connection', () => {
  it('runs with WAL, foreign keys and a busy timeout', () => {
    expect(t.sqlite.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(t.sqlite.pragma('foreign_keys', { simple: true })).toBe(1)
    expect(t.sqlite.pragma('busy_timeout', { simple: true })).toBe(5000)
    expect(t.sqlite.pragma('synchronous', { simple: true })).toBe(1)
  })

  it('keeps the database file in the data directory', () => {
    expect(t.sqlite.name).toBe(path.join(t.dataDir, 'viti-farmers.sqlite'))
  })

  it('resolves DATA_DIR, defaulting to ./data', () => {
    expect(resolveDataDir({})).toBe(path.resolve('data'))
    expect(resolveDataDir({ DATA_DIR: '' })).toBe(path.resolve('data'))
    expect(resolveDataDir({ DATA_DIR: '/srv/vf' })).toBe('/srv/vf')
    expect(databaseFile('/srv/vf')).toBe('/srv/vf/viti-farmers.sqlite')
    expect(uploadsDir('/srv/vf')).toBe('/srv/vf/uploads')
  })
})
