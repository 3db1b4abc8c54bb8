// Deleting a staff account keeps the audit rows it wrote: the trail still says who did what.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { randomUUID } from 'node:crypto'
import { messages, type AuditLog } from '../contract'
import { staffWrite } from './staff-write'
import { SEEDED_ADMIN, TEST_PASSWORD, bearer, createStaffUser, seededAdminId, tokenFor } from '../testing/staff'
import { startTestApp, type TestApp } from '../testing/test-app'

let api: TestApp
let admin: Record<string, string>
beforeAll(async () => {
  api = await startTestApp()
  admin = bearer(await tokenFor(api.db, await seededAdminId(api.db)))
})
afterAll(() => api.close())

describe('deleting a staff account', () => {
  it('keeps the audit rows it wrote, with the user id nulled and the name and e-mail kept', async () => {
    const agent = await createStaffUser(api.db, { role: 'data_agent', name: 'Jone Rokobuli' })
    // The agent writes to the trail by signing in and out.
    const signedIn = await api.postJson('/api/auth/login', { email: agent.email, password: TEST_PASSWORD })
    expect(signedIn.status).toBe(200)
    const { token } = (await signedIn.json()) as { token: string }
    expect((await api.postJson('/api/auth/logout', {}, bearer(token))).status).toBe(200)

    expect((await api.fetch(`/api/admin/users/${agent.id}`, { method: 'DELETE', headers: admin })).status).toBe(200)

    const res = await api.fetch('/api/admin/audit-logs', { headers: admin })
    expect(res.status).toBe(200)
    const entries = (await res.json()) as AuditLog[]
    const byAgent = entries.filter((entry) => entry.userEmail === agent.email)
    expect(byAgent.map((entry) => entry.action).sort()).toEqual(['login', 'logout'])
    for (const entry of byAgent) expect(entry).toMatchObject({ userId: null, userName: 'Jone Rokobuli', userEmail: agent.email })
    // The deletion itself is recorded by the admin, naming the deleted account.
    expect(entries.find((entry) => entry.action === 'delete_user' && entry.targetId === agent.id)).toMatchObject({ userEmail: SEEDED_ADMIN.email, targetName: 'Jone Rokobuli' })
  })
})

describe('a staff write by an account deleted meanwhile', () => {
  it('is refused with 401 "Please log in to continue" and writes nothing, not a 500', async () => {
    // As when a colleague on another server deletes the account between this request's sign-in check
    // and its write: the audit row cannot name a user who no longer exists.
    const gone = { userId: randomUUID(), userEmail: 'gone@test.vitifarmers.org.fj', userName: 'Gone Admin', ipAddress: null, userAgent: null }
    const write = staffWrite(api.db, gone, async (trx) => {
      await trx.insertInto('expert_fields').values({ name: 'Written By The Deleted', isDefault: 0 }).execute()
      return { result: undefined, audit: { action: 'create_expert_field', targetType: 'expert_field', targetName: 'Written By The Deleted' } }
    })
    await expect(write).rejects.toMatchObject({ status: 401, message: messages.common.sessionRequired })
    expect(await api.db.selectFrom('expert_fields').select('id').where('name', '=', 'Written By The Deleted').execute()).toEqual([])
    expect(await api.db.selectFrom('audit_logs').select('id').where('userEmail', '=', gone.userEmail).execute()).toEqual([])
  })
})
