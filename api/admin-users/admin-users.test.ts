// User management over HTTP: shapes, the 409/400 rules, sessions ended by reset and delete, and the
// audit row written with every change (or not at all when the change fails).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '../contract'
import { SEEDED_ADMIN, bearer, createStaffUser, seededAdminId, tokenFor } from '../testing/staff'
import { refuseInserts } from '../testing/refuse-inserts'
import { startTestApp, type TestApp } from '../testing/test-app'

const m = messages.users
let api: TestApp
let adminId: string
let admin: Record<string, string>

beforeAll(async () => {
  api = await startTestApp()
  adminId = await seededAdminId(api.db)
  admin = bearer(await tokenFor(api.db, adminId))
})
afterAll(() => api.close())

const json = (method: string, path: string, body: unknown, headers = admin) =>
  api.fetch(path, { method, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) })
const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message
const auditOf = (action: string, targetId: string) =>
  api.db.selectFrom('audit_logs').selectAll().where('action', '=', action).where('targetId', '=', targetId).execute()
const newUser = (over: Record<string, unknown> = {}) => ({
  name: 'Mere Tuilagi',
  email: `mere.${Math.random().toString(36).slice(2, 8)}@test.vitifarmers.org.fj`,
  password: 'Dalo&Cassava7',
  role: 'data_agent',
  ...over,
})

describe('GET /api/admin/users', () => {
  it('lists users without any password field', async () => {
    const res = await api.fetch('/api/admin/users', { headers: admin })
    expect(res.status).toBe(200)
    const users = (await res.json()) as Record<string, unknown>[]
    const seeded = users.find((u) => u.email === SEEDED_ADMIN.email)
    expect(Object.keys(seeded!).sort()).toEqual(['createdAt', 'email', 'id', 'lastLogin', 'mustChangePassword', 'name', 'role', 'updatedAt'])
    expect(JSON.stringify(users)).not.toMatch(/argon2|passwordHash/)
  })

  it('is refused to a data agent and an admin user (403)', async () => {
    for (const role of ['data_agent', 'admin_user'] as const) {
      const { id } = await createStaffUser(api.db, { role })
      const res = await api.fetch('/api/admin/users', { headers: bearer(await tokenFor(api.db, id)) })
      expect(res.status).toBe(403)
      expect(await messageOf(res)).toBe(messages.common.forbidden)
    }
  })
})

describe('POST /api/admin/users', () => {
  it('creates a user who can sign in, and audits it without the password', async () => {
    const input = newUser({ email: 'Mere.New@Test.VitiFarmers.org.fj' })
    const res = await json('POST', '/api/admin/users', input)
    expect(res.status).toBe(201)
    const created = (await res.json()) as { id: string; email: string; mustChangePassword: boolean; lastLogin: null }
    expect(created).toMatchObject({ name: 'Mere Tuilagi', email: 'mere.new@test.vitifarmers.org.fj', role: 'data_agent', mustChangePassword: false, lastLogin: null })
    const signIn = await api.postJson('/api/auth/login', { email: created.email, password: input.password })
    expect(signIn.status).toBe(200)
    const [audit] = await auditOf('create_user', created.id)
    expect(audit).toMatchObject({ userId: adminId, userEmail: SEEDED_ADMIN.email, targetType: 'admin_user', targetName: 'Mere Tuilagi', ipAddress: expect.any(String) })
    expect(audit!.details).toContain('data_agent')
    expect(audit!.details).not.toContain(input.password)
  })

  it('answers 409 for an e-mail already in use, whatever its case', async () => {
    const res = await json('POST', '/api/admin/users', newUser({ email: SEEDED_ADMIN.email.toUpperCase() }))
    expect(res.status).toBe(409)
    expect(await messageOf(res)).toBe(m.emailTaken)
  })

  it('refuses a common password and a password breaking a rule', async () => {
    const common = await json('POST', '/api/admin/users', newUser({ password: 'Welcome123!' }))
    expect(common.status).toBe(400)
    expect(await messageOf(common)).toBe(messages.auth.passwordTooCommon)
    const weak = await json('POST', '/api/admin/users', newUser({ password: 'short' }))
    expect(await messageOf(weak)).toBe(messages.auth.passwordMinLength)
  })

  it.each(['Bula2024!', 'Vinaka123!', 'Vitifarmers1!', 'Abcd1234!', 'Aa123456!', 'Viti@2026'])(
    'refuses %s for a new staff account (common base word or the product\'s own words)',
    async (password) => {
      const res = await json('POST', '/api/admin/users', newUser({ password }))
      expect(res.status).toBe(400)
      expect(await messageOf(res)).toBe(messages.auth.passwordTooCommon)
    },
  )

  it('accepts a strong password', async () => {
    expect((await json('POST', '/api/admin/users', newUser({ password: 'Koro$Sea4Nadi' }))).status).toBe(201)
  })
})

