// The audit trail: staffWrite's all-or-nothing write, the list, and the purge.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '../contract'
import { bearer, createStaffUser, seededAdminId, tokenFor } from '../testing/staff'
import { startTestApp, type TestApp } from '../testing/test-app'
import { purgeRange } from './purge-range'
import { staffWrite, type Actor } from './staff-write'

let api: TestApp
let actor: Actor
let admin: Record<string, string>

beforeAll(async () => {
  api = await startTestApp()
  const adminId = await seededAdminId(api.db)
  admin = bearer(await tokenFor(api.db, adminId))
  actor = { userId: adminId, userEmail: 'admin@test.vitifarmers.org.fj', userName: 'Administrator', ipAddress: '10.0.0.1', userAgent: 'vitest' }
})
afterAll(() => api.close())

const countAudit = async (action: string) => (await api.db.selectFrom('audit_logs').select('id').where('action', '=', action).execute()).length
const insertLocation = (trx: typeof api.db, name: string) => trx.insertInto('locations').values({ name }).execute()
const hasLocation = async (name: string) => !!(await api.db.selectFrom('locations').select('id').where('name', '=', name).executeTakeFirst())

describe('staffWrite', () => {
  it('commits the change and its audit row together', async () => {
    const name = `Vunidawa ${randomUUID().slice(0, 6)}`
    const result = await staffWrite(api.db, actor, async (trx) => {
      await insertLocation(trx, name)
      return { result: 'done', audit: { action: 'test_create_location', targetType: 'location', targetName: name, details: { name, password: 'secret!', passwordHash: 'x', mustChangePassword: true } } }
    })
    expect(result).toBe('done')
    expect(await hasLocation(name)).toBe(true)
    const row = await api.db.selectFrom('audit_logs').selectAll().where('targetName', '=', name).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ action: 'test_create_location', userId: actor.userId, userEmail: actor.userEmail, userName: 'Administrator', ipAddress: '10.0.0.1', userAgent: 'vitest' })
    expect(JSON.parse(row.details!)).toEqual({ name, mustChangePassword: true })
  })

  it('a failure after the change leaves neither the change nor the audit row', async () => {
    const name = `Nakasi ${randomUUID().slice(0, 6)}`
    const before = await countAudit('test_failing')
    await expect(
      staffWrite(api.db, actor, async (trx) => {
        await insertLocation(trx, name)
        throw new Error('mid-transaction failure')
      }),
    ).rejects.toThrow('mid-transaction failure')
    expect(await hasLocation(name)).toBe(false)
    expect(await countAudit('test_failing')).toBe(before)
  })

  it('an audit row that cannot be written rolls the change back', async () => {
    const name = `Wainibuka ${randomUUID().slice(0, 6)}`
    await expect(
      staffWrite(api.db, { ...actor, userId: randomUUID() /* no such user: foreign key fails */ }, async (trx) => {
        await insertLocation(trx, name)
        return { result: undefined, audit: { action: 'test_orphan' } }
      }),
    ).rejects.toThrow()
    expect(await hasLocation(name)).toBe(false)
  })
})

