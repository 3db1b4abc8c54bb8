// Deleting a staff account keeps the audit rows it wrote: the trail still says who did what.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditLog } from '../contract'
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
