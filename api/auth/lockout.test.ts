// The lockout cannot be used against staff, nor to find out who the staff are: it is keyed by
// e-mail + client address, unknown e-mails lock exactly like real ones, and refused new passwords
// are not counted as guesses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOGIN_IP_LIMIT, LOGIN_MAX_FAILURES, messages } from '../contract'
import { bearer, createStaffUser } from '../testing/staff'
import { startTestApp, type TestApp } from '../testing/test-app'

let api: TestApp
beforeAll(async () => {
  // Behind one trusted proxy: X-Forwarded-For names the client address.
  api = await startTestApp({ extend: (deps) => void (deps.config.trustProxyHops = 1) })
})
afterAll(() => api.close())

let nextAddress = 1
const freshAddress = () => `10.9.0.${nextAddress++}`
const WRONG = 'Wrong-Password1!'

const login = (email: string, password: string, address: string) =>
  api.postJson('/api/auth/login', { email, password }, { 'x-forwarded-for': address })

async function failTenTimes(email: string, address: string) {
  for (let i = 0; i < LOGIN_MAX_FAILURES; i++) expect((await login(email, WRONG, address)).status).toBe(401)
}

/** What a client sees: status, body and the Retry-After rounded to the minute. */
async function seen(res: Response) {
  return { status: res.status, body: await res.json(), retryAfterMinutes: Math.round(Number(res.headers.get('retry-after')) / 60) }
}

describe('sign-in lockout', () => {
  it('an unknown e-mail answers exactly as a real one, before and after 10 failures', async () => {
    const address = freshAddress()
    const staff = await createStaffUser(api.db, { role: 'admin_user' })
    const ghost = 'nobody-here@test.vitifarmers.org.fj'
    expect(await seen(await login(ghost, WRONG, address))).toEqual(await seen(await login(staff.email, WRONG, address)))

    for (let i = 1; i < LOGIN_MAX_FAILURES; i++) {
      await login(ghost, WRONG, address)
      await login(staff.email, WRONG, address)
    }
    const lockedGhost = await seen(await login(ghost, WRONG, address))
    const lockedStaff = await seen(await login(staff.email, WRONG, address))
    expect(lockedStaff).toEqual({ status: 429, body: { message: messages.auth.tooManyAttempts }, retryAfterMinutes: 15 })
    expect(lockedGhost).toEqual(lockedStaff)
  })

  it('a locked account still signs in from an address that did not cause the failures', async () => {
    const staff = await createStaffUser(api.db, { role: 'data_agent' })
    const attacker = freshAddress()
    await failTenTimes(staff.email, attacker)
    expect((await login(staff.email, staff.password, attacker)).status).toBe(429)

    expect((await login(staff.email, staff.password, freshAddress())).status).toBe(200)
    // …and the lock on the attacker's address holds.
    expect((await login(staff.email, staff.password, attacker)).status).toBe(429)
  })

  it('an admin reset lifts the lock from every address', async () => {
    const staff = await createStaffUser(api.db, { role: 'data_agent' })
    const address = freshAddress()
    await failTenTimes(staff.email, address)
    const admin = await createStaffUser(api.db, { role: 'global_admin' })
    const adminLogin = await login(admin.email, admin.password, freshAddress())
    const { token } = (await adminLogin.json()) as { token: string }
    const reset = await api.postJson(`/api/admin/users/${staff.id}/reset-password`, { newPassword: 'Kava-Bowl-2026!', mustChangePassword: false }, bearer(token))
    expect(reset.status).toBe(200)
    expect((await login(staff.email, 'Kava-Bowl-2026!', address)).status).toBe(200)
  })
})

describe('refused new passwords are not sign-in failures', () => {
  it(`more than ${LOGIN_IP_LIMIT} refused new passwords from one address leave sign-in and the lockout untouched`, { timeout: 60_000 }, async () => {
    const staff = await createStaffUser(api.db, { role: 'admin_user' })
    const address = freshAddress()
    const signedIn = await login(staff.email, staff.password, address)
    const { token } = (await signedIn.json()) as { token: string }
    const change = (newPassword: string) =>
      api.postJson('/api/auth/change-password', { currentPassword: staff.password, newPassword }, { ...bearer(token), 'x-forwarded-for': address })

    // Too short (refused by the schema) and too common (refused after the current password matched).
    for (let i = 0; i <= LOGIN_IP_LIMIT; i++) expect((await change('short')).status).toBe(400)
    for (let i = 0; i < LOGIN_MAX_FAILURES + 1; i++) expect((await change('Password1!')).status).toBe(400)

    // A wrong password is still only a 401, not a lock or the address limit…
    expect((await login(staff.email, WRONG, address)).status).toBe(401)
    // …and the right one still signs in.
    expect((await login(staff.email, staff.password, address)).status).toBe(200)
  })

  it('a wrong current password does count toward the lockout', async () => {
    const staff = await createStaffUser(api.db, { role: 'admin_user' })
    const address = freshAddress()
    const { token } = (await (await login(staff.email, staff.password, address)).json()) as { token: string }
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      const res = await api.postJson('/api/auth/change-password', { currentPassword: WRONG, newPassword: 'Kava-Bowl-2026!' }, { ...bearer(token), 'x-forwarded-for': address })
      expect(res.status).toBe(400)
    }
    expect((await login(staff.email, staff.password, address)).status).toBe(429)
  })
})
