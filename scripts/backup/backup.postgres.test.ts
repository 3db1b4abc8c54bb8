// npm run backup / restore on PostgreSQL: pg_dump while writes go on, restored into an empty
// database that then holds every write acknowledged before the backup began, with its triggers,
// sequences and migration history working; a database that holds tables is refused unless forced.
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPostgres, uploadsDir, type PostgresHandle } from '../../db/connection'
import { migrateToLatest } from '../../db/migrate'
import { createPostgresDatabase, createTestDatabaseOn, type AnyTestDatabase } from '../../db/testing'
import { restoreBackup, takeBackup } from './snapshot'

let source: AnyTestDatabase & PostgresHandle
let work: string
const cleanups: (() => Promise<void>)[] = []

beforeAll(async () => {
  source = (await createTestDatabaseOn('postgres')) as AnyTestDatabase & PostgresHandle
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'vf-pg-backup-'))
})
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
  await source?.close()
  fs.rmSync(work, { recursive: true, force: true })
})

describe('npm run backup / npm run restore (PostgreSQL)', () => {
  it('pg_dump under write load restores into an empty database with every acknowledged write', async () => {
    const photo = randomBytes(20_000)
    fs.mkdirSync(uploadsDir(source.dataDir), { recursive: true })
    fs.writeFileSync(path.join(uploadsDir(source.dataDir), 'photo-a'), photo)

    const acked: string[] = []
    let stopped = false
    const writer = (async () => {
      for (let i = 1; !stopped; i++) {
        const comment = `PostgreSQL load review ${i}`
        await source.db.insertInto('platform_reviews').values({ id: `r-${i}`, rating: 5, comment }).execute()
        acked.push(comment)
      }
    })()
    await expect.poll(() => acked.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(20)
    const ackedBefore = [...acked]
    const manifest = await takeBackup({ dataDir: source.dataDir, databaseUrl: source.url, to: path.join(work, 'backup') })
    const atEnd = acked.length
    await expect.poll(() => acked.length, { timeout: 30_000 }).toBeGreaterThan(atEnd + 5)
    stopped = true
    await writer
    expect(manifest).toMatchObject({ dialect: 'postgres', database: 'viti-farmers.pgdump', photos: 1 })

    const target = await createPostgresDatabase()
    cleanups.push(target.drop)
    const dataDir = path.join(work, 'restored')
    await restoreBackup({ from: path.join(work, 'backup'), dataDir, databaseUrl: target.url })

    const restored = openPostgres({ url: target.url })
    cleanups.push(() => restored.close())
    const comments = new Set((await restored.db.selectFrom('platform_reviews').select('comment').execute()).map((r) => r.comment))
    expect(ackedBefore.filter((c) => !comments.has(c)), 'writes acknowledged before the backup began').toEqual([])
    expect(await migrateToLatest(restored.db)).toEqual([])
    // Triggers and sequences came back too.
    await restored.db.insertInto('farmers').values({ id: 'f-after', name: 'After', phone: '1', cities: '["Suva"]' }).execute()
    expect(await restored.db.selectFrom('farmer_cities').select('cityKey').where('farmerId', '=', 'f-after').execute()).toEqual([{ cityKey: 'suva' }])
    await restored.db.insertInto('locations').values({ name: 'Restored Town' }).execute()
    expect(fs.readFileSync(path.join(uploadsDir(dataDir), 'photo-a')).equals(photo)).toBe(true)

    await expect(restoreBackup({ from: path.join(work, 'backup'), dataDir: path.join(work, 'other'), databaseUrl: target.url })).rejects.toThrow(
      /already holds tables: restore into an empty database, or add --force/,
    )
  }, 120_000)

  it('refuses a dump that is not the one the backup wrote, before pg_restore touches the database', async () => {
    const whole = path.join(work, 'backup-checked')
    await takeBackup({ dataDir: source.dataDir, databaseUrl: source.url, to: whole })
    const target = await createPostgresDatabase()
    cleanups.push(target.drop)
    await restoreBackup({ from: whole, dataDir: path.join(work, 'restored-checked'), databaseUrl: target.url })
    const restored = openPostgres({ url: target.url })
    cleanups.push(() => restored.close())
    await restored.db.insertInto('platform_reviews').values({ id: 'r-after-restore', rating: 4, comment: 'Written after the restore' }).execute()
    const rows = () => restored.db.selectFrom('platform_reviews').select(['id', 'comment']).orderBy('id').execute()
    const before = await rows()

    const copy = path.join(work, 'backup-checked-damaged')
    fs.cpSync(whole, copy, { recursive: true })
    const dump = fs.readFileSync(path.join(copy, 'viti-farmers.pgdump'))
    dump.writeUInt8(dump.readUInt8(dump.length >> 1) ^ 0xff, dump.length >> 1)
    fs.writeFileSync(path.join(copy, 'viti-farmers.pgdump'), dump)
    await expect(restoreBackup({ from: copy, dataDir: path.join(work, 'restored-checked'), databaseUrl: target.url, force: true })).rejects.toThrow(
      /^Nothing was changed: .*viti-farmers\.pgdump is not the file the backup wrote \(its SHA-256 differs from the one recorded\)/,
    )
    expect(await rows()).toEqual(before)
  }, 60_000)

  it('refuses a database with no Viti Farmers tables (a wrong DATABASE_URL), writing no backup', async () => {
    const empty = await createPostgresDatabase()
    cleanups.push(empty.drop)
    const to = path.join(work, 'backup-of-nothing')
    await expect(takeBackup({ dataDir: source.dataDir, databaseUrl: empty.url, to })).rejects.toThrow(
      "The database in DATABASE_URL holds no Viti Farmers tables: is it the server's database? Nothing was backed up.",
    )
    expect(fs.existsSync(to)).toBe(false)
  })

  it('writes the dump only its owner can read, whatever the umask', async () => {
    const umask = process.umask(0o022)
    try {
      const to = path.join(work, 'owner-only')
      await takeBackup({ dataDir: source.dataDir, databaseUrl: source.url, to })
      const mode = (name: string) => (fs.statSync(path.join(to, name)).mode & 0o777).toString(8)
      expect([mode(''), mode('viti-farmers.pgdump'), mode('manifest.json'), mode('uploads')]).toEqual(['700', '600', '600', '700'])
    } finally {
      process.umask(umask)
    }
  }, 60_000)

  it('reads DATABASE_URL as the server does: a password with an unencoded @ backs up and restores', async () => {
    const role = `vf_at_${randomBytes(4).toString('hex')}`
    const admin = openPostgres({ url: source.url })
    cleanups.push(() => admin.close())
    await sql.raw(`create role ${role} login superuser password 'p@ss'`).execute(admin.db)
    cleanups.push(async () => void (await sql.raw(`drop role if exists ${role}`).execute(admin.db)))
    const asRole = (url: string) => {
      const parsed = new URL(url)
      return `postgres://${role}:p@ss@${parsed.host}${parsed.pathname}`
    }
    // What the server's driver makes of it: connects.
    const server = openPostgres({ url: asRole(source.url) })
    cleanups.push(() => server.close())
    await sql`select 1`.execute(server.db)
    const manifest = await takeBackup({ dataDir: source.dataDir, databaseUrl: asRole(source.url), to: path.join(work, 'backup-at') })
    expect(manifest.dialect).toBe('postgres')
    const target = await createPostgresDatabase()
    cleanups.push(target.drop)
    await restoreBackup({ from: path.join(work, 'backup-at'), dataDir: path.join(work, 'restored-at'), databaseUrl: asRole(target.url) })
    const restored = openPostgres({ url: target.url })
    cleanups.push(() => restored.close())
    expect((await restored.db.selectFrom('platform_reviews').select('id').execute()).length).toBeGreaterThan(0)
  }, 120_000)
})

