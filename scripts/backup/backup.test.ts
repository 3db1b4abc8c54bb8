// A backup taken while the app serves writes restores into a working app: the copy passes SQLite's
// integrity check, holds every write acknowledged before the backup began, brings the photos back
// byte for byte, and the restored data folder starts the real server, which serves it.
import { spawnSync } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseFile, uploadsDir } from '../../db/connection'
import { startTestApp, type TestApp } from '../../api/testing/test-app'
import { freePort, serverProcess, type ServerProcess } from '../chaos/server-process'
import { BackupError, restoreBackup, takeBackup } from './snapshot'

const REPO_ROOT = path.resolve(import.meta.dirname, '../..')
let api: TestApp
let work: string
let restored: ServerProcess | undefined

// The load is one address writing as fast as the server answers: on a slow backup it passes the public
// form's limit (300 per 15 minutes) and the limiter, not the backup, would stop it. Nothing here is about limits.
const neverLimited = () => ({ increment: async () => ({ totalHits: 1, resetTime: undefined }), decrement: async () => {}, resetKey: async () => {} })

beforeAll(async () => {
  api = await startTestApp({ extend: (deps) => void (deps.rateLimitStores = neverLimited) })
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'vf-backup-'))
})
afterAll(async () => {
  await restored?.stop()
  await api?.close()
  fs.rmSync(work, { recursive: true, force: true })
})

/** `npm run <script>` as an operator runs it, in its own process; DATABASE_URL unset unless given. */
function runScript(script: 'backup.ts' | 'restore.ts', args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', `scripts/${script}`, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: '', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  })
}

/** Posts public reviews, a few at a time, until stopped; `acked` lists the comments answered 201, in order. */
function writeLoad() {
  const acked: string[] = []
  let stopped = false
  let sent = 0
  const worker = async () => {
    while (!stopped) {
      const comment = `Backup load review number ${++sent}, fresh dalo every week.`
      const res = await api.postJson('/api/public/reviews', { rating: 4, comment }, { 'Idempotency-Key': randomUUID() })
      if (res.status !== 201) throw new Error(`write ${sent} answered ${res.status}: ${await res.text()}`)
      acked.push(comment)
    }
  }
  const workers = Promise.all([worker(), worker(), worker()])
  return { acked, stop: async () => ((stopped = true), await workers) }
}

