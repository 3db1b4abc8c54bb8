// npm run remove-demo-data on both databases (this file runs in the db project, which has the
// PostgreSQL cluster): on a database holding demo and real rows, every demo row, the demo agent and
// the photos only demo rows used are gone, every real row is exactly as it was, one audit row says
// what went; the command itself works with DATA_DIR and with DATABASE_URL.
import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'
import { REMOVE_DEMO_ACTOR, removeDemoData } from '../api/demo-data/remove-demo-data'
import { thumbnailFilePath, uploadFilePath } from '../api/uploads/storage'
import type { TableName } from '../db/schema'
import { DEMO_AGENT_EMAIL, seedDatabase } from '../db/seed/index'
import { createTestDatabaseOn, DIALECTS, type AnyTestDatabase } from '../db/testing'

const run = promisify(execFile)
const hashPassword = async (plain: string) => `hashed:${plain}`
const TABLES = ['farmers', 'farmer_signups', 'farmer_payments', 'platform_reviews', 'farm_reviews', 'subject_matter_experts', 'admin_users', 'uploads'] as const satisfies readonly TableName[]

/** Every row of the tables demo data lives in, by table, ordered by id: to compare before and after. */
async function snapshot(t: AnyTestDatabase) {
  const all: Record<string, unknown[]> = {}
  for (const table of TABLES) all[table] = await t.db.selectFrom(table).selectAll().orderBy('id').execute()
  return all
}

async function storePhoto(t: AnyTestDatabase, bytes: string): Promise<{ id: string; path: string }> {
  const id = randomUUID()
  const now = new Date().toISOString()
  await t.db.insertInto('uploads').values({ id, kind: 'farmer', status: 'stored', contentType: 'image/jpeg', size: bytes.length, createdAt: now, storedAt: now, referencedAt: now }).execute()
  fs.mkdirSync(path.dirname(uploadFilePath(t.dataDir, id)), { recursive: true })
  fs.writeFileSync(uploadFilePath(t.dataDir, id), bytes)
  fs.writeFileSync(thumbnailFilePath(t.dataDir, id), `thumb of ${bytes}`)
  return { id, path: `/objects/uploads/${id}` }
}

/** Demo data from the seed, a photo on a demo farmer, and a real row in every table it touches. */
async function demoAndReal(t: AnyTestDatabase) {
  await seedDatabase(t.db, { demo: true, admin: {}, hashPassword })
  const now = new Date().toISOString()
  const demoFarmer = await t.db.selectFrom('farmers').select('id').where('isDemo', '=', 1).where('isActive', '=', 1).executeTakeFirstOrThrow()
  const demoPhoto = await storePhoto(t, 'demo photo')
  await t.db.updateTable('farmers').set({ photoUrls: JSON.stringify([demoPhoto.path]) }).where('id', '=', demoFarmer.id).execute()

  const realPhoto = await storePhoto(t, 'real photo')
  const realFarmer = randomUUID()
  await t.db.insertInto('farmers').values({ id: realFarmer, name: 'Real Grower', phone: '+679 912 3456', photoUrls: JSON.stringify([realPhoto.path]), createdAt: now, updatedAt: now }).execute()
  await t.db.insertInto('farmer_payments').values({ id: randomUUID(), farmerId: realFarmer, farmerName: 'Real Grower', farmerPhone: '+679 912 3456', createdAt: now, updatedAt: now }).execute()
  await t.db.insertInto('farmer_signups').values({ id: randomUUID(), name: 'Real Applicant', phone: '+679 912 0001', subscriptionStart: now, subscriptionEnd: now, createdAt: now }).execute()
  await t.db.insertInto('platform_reviews').values({ id: randomUUID(), userName: 'Mere', rating: 4, comment: 'A real review of the site', status: 'approved', createdAt: now, updatedAt: now }).execute()
  await t.db.insertInto('farm_reviews').values({ id: randomUUID(), farmId: realFarmer, rating: 5, comment: 'Real farm, real review', createdAt: now }).execute()
  await t.db.insertInto('subject_matter_experts').values({ id: randomUUID(), name: 'Real Expert', contactNumber: '+679 912 1111', email: 'expert@example.fj', createdAt: now, updatedAt: now }).execute()
  await t.db.insertInto('admin_users').values({ id: randomUUID(), name: 'Real Staff', email: 'staff@example.fj', passwordHash: 'x', role: 'admin_user', createdAt: now, updatedAt: now }).execute()
  return { demoPhoto, realPhoto }
}

const isReal = (table: string, row: Record<string, unknown>) =>
  table === 'admin_users' ? row.email !== DEMO_AGENT_EMAIL : table === 'uploads' ? true : row.isDemo === 0

