// Sign-in, lockout, logout and password change over real HTTP on a real SQLite file.
import express from 'express'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createLogger } from '../logger'
import { errorHandler } from '../errors'
import { messages } from '../contract'
import { SEEDED_ADMIN, bearer, createStaffUser } from '../testing/staff'
import { startTestApp, type TestApp } from '../testing/test-app'
import { authRouter } from './router'

const m = messages.auth
let api: TestApp

beforeAll(async () => {
  api = await startTestApp()
})
afterAll(() => api.close())

const login = (email: string, password: string, rememberMe?: boolean) => api.postJson('/api/auth/login', { email, password, rememberMe })
const signIn = async (email: string, password: string, rememberMe = false) => {
  const res = await login(email, password, rememberMe)
  expect(res.status).toBe(200)
  return ((await res.json()) as { token: string }).token
}
const verify = (token: string) => api.fetch('/api/auth/verify', { headers: bearer(token) })
const changePassword = (token: string, currentPassword: string, newPassword: string) =>
  api.postJson('/api/auth/change-password', { currentPassword, newPassword }, bearer(token))
const auditRows = (action: string, userId: string) =>
  api.db.selectFrom('audit_logs').selectAll().where('action', '=', action).where('userId', '=', userId).execute()
/** Runs `work` with the clock `minutes` ahead. */
async function atMinutesFromNow(minutes: number, work: () => Promise<void>) {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(Date.now() + minutes * 60_000)
  try {
    await work()
  } finally {
    vi.useRealTimers()
  }
}
const userRow = (id: string) => api.db.selectFrom('admin_users').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

describe('POST /api/auth/login', () => {
  it('answers the token and the session user, records lastLogin and a login audit row', async () => {
    const res = await login(SEEDED_ADMIN.email.toUpperCase(), SEEDED_ADMIN.password)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const body = (await res.json()) as { token: string; user: Record<string, unknown> }
    expect(body.token).toMatch(/^[a-z2-7]{40}$/)
    expect(body.user).toEqual({ id: expect.any(String), name: 'Administrator', email: SEEDED_ADMIN.email, role: 'global_admin', mustChangePassword: false })
    expect((await userRow(body.user.id as string)).lastLogin).not.toBeNull()
    expect(await auditRows('login', body.user.id as string)).toHaveLength(1)

    const verified = await verify(body.token)
    expect(verified.status).toBe(200)
    expect(await verified.json()).toEqual({ user: body.user })
  })

  it('says "Invalid email or password" alike for an unknown e-mail and a wrong password', async () => {
    const unknown = await login('nobody@test.vitifarmers.org.fj', 'Whatever1!')
    const wrong = await login(SEEDED_ADMIN.email, 'Wrong-Password1!')
    expect([unknown.status, wrong.status]).toEqual([401, 401])
    expect(await unknown.json()).toEqual({ message: m.invalidCredentials })
    expect(await wrong.json()).toEqual({ message: m.invalidCredentials })
  })

  it('spends an argon2 verify on an unknown e-mail, so timing does not tell the e-mail exists', async () => {
    const { email } = await createStaffUser(api.db, { role: 'admin_user' })
    const timed = async (address: string) => {
      const started = performance.now()
      await login(address, 'Wrong-Password1!')
      return performance.now() - started
    }
    // Alternated, so a machine whose load changes during the test slows both alike (7 wrong
    // passwords stay under the lockout's 10).
    const unknownTimes: number[] = []
    const knownTimes: number[] = []
    for (let i = 0; i < 7; i++) {
      unknownTimes.push(await timed('ghost@test.vitifarmers.org.fj'))
      knownTimes.push(await timed(email))
    }
    const median = (times: number[]) => times.sort((a, b) => a - b)[3]!
    const unknown = median(unknownTimes)
    const known = median(knownTimes)
    // Without the dummy verify an unknown e-mail answers in about a fifth of the time of a real one.
    expect(unknown).toBeGreaterThan(known * 0.4)
  })

  it('validates the body with the contract (bad e-mail, empty password)', async () => {
    const badEmail = await login('not-an-email', 'x')
    expect(badEmail.status).toBe(400)
    expect(((await badEmail.json()) as { message: string }).message).toBe(m.emailInvalid)
    const empty = await login(SEEDED_ADMIN.email, '')
    expect(((await empty.json()) as { message: string }).message).toBe(m.passwordRequired)
  })
})

describe('account lockout', () => {
  it('refuses the 11th attempt, even with the right password, with 429 and the message; lifts after 15 minutes', async () => {
    const user = await createStaffUser(api.db, { role: 'data_agent' })
    for (let i = 0; i < 10; i++) expect((await login(user.email, 'Wrong-Password1!')).status).toBe(401)

    const refused = await login(user.email, user.password)
    expect(refused.status).toBe(429)
    expect(await refused.json()).toEqual({ message: m.tooManyAttempts })
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(14 * 60)
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60)
    expect(await auditRows('account_locked', user.id)).toHaveLength(1)

    // 15 minutes later (only the clock is moved; timers stay real so HTTP keeps working).
    await atMinutesFromNow(15, async () => {
      expect((await login(user.email, user.password)).status).toBe(200)
    })
  })

  it('counts only failures within 15 minutes of the first', async () => {
    const user = await createStaffUser(api.db, { role: 'admin_user' })
    for (let i = 0; i < 9; i++) await login(user.email, 'Wrong-Password1!')
    await atMinutesFromNow(16, async () => {
      // The 10th failure, but the first of a new window: no lock.
      expect((await login(user.email, 'Wrong-Password1!')).status).toBe(401)
      expect((await login(user.email, user.password)).status).toBe(200)
    })
  })

  it('a successful sign-in resets the count', async () => {
    const user = await createStaffUser(api.db, { role: 'admin_user' })
    for (let i = 0; i < 9; i++) await login(user.email, 'Wrong-Password1!')
    expect((await login(user.email, user.password)).status).toBe(200)
    for (let i = 0; i < 9; i++) await login(user.email, 'Wrong-Password1!')
    expect((await login(user.email, user.password)).status).toBe(200)
  })
})

