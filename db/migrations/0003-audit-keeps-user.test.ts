// 0003 on a database that has lived on 0001: the audit rows stay, gain the name and e-mail of
// their user where they lacked them, and outlive the user's deletion.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Migrator } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseFile, openDatabase, type DatabaseHandle } from '../connection'
import { migrateToLatest } from '../migrate'
import { initial } from './0001-initial'

let dataDir: string
let handle: DatabaseHandle

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vf-migrate-'))
  handle = openDatabase({ file: databaseFile(dataDir) })
  // The schema as shipped before this migration.
  const { error } = await new Migrator({ db: handle.db, provider: { getMigrations: async () => ({ '0001-initial': initial }) } }).migrateToLatest()
  if (error) throw error
  const now = new Date().toISOString()
  await handle.db
    .insertInto('admin_users')
    .values({ id: 'u-1', name: 'Mere Vula', email: 'mere@test.vitifarmers.org.fj', passwordHash: 'x', role: 'admin_user', createdAt: now, updatedAt: now })
    .execute()
  await handle.db
    .insertInto('audit_logs')
    .values([
      { userId: 'u-1', userEmail: null, userName: null, action: 'login', details: 'Signed in', createdAt: '2026-01-01T00:00:00.000Z' },
      { userId: 'u-1', userEmail: 'mere@test.vitifarmers.org.fj', userName: 'Mere V.', action: 'logout', details: 'Signed out', createdAt: '2026-01-02T00:00:00.000Z' },
    ])
    .execute()
  await migrateToLatest(handle.db)
})
afterAll(async () => {
  await handle.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

const rows = () => handle.db.selectFrom('audit_logs').select(['id', 'userId', 'userName', 'userEmail', 'action']).orderBy('id').execute()

describe('0003-audit-keeps-user', () => {
  it('keeps every row and id, filling a missing name and e-mail from the user and keeping the ones written', async () => {
    expect(await rows()).toEqual([
      { id: 1, userId: 'u-1', userName: 'Mere Vula', userEmail: 'mere@test.vitifarmers.org.fj', action: 'login' },
      { id: 2, userId: 'u-1', userName: 'Mere V.', userEmail: 'mere@test.vitifarmers.org.fj', action: 'logout' },
    ])
  })

  it('keeps the indexes', () => {
    const names = (handle.sqlite.prepare("select name from sqlite_master where type = 'index' and tbl_name = 'audit_logs'").all() as { name: string }[]).map((r) => r.name)
    expect(names).toEqual(expect.arrayContaining(['audit_logs_createdAt_idx', 'audit_logs_userId_idx']))
  })

  it('deleting the user keeps the rows, with the user id nulled', async () => {
    await handle.db.deleteFrom('admin_users').where('id', '=', 'u-1').execute()
    expect(await rows()).toEqual([
      { id: 1, userId: null, userName: 'Mere Vula', userEmail: 'mere@test.vitifarmers.org.fj', action: 'login' },
      { id: 2, userId: null, userName: 'Mere V.', userEmail: 'mere@test.vitifarmers.org.fj', action: 'logout' },
    ])
    expect(handle.sqlite.pragma('foreign_key_check')).toEqual([])
  })
})