describe('npm run backup / npm run restore (SQLite)', () => {
  it('snapshot under write load, restored into an empty folder, starts and serves with every acknowledged write', async () => {
    const photos = new Map([['photo-a', randomBytes(50_000)], ['photo-b', randomBytes(3_000)]])
    fs.mkdirSync(uploadsDir(api.dataDir), { recursive: true })
    for (const [id, bytes] of photos) fs.writeFileSync(path.join(uploadsDir(api.dataDir), id), bytes)
    // A photo still being written is not a photo yet.
    fs.writeFileSync(path.join(uploadsDir(api.dataDir), '.photo-c.tmp'), 'half')

    const load = writeLoad()
    await expect.poll(() => load.acked.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(30)
    const ackedBeforeBackup = [...load.acked]
    const backupDir = path.join(work, 'backup')
    const manifest = await takeBackup({ dataDir: api.dataDir, to: backupDir })
    // Writes go on after the snapshot; the load proves the server was serving throughout.
    const ackedAtBackupEnd = load.acked.length
    await expect.poll(() => load.acked.length, { timeout: 60_000 }).toBeGreaterThan(ackedAtBackupEnd + 5)
    await load.stop()
    expect(manifest).toMatchObject({ format: 1, dialect: 'sqlite', database: 'viti-farmers.sqlite', photos: 2 })

    const dataDir = path.join(work, 'restored')
    await restoreBackup({ from: backupDir, dataDir })

    const copy = new BetterSqlite3(databaseFile(dataDir), { readonly: true, fileMustExist: true })
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok')
      const comments = new Set((copy.prepare('select comment from platform_reviews').all() as { comment: string }[]).map((r) => r.comment))
      const missing = ackedBeforeBackup.filter((c) => !comments.has(c))
      expect(missing, 'writes acknowledged before the backup began').toEqual([])
    } finally {
      copy.close()
    }
    expect(fs.readdirSync(uploadsDir(dataDir)).sort()).toEqual(['photo-a', 'photo-b'])
    for (const [id, bytes] of photos) expect(fs.readFileSync(path.join(uploadsDir(dataDir), id)).equals(bytes)).toBe(true)

    restored = serverProcess({ port: await freePort(), dataDir, logFile: path.join(work, 'restored.log') })
    await restored.start()
    const reviews = await fetch(`${restored.baseUrl}/api/public/reviews`)
    expect(reviews.status).toBe(200)
    const signIn = await fetch(`${restored.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@test.vitifarmers.org.fj', password: 'Test-Admin!2026' }),
    })
    expect(signIn.status, 'the restored admin account signs in').toBe(200)
  }, 240_000)

  it('refuses to restore over data unless forced, and forced replaces it', async () => {
    const backupDir = path.join(work, 'backup')
    const dataDir = path.join(work, 'restored')
    await restored?.stop()
    await expect(restoreBackup({ from: backupDir, dataDir })).rejects.toThrow(BackupError)
    await expect(restoreBackup({ from: backupDir, dataDir })).rejects.toThrow(/already holds data: restore into an empty DATA_DIR, or add --force/)
    fs.writeFileSync(path.join(uploadsDir(dataDir), 'stray-photo'), 'x')
    await restoreBackup({ from: backupDir, dataDir, force: true })
    expect(fs.readdirSync(uploadsDir(dataDir)).sort()).toEqual(['photo-a', 'photo-b'])
  })

  it('refuses a folder that is not a backup, and backing up into a folder in use', async () => {
    await expect(restoreBackup({ from: work, dataDir: path.join(work, 'x') })).rejects.toThrow(/is not a Viti Farmers backup/)
    await expect(restoreBackup({ from: path.join(work, 'no-such-folder'), dataDir: path.join(work, 'x') })).rejects.toThrow(/no-such-folder does not exist\./)
    await expect(takeBackup({ dataDir: api.dataDir, to: path.join(work, 'backup') })).rejects.toThrow(/is not empty/)
  })

  it('refuses a backup folder copied incompletely (a photo lost, a photo cut short, a damaged manifest) and changes nothing', async () => {
    const whole = path.join(work, 'backup')
    const manifest = JSON.parse(fs.readFileSync(path.join(whole, 'manifest.json'), 'utf8')) as { photos: number; photoBytes: number }
    expect(manifest.photos).toBe(2)
    expect(manifest.photoBytes).toBe(fs.statSync(path.join(whole, 'uploads', 'photo-a')).size + fs.statSync(path.join(whole, 'uploads', 'photo-b')).size)
    const damaged = [
      ['lost', (copy: string) => fs.rmSync(path.join(copy, 'uploads', 'photo-b')), /incomplete: its manifest lists 2 photos \(\d+ bytes\), its uploads folder holds 1 /],
      ['cut short', (copy: string) => fs.truncateSync(path.join(copy, 'uploads', 'photo-a'), 10), /incomplete: its manifest lists 2 photos/],
      ['manifest', (copy: string) => fs.writeFileSync(path.join(copy, 'manifest.json'), '{"format": 1, "dial'), /manifest\.json is damaged/],
    ] as const
    for (const [name, damage, message] of damaged) {
      const copy = path.join(work, `backup-${name.replace(' ', '-')}`)
      fs.cpSync(whole, copy, { recursive: true })
      damage(copy)
      const dataDir = path.join(work, `restore-${name.replace(' ', '-')}`)
      await expect(restoreBackup({ from: copy, dataDir })).rejects.toThrow(message)
      expect(fs.existsSync(dataDir)).toBe(false)
    }
  })

  it('refuses a backup whose database file is not the one it wrote, and leaves the database there byte for byte', async () => {
    const marker = 'Checksum marker review, dalo and cassava.'
    expect((await api.postJson('/api/public/reviews', { rating: 5, comment: marker }, { 'Idempotency-Key': randomUUID() })).status).toBe(201)
    const whole = path.join(work, 'backup-checked')
    await takeBackup({ dataDir: api.dataDir, to: whole })
    const dataDir = path.join(work, 'restore-checked')
    await restoreBackup({ from: whole, dataDir })
    const before = fs.readFileSync(databaseFile(dataDir))
    const damages = [
      // One letter of a row changed: SQLite's integrity check passes it, the checksum does not.
      ['a changed row', (file: string) => {
        const bytes = fs.readFileSync(file)
        bytes.write('X', bytes.indexOf(marker))
        fs.writeFileSync(file, bytes)
      }, /its SHA-256 differs from the one recorded/],
      ['cut short', (file: string) => fs.truncateSync(file, fs.statSync(file).size - 4096), /it holds \d+ bytes, the backup wrote \d+/],
    ] as const
    for (const [name, damage, reason] of damages) {
      const copy = path.join(work, `backup-checked-${name.replace(/ /g, '-')}`)
      fs.cpSync(whole, copy, { recursive: true })
      damage(path.join(copy, 'viti-farmers.sqlite'))
      await expect(restoreBackup({ from: copy, dataDir, force: true }), name).rejects.toThrow(/^Nothing was changed: .*viti-farmers\.sqlite is not the file the backup wrote/)
      await expect(restoreBackup({ from: copy, dataDir, force: true }), name).rejects.toThrow(reason)
      expect(fs.readFileSync(databaseFile(dataDir)).equals(before), name).toBe(true)
    }
    // The command says it in one line that begins with what matters.
    const out = runScript('restore.ts', [path.join(work, 'backup-checked-cut-short'), '--force'], { DATA_DIR: dataDir })
    expect(out.status).toBe(1)
    expect(out.stderr.trim()).toMatch(/^Nothing was changed: \S+ is not the file the backup wrote \(it holds \d+ bytes, the backup wrote \d+\): copy the whole backup folder again\.$/)
    expect(fs.readFileSync(databaseFile(dataDir)).equals(before)).toBe(true)
  }, 60_000)

  it('refuses a data folder with no database of ours (a wrong DATA_DIR), creating neither a database nor a backup', async () => {
    const wrong = path.join(work, 'wrong-data')
    const to = path.join(work, 'backup-of-nothing')
    await expect(takeBackup({ dataDir: wrong, to })).rejects.toThrow(/^No database at \S+viti-farmers\.sqlite: is DATA_DIR right\?/)
    expect(fs.existsSync(wrong)).toBe(false)
    fs.mkdirSync(wrong)
    const notOurs = [
      () => fs.writeFileSync(databaseFile(wrong), ''),
      () => {
        const other = new BetterSqlite3(databaseFile(wrong))
        other.exec('create table notes (body text)')
        other.close()
      },
    ]
    for (const make of notOurs) {
      make()
      const before = fs.readFileSync(databaseFile(wrong))
      await expect(takeBackup({ dataDir: wrong, to })).rejects.toThrow(/viti-farmers\.sqlite holds no Viti Farmers tables: is DATA_DIR right\? Nothing was backed up\.$/)
      expect(fs.readFileSync(databaseFile(wrong)).equals(before)).toBe(true)
      expect(fs.existsSync(to)).toBe(false)
    }
    const out = runScript('backup.ts', [to], { DATA_DIR: wrong })
    expect(out.status).toBe(1)
    expect(out.stderr.trim()).toMatch(/^Backup failed: \S+ holds no Viti Farmers tables: is DATA_DIR right\? Nothing was backed up\.$/)
  }, 60_000)

  it('says in one line, never pg_dump\'s paragraph, that DATABASE_URL cannot be reached', () => {
    const to = path.join(work, 'backup-unreachable')
    const out = runScript('backup.ts', [to], { DATABASE_URL: 'postgres://vf:secret@127.0.0.1:1/vf' })
    expect(out.status).toBe(1)
    expect(out.stderr.trim()).toBe('Backup failed: Cannot reach the database in DATABASE_URL (connect ECONNREFUSED 127.0.0.1:1): nothing was backed up.')
    expect(fs.existsSync(to)).toBe(false)
  }, 60_000)

  it('writes a backup only its owner can read, whatever the umask (it holds password hashes and phone numbers)', async () => {
    fs.mkdirSync(uploadsDir(api.dataDir), { recursive: true })
    fs.writeFileSync(path.join(uploadsDir(api.dataDir), 'photo-open'), 'jpeg', { mode: 0o644 })
    const umask = process.umask(0o022)
    try {
      const to = path.join(work, 'owner-only', 'backup')
      await takeBackup({ dataDir: api.dataDir, to })
      const modes = Object.fromEntries(
        fs.readdirSync(to, { recursive: true, encoding: 'utf8' }).map((name) => [name, (fs.statSync(path.join(to, name)).mode & 0o777).toString(8)]),
      )
      expect((fs.statSync(to).mode & 0o777).toString(8)).toBe('700')
      expect(modes).toMatchObject({ 'manifest.json': '600', 'viti-farmers.sqlite': '600', uploads: '700', 'uploads/photo-open': '600' })
      expect(Object.values(modes).filter((mode) => mode !== '600' && mode !== '700')).toEqual([])
    } finally {
      process.umask(umask)
    }
  })
})