describe('PATCH /api/admin/users/:id', () => {
  it('changes the given fields and audits what changed', async () => {
    const { id } = await createStaffUser(api.db, { role: 'data_agent', name: 'Jone' })
    const res = await json('PATCH', `/api/admin/users/${id}`, { name: 'Jone Vula', role: 'admin_user', mustChangePassword: true })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ id, name: 'Jone Vula', role: 'admin_user', mustChangePassword: true })
    const [audit] = await auditOf('update_user', id)
    expect(audit!.details).toBe('name: Jone → Jone Vula; role: data_agent → admin_user; mustChangePassword: false → true')
  })

  it('answers 409 when the new e-mail belongs to someone else, 404 for an unknown id', async () => {
    const { id } = await createStaffUser(api.db, { role: 'data_agent' })
    const taken = await json('PATCH', `/api/admin/users/${id}`, { email: SEEDED_ADMIN.email })
    expect(taken.status).toBe(409)
    expect(await messageOf(taken)).toBe(m.emailTaken)
    expect((await json('PATCH', '/api/admin/users/00000000-0000-4000-8000-000000000000', { name: 'X' })).status).toBe(404)
  })

  it('will not let a user change their own role', async () => {
    const res = await json('PATCH', `/api/admin/users/${adminId}`, { role: 'admin_user' })
    expect(res.status).toBe(400)
    expect(await messageOf(res)).toBe(m.cannotChangeOwnRole)
    expect((await json('PATCH', `/api/admin/users/${adminId}`, { role: 'global_admin', name: 'Administrator' })).status).toBe(200)
  })
})

describe('DELETE /api/admin/users/:id', () => {
  it('cannot delete your own account', async () => {
    const res = await api.fetch(`/api/admin/users/${adminId}`, { method: 'DELETE', headers: admin })
    expect(res.status).toBe(400)
    expect(await messageOf(res)).toBe('You cannot delete your own account')
  })

  it('deletes another user, ends their sessions and audits it', async () => {
    const { id } = await createStaffUser(api.db, { role: 'data_agent' })
    const theirToken = await tokenFor(api.db, id)
    const res = await api.fetch(`/api/admin/users/${id}`, { method: 'DELETE', headers: admin })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ ok: true })
    expect((await api.fetch('/api/auth/verify', { headers: bearer(theirToken) })).status).toBe(401)
    expect(await auditOf('delete_user', id)).toHaveLength(1)
    expect((await api.fetch(`/api/admin/users/${id}`, { method: 'DELETE', headers: admin })).status).toBe(404)
  })
})

