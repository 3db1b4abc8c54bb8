// The documented way back in (README): `npm run reset-admin-password`, on a real SQLite file or the
// PostgreSQL database in DATABASE_URL.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Migrator } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { migrateToLatest } from '../../db/migrate'
import { migrations } from '../../db/migrations/index'
import { seedDatabase } from '../../db/seed'
import { PASSWORD_RULE } from '../../db/seed/admin'
import { createTestDatabaseOn, type AnyTestDatabase } from '../../db/testing'
import { hashPassword, verifyPassword } from '../auth/password'
import { createApiTestDatabase, testDialect } from '../testing/test-app'
import { resetAdminPassword } from './reset-admin-password'

const REPO_ROOT = path.resolve(import.meta.dirname, '../..')
const ADMIN = 'admin@reset.vitifarmers.test'

const open: AnyTestDatabase[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((t) => t.close()))
})

async function seeded(): Promise<AnyTestDatabase> {
  const t = await createApiTestDatabase()
  open.push(t)
  await seedDatabase(t.db, { demo: false, admin: { email: ADMIN, password: 'Old-Admin!2026x' }, hashPassword })
  const admin = await t.db.selectFrom('admin_users').select('id').where('email', '=', ADMIN).executeTakeFirstOrThrow()
  const now = new Date().toISOString()
  await t.db.insertInto('sessions').values({ id: 'session-hash-1', userId: admin.id, expiresAt: '2099-01-01T00:00:00.000Z', createdAt: now, lastUsedAt: now }).execute()
  return t
}

/** A database as a release before 0007-shared-state (login_failures) left it, with its admin. */
async function olderSchema(): Promise<AnyTestDatabase> {
  const t = await createTestDatabaseOn(testDialect(), { migrate: false })
  open.push(t)
  const older = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0007'))
  expect((await new Migrator({ db: t.db, provider: { getMigrations: async () => older }, allowUnorderedMigrations: true }).migrateToLatest()).error).toBeUndefined()
  await t.db.insertInto('admin_users').values({ id: 'u-old', name: 'Old Admin', email: ADMIN, passwordHash: await hashPassword('Old-Admin!2026x'), role: 'global_admin' }).execute()
  return t
}

async function adminState(t: AnyTestDatabase) {
  const row = await t.db.selectFrom('admin_users').select(['id', 'passwordHash', 'mustChangePassword']).where('email', '=', ADMIN).executeTakeFirstOrThrow()
  const sessions = await t.db.selectFrom('sessions').select('id').where('userId', '=', row.id).execute()
  const audit = await t.db.selectFrom('audit_logs').selectAll().where('action', '=', 'reset_password').execute()
  return { ...row, sessions: sessions.length, audit }
}

describe('resetAdminPassword', () => {
  it('sets a generated password, flags a change, ends the sessions and writes an audit row', async () => {
    const t = await seeded()
    const result = await resetAdminPassword(t.db)
    expect(result).toMatchObject({ email: ADMIN, generated: true })
    expect(result.password).toMatch(PASSWORD_RULE)
    const after = await adminState(t)
    expect(await verifyPassword(after.passwordHash, result.password)).toBe(true)
    expect(await verifyPassword(after.passwordHash, 'Old-Admin!2026x')).toBe(false)
    expect(after.mustChangePassword).toBe(1)
    expect(after.sessions).toBe(0)
    expect(after.audit).toHaveLength(1)
    expect(after.audit[0]).toMatchObject({ targetId: after.id, userName: 'Command line (npm run reset-admin-password)' })
    expect(after.audit[0]?.details ?? '').not.toContain(result.password)
  })

  it('refuses an unknown e-mail and a weak given password, changing nothing', async () => {
    const t = await seeded()
    const before = await adminState(t)
    await expect(resetAdminPassword(t.db, { email: 'nobody@example.fj' })).rejects.toThrow('No staff account has the e-mail nobody@example.fj.')
    await expect(resetAdminPassword(t.db, { email: ADMIN, password: 'short' })).rejects.toThrow('The new password was refused: Password must be at least 8 characters long')
    expect(await adminState(t)).toEqual(before)
  })

  it('says what went wrong when it is not the password: a missing table is not a refused password', async () => {
    const t = await olderSchema()
    const failure = await resetAdminPassword(t.db, { password: 'New-Admin!2026zq' }).then(() => undefined, (error: unknown) => error)
    expect(failure).toBeInstanceOf(Error)
    expect((failure as Error).message).toMatch(/login_failures/)
    expect((failure as Error).message).not.toMatch(/refused/)
  })
})

