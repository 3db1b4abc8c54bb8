// Sessions per docs/decisions/004: only the token's SHA-256 is stored; 24 h without remember-me,
// 30 days renewed while in use with it; expired sessions stop working and are removed.
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createStaffUser } from '../testing/staff'
import { startTestApp, type TestApp } from '../testing/test-app'
import { REMEMBER_ME_LIFETIME_MS, SHORT_LIFETIME_MS, createSession, sessionIdOf, validateSessionToken } from './sessions'

const DAY = 24 * 60 * 60 * 1000
let api: TestApp
let user: { id: string; email: string; password: string }

beforeAll(async () => {
  api = await startTestApp()
  user = await createStaffUser(api.db, { role: 'data_agent' })
})
afterAll(() => api.close())

async function signIn(rememberMe: boolean) {
  const res = await api.postJson('/api/auth/login', { email: user.email, password: user.password, rememberMe })
  return ((await res.json()) as { token: string }).token
}
const sessionRow = (token: string) => api.db.selectFrom('sessions').selectAll().where('id', '=', sessionIdOf(token)).executeTakeFirst()
const verifyStatus = async (token: string) => (await api.fetch('/api/auth/verify', { headers: bearer(token) })).status

describe('the token is stored hashed', () => {
  it('the sessions table holds sha256(token) as the id and never the token itself', async () => {
    const token = await signIn(false)
    const id = createHash('sha256').update(token).digest('hex')
    const rows = await api.db.selectFrom('sessions').selectAll().execute()
    expect(rows.some((r) => r.id === id)).toBe(true)
    expect(JSON.stringify(rows)).not.toContain(token)
  })
})

describe('lifetimes', () => {
  it('without remember-me a session lives 24 hours, with it 30 days', async () => {
    const before = Date.now()
    const short = await sessionRow(await signIn(false))
    const long = await sessionRow(await signIn(true))
    expect(Date.parse(short!.expiresAt) - before).toBeGreaterThanOrEqual(SHORT_LIFETIME_MS - 1000)
    expect(Date.parse(short!.expiresAt) - before).toBeLessThan(SHORT_LIFETIME_MS + 5000)
    expect(Date.parse(long!.expiresAt) - before).toBeGreaterThanOrEqual(REMEMBER_ME_LIFETIME_MS - 1000)
    expect(long!.isRememberMe).toBe(1)
  })

  it('an expired session answers 401 and is deleted', async () => {
    const token = await signIn(false)
    await api.db.updateTable('sessions').set({ expiresAt: new Date(Date.now() - 1).toISOString() }).where('id', '=', sessionIdOf(token)).execute()
    expect(await verifyStatus(token)).toBe(401)
    expect(await sessionRow(token)).toBeUndefined()
  })

  it('a 24-hour session is dead a moment after 24 hours', async () => {
    const start = new Date()
    const { token } = await createSession(api.db, user.id, { isRememberMe: false, now: start })
    expect(await validateSessionToken(api.db, token, new Date(start.getTime() + DAY - 1000))).not.toBeNull()
    expect(await validateSessionToken(api.db, token, new Date(start.getTime() + DAY + 1))).toBeNull()
  })
})

describe('renewal', () => {
  it('a remember-me session past half its life gets a fresh 30 days on use', async () => {
    const token = await signIn(true)
    const soon = new Date(Date.now() + 10 * DAY).toISOString()
    await api.db.updateTable('sessions').set({ expiresAt: soon }).where('id', '=', sessionIdOf(token)).execute()
    const before = Date.now()
    expect(await verifyStatus(token)).toBe(200)
    const renewed = Date.parse((await sessionRow(token))!.expiresAt)
    expect(renewed - before).toBeGreaterThanOrEqual(REMEMBER_ME_LIFETIME_MS - 1000)
  })

  it('a remember-me session with more than half left is not rewritten', async () => {
    const token = await signIn(true)
    const later = new Date(Date.now() + 20 * DAY).toISOString()
    await api.db.updateTable('sessions').set({ expiresAt: later }).where('id', '=', sessionIdOf(token)).execute()
    expect(await verifyStatus(token)).toBe(200)
    expect((await sessionRow(token))!.expiresAt).toBe(later)
  })

  it('a 24-hour session is never extended', async () => {
    const token = await signIn(false)
    const soon = new Date(Date.now() + 60 * 1000).toISOString()
    await api.db.updateTable('sessions').set({ expiresAt: soon }).where('id', '=', sessionIdOf(token)).execute()
    expect(await verifyStatus(token)).toBe(200)
    expect((await sessionRow(token))!.expiresAt).toBe(soon)
  })
})

describe('bearer parsing', () => {
  it('an unknown or malformed token is simply no session', async () => {
    expect(await verifyStatus('not-a-real-token')).toBe(401)
    expect((await api.fetch('/api/auth/verify', { headers: { authorization: 'Basic abc' } })).status).toBe(401)
  })
})