describe('GET /api/admin/audit-logs', () => {
  it('lists newest first and pages back with ?before=', async () => {
    const older = await api.db.insertInto('audit_logs').values({ action: 'test_old', createdAt: '2020-01-01T00:00:00.000Z' }).returning('id').executeTakeFirstOrThrow()
    const res = await api.fetch('/api/admin/audit-logs', { headers: admin })
    expect(res.status).toBe(200)
    const logs = (await res.json()) as { id: number; createdAt: string; action: string }[]
    expect(logs.map((l) => l.createdAt)).toEqual([...logs.map((l) => l.createdAt)].sort().reverse())
    expect(logs.at(-1)!.action).toBe('test_old')
    expect(Object.keys(logs[0]!).sort()).toEqual(
      ['action', 'createdAt', 'details', 'id', 'ipAddress', 'targetId', 'targetName', 'targetType', 'userAgent', 'userEmail', 'userId', 'userName'].sort(),
    )

    // Pages of 2 joined together are the whole list, in the same order.
    const paged: number[] = []
    for (let before = ''; ; ) {
      const page = (await (await api.fetch(`/api/admin/audit-logs?limit=2${before}`, { headers: admin })).json()) as { id: number }[]
      if (page.length === 0) break
      expect(page.length).toBeLessThanOrEqual(2)
      paged.push(...page.map((l) => l.id))
      before = `&before=${page.at(-1)!.id}`
    }
    expect(paged).toEqual(logs.map((l) => l.id))
    expect(paged.at(-1)).toBe(older.id)
    expect((await api.fetch('/api/admin/audit-logs?limit=5000', { headers: admin })).status).toBe(400)
  })

  it('an admin user may read it; a data agent may not', async () => {
    const adminUser = await createStaffUser(api.db, { role: 'admin_user' })
    const agent = await createStaffUser(api.db, { role: 'data_agent' })
    expect((await api.fetch('/api/admin/audit-logs', { headers: bearer(await tokenFor(api.db, adminUser.id)) })).status).toBe(200)
    expect((await api.fetch('/api/admin/audit-logs', { headers: bearer(await tokenFor(api.db, agent.id)) })).status).toBe(403)
  })
})

describe('DELETE /api/admin/audit-logs/purge', () => {
  const purge = (body: unknown, headers = admin) =>
    api.fetch('/api/admin/audit-logs/purge', { method: 'DELETE', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) })

  it('deletes the entries of the range (whole Fiji days), answers deletedCount and audits the purge', async () => {
    await api.db
      .insertInto('audit_logs')
      .values([
        { action: 'test_purge_in', createdAt: '2021-03-01T10:00:00.000Z' },
        // 31 March 23:00 in Fiji is still 31 March there, though 11:00 UTC.
        { action: 'test_purge_in', createdAt: '2021-03-31T11:00:00.000Z' },
        { action: 'test_purge_out', createdAt: '2021-03-31T12:30:00.000Z' }, // 1 April 00:30 in Fiji
        { action: 'test_purge_out', createdAt: '2021-02-28T11:59:00.000Z' }, // 28 Feb 23:59 in Fiji
      ])
      .execute()
    const res = await purge({ startDate: '2021-03-01', endDate: '2021-03-31' })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ deletedCount: 2 })
    expect(await countAudit('test_purge_in')).toBe(0)
    expect(await countAudit('test_purge_out')).toBe(2)
    const [entry] = await api.db.selectFrom('audit_logs').selectAll().where('action', '=', 'purge_audit_logs').execute()
    expect(entry!.details).toBe('Purged 2 audit log entries from 2021-03-01 to 2021-03-31')
  })

  it('validates the dates with the spec messages', async () => {
    const missing = await purge({ startDate: '2021-03-01' })
    expect(missing.status).toBe(400)
    expect(((await missing.json()) as { message: string }).message).toBe(messages.purge.bothDatesRequired)
    const reversed = await purge({ startDate: '2021-04-01', endDate: '2021-03-01' })
    expect(((await reversed.json()) as { message: string }).message).toBe(messages.purge.startAfterEnd)
  })

  it('an admin user cannot purge (403) and nothing is deleted', async () => {
    const adminUser = await createStaffUser(api.db, { role: 'admin_user' })
    const before = await countAudit('test_purge_out')
    const res = await purge({ startDate: '2000-01-01', endDate: '2100-01-01' }, bearer(await tokenFor(api.db, adminUser.id)))
    expect(res.status).toBe(403)
    expect(await countAudit('test_purge_out')).toBe(before)
  })
})

describe('purgeRange', () => {
  it('bare dates are whole Fiji days; date-times are exact instants, end inclusive', () => {
    expect(purgeRange({ startDate: '2025-06-01', endDate: '2025-06-01' })).toEqual({ fromIso: '2025-05-31T12:00:00.000Z', beforeIso: '2025-06-01T12:00:00.000Z' })
    expect(purgeRange({ startDate: '2025-06-01T00:00:00.000Z', endDate: '2025-06-02T00:00:00.000Z' })).toEqual({ fromIso: '2025-06-01T00:00:00.000Z', beforeIso: '2025-06-02T00:00:00.001Z' })
  })
})