describe('npm run reset-admin-password (the command)', () => {
  const run = (dataDir: string, args: string[], databaseUrl = '') =>
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/reset-admin-password.ts', ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
      encoding: 'utf8',
      timeout: 60_000,
    })

  it('resets the named account on the database (DATA_DIR or DATABASE_URL) and prints the new password once', async () => {
    const t = await seeded()
    const url = t.dialect === 'postgres' ? t.url : ''
    const given = 'New-Admin!2026zq'
    const out = run(t.dataDir, [ADMIN.toUpperCase(), '--password', given], url)
    expect(out.stderr).toBe('')
    expect(out.status).toBe(0)
    expect(out.stdout).toContain(`Password reset for ${ADMIN}`)
    const after = await adminState(t)
    expect(await verifyPassword(after.passwordHash, given)).toBe(true)
    expect(after).toMatchObject({ mustChangePassword: 1, sessions: 0 })

    const generated = run(t.dataDir, [], url)
    expect(generated.status).toBe(0)
    const password = /new password: (\S+)/.exec(generated.stdout)?.[1] ?? ''
    expect(password).toMatch(PASSWORD_RULE)
    expect(generated.stdout.split(password)).toHaveLength(2)
    expect(await verifyPassword((await adminState(t)).passwordHash, password)).toBe(true)
  }, 120_000)

  it('brings a database of an older release up to date first, as the server does, then resets', async () => {
    const t = await olderSchema()
    const given = 'New-Admin!2026zq'
    const out = run(t.dataDir, ['--password', given], t.dialect === 'postgres' ? t.url : '')
    expect(out.stderr).toBe('')
    expect(out.status).toBe(0)
    expect(out.stdout).toContain('Brought the database up to date first (0007-shared-state, ')
    expect(out.stdout).toContain(`Password reset for ${ADMIN}`)
    expect(await migrateToLatest(t.db)).toEqual([])
    const after = await adminState(t)
    expect(await verifyPassword(after.passwordHash, given)).toBe(true)
    expect(after.mustChangePassword).toBe(1)
  }, 120_000)

  it('never creates a database where there is none', () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'vf-reset-'))
    try {
      const out = run(path.join(empty, 'data'), [])
      expect(out.status).toBe(1)
      expect(out.stderr).toContain('No database at')
      expect(fs.readdirSync(empty)).toEqual([])
    } finally {
      fs.rmSync(empty, { recursive: true, force: true })
    }
  }, 60_000)

  it('says in one line, never a stack, why it cannot: a database it cannot reach, a file with no data of ours', () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'vf-reset-'))
    try {
      const unreachable = run(empty, [], 'postgres://vf:secret@127.0.0.1:1/vf')
      expect(unreachable.status).toBe(1)
      expect(unreachable.stderr.trim()).toMatch(/^Resetting the password failed: connect ECONNREFUSED 127\.0\.0\.1:1$/)
      fs.mkdirSync(path.join(empty, 'data'))
      fs.writeFileSync(path.join(empty, 'data', 'viti-farmers.sqlite'), '')
      const bare = run(path.join(empty, 'data'), [])
      expect(bare.status).toBe(1)
      expect(bare.stderr.trim()).toMatch(/viti-farmers\.sqlite holds no Viti Farmers data: nothing was changed\.$/)
    } finally {
      fs.rmSync(empty, { recursive: true, force: true })
    }
  }, 60_000)
})