describe.each(DIALECTS)('npm run remove-demo-data on %s', (dialect) => {
  let t: AnyTestDatabase
  afterEach(async () => {
    await t?.close()
  })

  it('removes every demo row, the demo agent and demo photos, leaves every real row as it was, and writes one audit row', async () => {
    t = await createTestDatabaseOn(dialect)
    const { demoPhoto, realPhoto } = await demoAndReal(t)
    const before = await snapshot(t)

    const removed = await removeDemoData(t.db, { dataDir: t.dataDir })

    const after = await snapshot(t)
    for (const table of TABLES) {
      const real = (before[table] as Record<string, unknown>[]).filter((row) => isReal(table, row) && !(table === 'uploads' && row.id === demoPhoto.id))
      expect(after[table], table).toEqual(real)
    }
    expect(removed).toEqual({
      farmers: (before.farmers as { isDemo: number }[]).filter((f) => f.isDemo === 1).length,
      farmerSignups: (before.farmer_signups as { isDemo: number }[]).filter((f) => f.isDemo === 1).length,
      farmerPayments: (before.farmer_payments as { isDemo: number }[]).filter((f) => f.isDemo === 1).length,
      platformReviews: 7,
      farmReviews: 10,
      experts: 5,
      staffAccounts: 1,
      photos: 1,
    })
    expect(removed.farmers).toBeGreaterThanOrEqual(35)

    expect(fs.existsSync(uploadFilePath(t.dataDir, demoPhoto.id))).toBe(false)
    expect(fs.existsSync(thumbnailFilePath(t.dataDir, demoPhoto.id))).toBe(false)
    expect(fs.readFileSync(uploadFilePath(t.dataDir, realPhoto.id), 'utf8')).toBe('real photo')
    expect(fs.existsSync(thumbnailFilePath(t.dataDir, realPhoto.id))).toBe(true)

    const audit = await t.db.selectFrom('audit_logs').selectAll().where('action', '=', 'remove_demo_data').execute()
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ userId: null, userName: REMOVE_DEMO_ACTOR.userName, targetType: 'demo_data' })
    expect(JSON.parse(audit[0]!.details ?? '{}')).toEqual(removed)

    // Nothing demo is left to remove, and a start asking for demo data does not bring it back.
    expect(Object.values(await removeDemoData(t.db, { dataDir: t.dataDir })).every((n) => n === 0)).toBe(true)
    expect(await t.db.selectFrom('audit_logs').select('id').where('action', '=', 'remove_demo_data').execute()).toHaveLength(1)
    const restart = await seedDatabase(t.db, { demo: true, admin: {}, hashPassword })
    expect(restart.demoRemovedBefore).toBe(true)
    expect(await snapshot(t)).toEqual(after)
  })

  it('removes nothing when any part fails: one transaction', async () => {
    t = await createTestDatabaseOn(dialect)
    await demoAndReal(t)
    const before = await snapshot(t)
    // The audit row is written last; a trail that refuses it must take the removal back with it.
    const failing = t.db.withPlugin({
      transformQuery: (args) => {
        if (args.node.kind === 'InsertQueryNode' && JSON.stringify(args.node).includes('"audit_logs"')) throw new Error('audit refused')
        return args.node
      },
      transformResult: async (args) => args.result,
    })
    await expect(removeDemoData(failing, { dataDir: t.dataDir })).rejects.toThrow('audit refused')
    const after = await snapshot(t)
    expect(after).toEqual(before)
  })

  it('is the npm script: prints what it removed, with DATA_DIR or DATABASE_URL', async () => {
    t = await createTestDatabaseOn(dialect)
    await demoAndReal(t)
    const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }
    expect(pkg.scripts['remove-demo-data']).toBe('tsx scripts/remove-demo-data.ts')
    const env = { ...process.env, DATA_DIR: t.dataDir, DATABASE_URL: t.dialect === 'postgres' ? t.url : '' }
    const first = await run('npx', ['tsx', 'scripts/remove-demo-data.ts'], { env, timeout: 60_000 })
    expect(first.stdout).toContain('Demo data removed (one audit row, action remove_demo_data):')
    expect(first.stdout).toMatch(/\s+\d+ {2}farmers\n/)
    expect(first.stdout).toMatch(/\s+7 {2}platform reviews\n/)
    expect(first.stdout).toMatch(/\s+1 {2}staff accounts \(the demo data agent\)\n/)
    expect(await t.db.selectFrom('farmers').select('id').where('isDemo', '=', 1).execute()).toEqual([])
    expect(await t.db.selectFrom('farmers').select('name').execute()).toEqual([{ name: 'Real Grower' }])

    const second = await run('npx', ['tsx', 'scripts/remove-demo-data.ts'], { env, timeout: 60_000 })
    expect(second.stdout).toContain('No demo data found: nothing removed.')
  }, 150_000)

  it('refuses a place with no Viti Farmers database, and creates nothing there', async () => {
    t = await createTestDatabaseOn(dialect, { migrate: false })
    const env = { ...process.env, DATA_DIR: t.dataDir, DATABASE_URL: t.dialect === 'postgres' ? t.url : '' }
    const refused = await run('npx', ['tsx', 'scripts/remove-demo-data.ts'], { env, timeout: 60_000 }).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    )
    expect(refused?.code).toBe(1)
    expect(refused?.stderr).toMatch(t.dialect === 'postgres' ? /DATABASE_URL names a database that holds no Viti Farmers data: nothing was changed/ : /viti-farmers\.sqlite holds no Viti Farmers data: nothing was changed/)
    expect(await t.db.introspection.getTables()).toEqual([])
  }, 90_000)
})