describe('two global admins at once', () => {
  // On PostgreSQL the two requests run in parallel transactions; SQLite's one connection runs them
  // one after the other. Either way one deletion happens and is audited, and no one sees a 500.
  it('deleting each other: one 200, the other 401 "Please log in to continue" (its account is gone), one audit row', async () => {
    for (let round = 0; round < 5; round++) {
      const [x, y] = [await createStaffUser(api.db, { role: 'global_admin', name: `Admin X${round}` }), await createStaffUser(api.db, { role: 'global_admin', name: `Admin Y${round}` })]
      const [xHeaders, yHeaders] = [bearer(await tokenFor(api.db, x.id)), bearer(await tokenFor(api.db, y.id))]
      const answers = await Promise.all([
        api.fetch(`/api/admin/users/${y.id}`, { method: 'DELETE', headers: xHeaders }),
        api.fetch(`/api/admin/users/${x.id}`, { method: 'DELETE', headers: yHeaders }),
      ])
      expect(answers.map((res) => res.status).sort()).toEqual([200, 401])
      expect(await messageOf(answers.find((res) => res.status === 401)!)).toBe(messages.common.sessionRequired)
      const winner = answers[0]!.status === 200 ? x : y
      const loser = winner === x ? y : x
      expect(await api.db.selectFrom('admin_users').select('id').where('id', 'in', [x.id, y.id]).execute()).toEqual([{ id: winner.id }])
      const audits = await api.db.selectFrom('audit_logs').select(['userId', 'targetId']).where('action', '=', 'delete_user').where('targetId', 'in', [x.id, y.id]).execute()
      expect(audits).toEqual([{ userId: winner.id, targetId: loser.id }])
    }
  })

  it('deleting one colleague twice: one 200, one 404, one audit row', async () => {
    const other = bearer(await tokenFor(api.db, (await createStaffUser(api.db, { role: 'global_admin' })).id))
    for (let round = 0; round < 3; round++) {
      const { id } = await createStaffUser(api.db, { role: 'data_agent' })
      const answers = await Promise.all([admin, other].map((headers) => api.fetch(`/api/admin/users/${id}`, { method: 'DELETE', headers })))
      expect(answers.map((res) => res.status).sort()).toEqual([200, 404])
      expect(await auditOf('delete_user', id)).toHaveLength(1)
    }
  })
})

describe('POST /api/admin/users/:id/reset-password', () => {
  it('sets the password, flags a change by default, lifts a lockout and ends the sessions', async () => {
    const user = await createStaffUser(api.db, { role: 'data_agent' })
    const theirToken = await tokenFor(api.db, user.id)
    // Locked from this test's address by 10 wrong passwords.
    for (let i = 0; i < 10; i++) await api.postJson('/api/auth/login', { email: user.email, password: 'Wrong-Password1!' })
    expect((await api.postJson('/api/auth/login', { email: user.email, password: user.password })).status).toBe(429)
    const res = await json('POST', `/api/admin/users/${user.id}/reset-password`, { newPassword: 'Rewa!River22' })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ ok: true })
    expect((await api.fetch('/api/auth/verify', { headers: bearer(theirToken) })).status).toBe(401)
    const signIn = await api.postJson('/api/auth/login', { email: user.email, password: 'Rewa!River22' })
    expect(signIn.status).toBe(200)
    expect(((await signIn.json()) as { user: { mustChangePassword: boolean } }).user.mustChangePassword).toBe(true)
    const [audit] = await auditOf('reset_password', user.id)
    expect(audit!.details).not.toContain('Rewa')
  })

  it('refuses a common password and keeps the old one', async () => {
    const user = await createStaffUser(api.db, { role: 'data_agent' })
    const res = await json('POST', `/api/admin/users/${user.id}/reset-password`, { newPassword: 'Monkey123$' })
    expect(res.status).toBe(400)
    expect(await messageOf(res)).toBe(messages.auth.passwordTooCommon)
    expect((await api.postJson('/api/auth/login', { email: user.email, password: user.password })).status).toBe(200)
  })
})

describe('atomic audit', () => {
  it('when the audit row cannot be written, the user is not created either', async () => {
    const allowAudit = await refuseInserts(api.db, 'audit_logs')
    try {
      const input = newUser()
      const res = await json('POST', '/api/admin/users', input)
      expect(res.status).toBe(500)
      expect(await res.json()).toEqual({ message: 'Internal server error' })
      expect(await api.db.selectFrom('admin_users').select('id').where('email', '=', input.email).executeTakeFirst()).toBeUndefined()
    } finally {
      await allowAudit()
    }
  })
})