describe('per-address limit', () => {
  it('answers 429 { message } after the limit of failed attempts; successful sign-ins do not count', async () => {
    const app = express()
    app.set('trust proxy', false)
    app.use('/api', express.json())
    app.use(authRouter(api.db, { passwordAttemptsPerAddress: 3 }))
    app.use(errorHandler(createLogger({ level: 'silent' })))
    const server = app.listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/auth/login`
    const attempt = (password: string) =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: SEEDED_ADMIN.email, password }) })
    try {
      for (let i = 0; i < 3; i++) expect((await attempt(SEEDED_ADMIN.password)).status).toBe(200)
      for (let i = 0; i < 3; i++) expect((await attempt('Wrong-Password1!')).status).toBe(401)
      const limited = await attempt(SEEDED_ADMIN.password)
      expect(limited.status).toBe(429)
      expect(await limited.json()).toEqual({ message: messages.common.rateLimited })
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })
})

describe('POST /api/auth/logout', () => {
  it('ends the session on the server and writes a logout row', async () => {
    const user = await createStaffUser(api.db, { role: 'data_agent' })
    const token = await signIn(user.email, user.password, true)
    const res = await api.postJson('/api/auth/logout', {}, bearer(token))
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ ok: true })
    expect((await verify(token)).status).toBe(401)
    expect(await api.db.selectFrom('sessions').select('id').where('userId', '=', user.id).execute()).toEqual([])
    expect(await auditRows('logout', user.id)).toHaveLength(1)
  })

  it('needs a session', async () => {
    const res = await api.postJson('/api/auth/logout', {})
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ message: messages.common.sessionRequired })
  })
})

describe('POST /api/auth/change-password', () => {
  it('ends every session of the user and answers a fresh working token with the same remember-me', async () => {
    const user = await createStaffUser(api.db, { role: 'admin_user', mustChangePassword: true })
    const current = await signIn(user.email, user.password, true)
    const otherDevice = await signIn(user.email, user.password)
    const res = await changePassword(current, user.password, 'Dalo&Cassava7')
    expect(res.status).toBe(200)
    const body = (await res.json()) as { token: string; user: { mustChangePassword: boolean; id: string } }
    expect(body.user).toMatchObject({ id: user.id, email: user.email, role: 'admin_user', mustChangePassword: false })
    expect(body.token).not.toBe(current)

    expect((await verify(current)).status).toBe(401)
    expect((await verify(otherDevice)).status).toBe(401)
    const fresh = await verify(body.token)
    expect(fresh.status).toBe(200)
    expect(((await fresh.json()) as { user: { mustChangePassword: boolean } }).user.mustChangePassword).toBe(false)
    const sessions = await api.db.selectFrom('sessions').selectAll().where('userId', '=', user.id).execute()
    expect(sessions).toHaveLength(1)
    expect(sessions[0]!.isRememberMe).toBe(1)

    expect((await login(user.email, user.password)).status).toBe(401)
    expect((await login(user.email, 'Dalo&Cassava7')).status).toBe(200)
    const [audit] = await auditRows('change_password', user.id)
    expect(audit?.details).not.toMatch(/Dalo|Cassava|argon/)
  })

  it('refuses a wrong current password', async () => {
    const user = await createStaffUser(api.db, { role: 'admin_user' })
    const res = await changePassword(await signIn(user.email, user.password), 'Not-The-One1!', 'Dalo&Cassava7')
    expect(res.status).toBe(400)
    expect(((await res.json()) as { message: string }).message).toBe(m.currentPasswordIncorrect)
  })

  it('requires the current password', async () => {
    const user = await createStaffUser(api.db, { role: 'admin_user' })
    const res = await changePassword(await signIn(user.email, user.password), '', 'Dalo&Cassava7')
    expect(((await res.json()) as { message: string }).message).toBe(m.currentPasswordRequired)
  })

  it('refuses a common password with the clarifications message', async () => {
    const user = await createStaffUser(api.db, { role: 'admin_user' })
    const token = await signIn(user.email, user.password)
    for (const common of ['Password1!', 'P@ssw0rd1', 'Qwerty123!']) {
      const res = await changePassword(token, user.password, common)
      expect(res.status).toBe(400)
      expect(((await res.json()) as { message: string }).message).toBe('This password is too common. Please choose another.')
    }
    expect((await verify(token)).status).toBe(200)
  })

  it('refuses the same password again', async () => {
    const user = await createStaffUser(api.db, { role: 'admin_user', mustChangePassword: true })
    const res = await changePassword(await signIn(user.email, user.password), user.password, user.password)
    expect(((await res.json()) as { message: string }).message).toBe(m.passwordUnchanged)
  })

  it.each([
    ['Ab1!xyz', 'Password must be at least 8 characters long'],
    ['ABCDEFG1!', 'Password must contain at least one lowercase letter'],
    ['abcdefg1!', 'Password must contain at least one uppercase letter'],
    ['Abcdefgh!', 'Password must contain at least one number'],
    ['Abcdefgh1', 'Password must contain at least one special character (@$!%*?&)'],
  ])('new password %s → 400 "%s"', async (newPassword, message) => {
    const user = await createStaffUser(api.db, { role: 'data_agent' })
    const res = await changePassword(await signIn(user.email, user.password), user.password, newPassword)
    expect(res.status).toBe(400)
    expect(((await res.json()) as { message: string }).message).toBe(message)
  })
})
