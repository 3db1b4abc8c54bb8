// A user flagged mustChangePassword may verify the session, change the password and log out; the
// server refuses everything else with a 403 the outbox can tell from a missing capability.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERROR_CODES, messages } from '../contract'
import { TEST_PASSWORD, bearer, createStaffUser, seededAdminId, tokenFor } from '../testing/staff'
import { startTestApp, type TestApp } from '../testing/test-app'

let api: TestApp
beforeAll(async () => {
  api = await startTestApp()
})
afterAll(() => api.close())

const refusal = { message: messages.auth.passwordChangeRequired, code: ERROR_CODES.passwordChangeRequired }
const NEW_PASSWORD = 'Koro$Sea4Nadi!'

async function flaggedAgent() {
  const agent = await createStaffUser(api.db, { role: 'data_agent', mustChangePassword: true })
  return { ...agent, auth: bearer(await tokenFor(api.db, agent.id)) }
}

describe('a user who must change the password', () => {
  it('can verify the session and sees the flag', async () => {
    const { auth } = await flaggedAgent()
    const res = await api.fetch('/api/auth/verify', { headers: auth })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { user: { mustChangePassword: boolean } }).user.mustChangePassword).toBe(true)
  })

  it('is refused the dashboard, queued signups and photo uploads with 403 and a code, and nothing is written', async () => {
    const { id, auth } = await flaggedAgent()
    const stats = await api.fetch('/api/admin/stats', { headers: auth })
    expect(stats.status).toBe(403)
    expect(await stats.json()).toEqual(refusal)

    const signup = await api.postJson('/api/data-agent/signup', {}, { ...auth, 'idempotency-key': crypto.randomUUID() })
    expect(signup.status).toBe(403)
    expect(await signup.json()).toEqual(refusal)

    const upload = await api.postJson('/api/objects/upload', { contentType: 'image/jpeg', size: 1000 }, auth)
    expect(upload.status).toBe(403)
    expect(await upload.json()).toEqual(refusal)
    expect(await api.db.selectFrom('uploads').select('id').where('createdBy', '=', id).execute()).toEqual([])

    const analytics = await api.fetch('/api/analytics/live?days=7', { headers: auth })
    expect(analytics.status).toBe(403)
  })

  it('changes the password, after which the same routes answer', async () => {
    const { auth } = await flaggedAgent()
    const changed = await api.postJson('/api/auth/change-password', { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD }, auth)
    expect(changed.status).toBe(200)
    const { token, user } = (await changed.json()) as { token: string; user: { mustChangePassword: boolean } }
    expect(user.mustChangePassword).toBe(false)
    expect((await api.fetch('/api/admin/stats', { headers: bearer(token) })).status).toBe(200)
  })

  it('can log out', async () => {
    const { auth } = await flaggedAgent()
    expect((await api.postJson('/api/auth/logout', {}, auth)).status).toBe(200)
    expect((await api.fetch('/api/auth/verify', { headers: auth })).status).toBe(401)
  })

  it('is refused at once when an admin sets the flag on a signed-in user', async () => {
    const agent = await createStaffUser(api.db, { role: 'data_agent' })
    const auth = bearer(await tokenFor(api.db, agent.id))
    expect((await api.fetch('/api/admin/stats', { headers: auth })).status).toBe(200)
    const admin = bearer(await tokenFor(api.db, await seededAdminId(api.db)))
    const res = await api.fetch(`/api/admin/users/${agent.id}`, {
      method: 'PATCH',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ mustChangePassword: true }),
    })
    expect(res.status).toBe(200)
    expect(await (await api.fetch('/api/admin/stats', { headers: auth })).json()).toEqual(refusal)
  })

  it('a missing capability is still the plain 403, without the code', async () => {
    const agent = await createStaffUser(api.db, { role: 'data_agent' })
    const res = await api.fetch('/api/admin/users', { headers: bearer(await tokenFor(api.db, agent.id)) })
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({ message: messages.common.forbidden })
  })
})
