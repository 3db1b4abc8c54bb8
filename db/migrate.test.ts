import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseFile, postgresUrl, resolveDataDir, uploadsDir } from './connection'
import { migrateToLatest } from './migrate'
import { createTestDatabase, createTestDatabaseOn, DIALECTS, indexNames, tableNames, type AnyTestDatabase, type TestDatabase } from './testing'

const TABLES = [
  'admin_users', 'sessions', 'farmers', 'locations', 'produce', 'produce_categories', 'settings',
  'farmer_signups', 'farmer_payments', 'audit_logs', 'platform_reviews', 'farm_reviews',
  'subject_matter_experts', 'expert_fields', 'search_analytics', 'visitor_countries', 'page_views',
  'farmer_clicks', 'idempotency_keys', 'uploads', 'outgoing_emails',
  'farmer_cities', 'farmer_produce', 'directory_version',
  'farm_review_version', 'analytics_totals', 'platform_review_version',
  'translations', 'translation_version',
  'login_failures', 'rate_limit_hits', 'job_leases',
]

describe.each(DIALECTS)('migrations on %s', (dialect) => {
  let t: AnyTestDatabase
  beforeAll(async () => {
    t = await createTestDatabaseOn(dialect)
  })
  afterAll(async () => {
    await t?.close()
  })

  it('create every table of both specs, and the same set on either database', async () => {
    expect(await tableNames(t)).toEqual([...TABLES].sort())
  })

  it('create the listing and lookup indexes', async () => {
    expect(await indexNames(t)).toEqual(
      expect.arrayContaining([
        'farmers_public_idx', 'sessions_userId_idx', 'farmer_signups_status_idx', 'farmer_signups_createdAt_idx',
        'farmer_signups_dataAgentId_idx', 'audit_logs_createdAt_idx', 'platform_reviews_status_idx',
        'farm_reviews_farmId_idx', 'search_analytics_searchDate_idx', 'page_views_createdAt_idx',
        'page_views_visitorId_idx', 'farmers_order_idx', 'farmer_cities_order_idx', 'farmer_produce_listed_idx',
        'farm_reviews_rating_idx', 'farmers_name_idx', 'farmer_cities_name_idx',
        'platform_reviews_public_idx', 'farmer_signups_status_created_idx', 'farmer_signups_status_processed_idx', 'farmer_signups_created_id_idx',
      ]),
    )
  })

  it('apply nothing the second time', async () => {
    expect(await migrateToLatest(t.db)).toEqual([])
  })

  it('fill timestamps in the same ISO form as Date.toISOString()', async () => {
    const before = new Date().toISOString()
    await t.db.insertInto('locations').values({ name: 'Stamp Town' }).execute()
    const row = await t.db.selectFrom('locations').selectAll().where('name', '=', 'Stamp Town').executeTakeFirstOrThrow()
    expect(row.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    expect(row.createdAt >= before).toBe(true)
    expect(row.isActive).toBe(1)
    expect(typeof row.id).toBe('number')
  })

  it('give farmers the spec defaults, read back as the same values on either database', async () => {
    await t.db.insertInto('farmers').values({ id: 'f-defaults', name: 'Mere', phone: '+679 900 0000' }).execute()
    const f = await t.db.selectFrom('farmers').selectAll().where('id', '=', 'f-defaults').executeTakeFirstOrThrow()
    expect(f).toMatchObject({
      isActive: 0, includeInCosting: 1, isPremium: 0, isBulk: 0, deliveryAvailable: 0, isTrialActive: 0,
      isDemo: 0, photoUrls: '[]', cities: '[]', produce: '[]', email: null,
    })
  })

  it('keep a JSON list byte for byte as written', async () => {
    const cities = '["Suva", "Nadi","Ba"]'
    await t.db.insertInto('farmers').values({ id: 'f-list', name: 'Sai', phone: '1', cities }).execute()
    const f = await t.db.selectFrom('farmers').select('cities').where('id', '=', 'f-list').executeTakeFirstOrThrow()
    expect(f.cities).toBe(cities)
  })

  it('count, sum, average and compare as numbers, as better-sqlite3 reads them', async () => {
    const { rows } = await sql<{ n: unknown; total: unknown; mean: unknown; isSame: unknown; isOther: unknown }>`
      select count(*) as n, sum(1) as total, avg(2) as mean, 1 = 1 as "isSame", 1 = 2 as "isOther" from farmers`.execute(t.db)
    expect(rows).toEqual([{ n: 2, total: 2, mean: 2, isSame: 1, isOther: 0 }])
  })

  it('number reference rows from 1 and never reuse an id', async () => {
    const first = await t.db.insertInto('produce_categories').values({ name: 'Roots' }).returning('id').executeTakeFirstOrThrow()
    await t.db.deleteFrom('produce_categories').where('id', '=', first.id).execute()
    const second = await t.db.insertInto('produce_categories').values({ name: 'Greens' }).returning('id').executeTakeFirstOrThrow()
    expect(first.id).toBe(1)
    expect(second.id).toBe(2)
  })
})

describe('connection (SQLite)', () => {
  let t: TestDatabase
  beforeAll(async () => {
    t = await createTestDatabase()
  })
  afterAll(async () => {
    await t.close()
  })

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

  it('stays on SQLite unless DATABASE_URL is set', () => {
    expect(postgresUrl({})).toBeUndefined()
    expect(postgresUrl({ DATABASE_URL: ' ' })).toBeUndefined()
    expect(postgresUrl({ DATABASE_URL: 'postgres://vf@db/vf' })).toBe('postgres://vf@db/vf')
  })
})

describe('connection (PostgreSQL)', () => {
  let t: AnyTestDatabase
  beforeAll(async () => {
    t = await createTestDatabaseOn('postgres')
  })
  afterAll(async () => {
    await t?.close()
  })

  it('runs its sessions in UTC, so a bare date is UTC midnight as in SQLite', async () => {
    const { rows } = await sql<{ zone: string; midnight: string }>`
      select current_setting('TimeZone') as zone, to_char('2026-06-30'::timestamptz, 'YYYY-MM-DD"T"HH24:MI') as midnight`.execute(t.db)
    expect(rows).toEqual([{ zone: 'UTC', midnight: '2026-06-30T00:00' }])
  })
})
