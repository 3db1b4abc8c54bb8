// 0003 on a database that has lived on 0001: the audit rows stay, gain the name and e-mail of
// their user where they lacked them, and outlive the user's deletion. On both databases.
import { Migrator } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateToLatest } from '../migrate'
import { createTestDatabaseOn, DIALECTS, indexNames, type AnyTestDatabase } from '../testing'
import { initial } from './0001-initial'

describe.each(DIALECTS)('0003-audit-keeps-user on %s', (dialect) => {
  let t: AnyTestDatabase

  beforeAll(async () => {
    t = await createTestDatabaseOn(dialect, { migrate: false })
    // The schema as shipped before this migration.
    const { error } = await new Migrator({ db: t.db, provider: { getMigrations: async () => ({ '0001-initial': initial }) } }).migrateToLatest()
    if (error) throw error
    const now = new Date().toISOString()
    await t.db
      .insertInto('admin_users')
      .values({ id: 'u-1', name: 'Mere Vula', email: 'mere@test.vitifarmers.org.fj', passwordHash: 'x', role: 'admin_user', createdAt: now, updatedAt: now })
      .execute()
    await t.db
      .insertInto('audit_logs')
      .values([
        { userId: 'u-1', userEmail: null, userName: null, action: 'login', details: 'Signed in', createdAt: '2026-01-01T00:00:00.000Z' },
        { userId: 'u-1', userEmail: 'mere@test.vitifarmers.org.fj', userName: 'Mere V.', action: 'logout', details: 'Signed out', createdAt: '2026-01-02T00:00:00.000Z' },
      ])
      .execute()
    await migrateToLatest(t.db)
  })
  afterAll(async () => {
    await t?.close()
  })

  const rows = () => t.db.selectFrom('audit_logs').select(['id', 'userId', 'userName', 'userEmail', 'action']).orderBy('id').execute()

  it('keeps every row and id, filling a missing name and e-mail from the user and keeping the ones written', async () => {
    expect(await rows()).toEqual([
      { id: 1, userId: 'u-1', userName: 'Mere Vula', userEmail: 'mere@test.vitifarmers.org.fj', action: 'login' },
      { id: 2, userId: 'u-1', userName: 'Mere V.', userEmail: 'mere@test.vitifarmers.org.fj', action: 'logout' },
    ])
  })

  it('keeps the indexes', async () => {
    expect(await indexNames(t, 'audit_logs')).toEqual(expect.arrayContaining(['audit_logs_createdAt_idx', 'audit_logs_userId_idx']))
  })

  it('deleting the user keeps the rows, with the user id nulled', async () => {
    await t.db.deleteFrom('admin_users').where('id', '=', 'u-1').execute()
    expect(await rows()).toEqual([
      { id: 1, userId: null, userName: 'Mere Vula', userEmail: 'mere@test.vitifarmers.org.fj', action: 'login' },
      { id: 2, userId: null, userName: 'Mere V.', userEmail: 'mere@test.vitifarmers.org.fj', action: 'logout' },
    ])
    if (t.dialect === 'sqlite') expect(t.sqlite.pragma('foreign_key_check')).toEqual([])
  })

  it('numbers the next audit row after the kept ones', async () => {
    const next = await t.db.insertInto('audit_logs').values({ action: 'login' }).returning('id').executeTakeFirstOrThrow()
    expect(next.id).toBe(3)
  })
})
