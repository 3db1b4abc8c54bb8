import { describe, expect, it } from 'vitest'
import { ChangePasswordSchema, LoginSchema, PasswordSchema, failsPasswordRule, passwordStrength } from './auth'
import { AdminUserCreateSchema, AdminUserResetPasswordSchema, AdminUserUpdateSchema } from './users'
import { messages } from './messages'
import { allMessages, firstMessage } from './test-helpers'

const m = messages.auth

describe('PasswordSchema: the five rules, each with its spec message', () => {
  it.each([
    ['Ab1!xyz', 'Password must be at least 8 characters long'],
    ['ABCDEFG1!', 'Password must contain at least one lowercase letter'],
    ['abcdefg1!', 'Password must contain at least one uppercase letter'],
    ['Abcdefgh!', 'Password must contain at least one number'],
    ['Abcdefgh1', 'Password must contain at least one special character (@$!%*?&)'],
  ])('%s → %s', (pw, expected) => {
    expect(firstMessage(PasswordSchema, pw)).toBe(expected)
  })
  it('reports every broken rule', () => {
    expect(allMessages(PasswordSchema, 'abc')).toEqual([
      m.passwordMinLength,
      m.passwordUppercase,
      m.passwordNumber,
      m.passwordSpecial,
    ])
  })
  it('accepts a password meeting all five', () => {
    expect(PasswordSchema.safeParse('Vinaka2025!').success).toBe(true)
    expect(failsPasswordRule('Vinaka2025!')).toBe(false)
    expect(failsPasswordRule('vinaka')).toBe(true)
  })
})

describe('passwordStrength', () => {
  it('scores one point per rule with the six labels', () => {
    expect(passwordStrength('')).toMatchObject({ score: 0, label: 'Very Weak' })
    expect(passwordStrength('a')).toMatchObject({ score: 1, label: 'Weak' })
    expect(passwordStrength('aA')).toMatchObject({ score: 2, label: 'Fair' })
    expect(passwordStrength('aA1')).toMatchObject({ score: 3, label: 'Good' })
    expect(passwordStrength('aA1!')).toMatchObject({ score: 4, label: 'Strong' })
    expect(passwordStrength('aA1!aaaa')).toMatchObject({ score: 5, label: 'Very Strong' })
  })
  it('lists the five checks with the rule messages', () => {
    const { checks } = passwordStrength('abcdefgh')
    expect(checks.map((c) => c.key)).toEqual(['length', 'lowercase', 'uppercase', 'number', 'special'])
    expect(checks.filter((c) => !c.passed).map((c) => c.message)).toEqual([
      m.passwordUppercase,
      m.passwordNumber,
      m.passwordSpecial,
    ])
  })
})

describe('LoginSchema', () => {
  it('defaults rememberMe to false and lower-cases the e-mail', () => {
    expect(LoginSchema.parse({ email: ' Agent@Example.FJ ', password: 'x' })).toEqual({
      email: 'agent@example.fj',
      password: 'x',
      rememberMe: false,
    })
  })
  it('needs a valid e-mail and a non-empty password', () => {
    expect(firstMessage(LoginSchema, { email: 'agent', password: 'x' })).toBe(m.emailInvalid)
    expect(firstMessage(LoginSchema, { email: 'agent@example.fj', password: '' })).toBe(m.passwordRequired)
  })
  it('says a password over 256 characters is too long, not missing', () => {
    expect(firstMessage(LoginSchema, { email: 'agent@example.fj', password: 'a'.repeat(300) })).toBe(m.passwordMax)
    expect(firstMessage(LoginSchema, { email: 'agent@example.fj', password: 'a'.repeat(256) })).toBeNull()
  })
})

describe('ChangePasswordSchema', () => {
  it('needs the current password', () => {
    expect(firstMessage(ChangePasswordSchema, { currentPassword: '', newPassword: 'Vinaka2025!' })).toBe(
      'Current password is required',
    )
  })
  it('holds the new password to the rule', () => {
    expect(firstMessage(ChangePasswordSchema, { currentPassword: 'old', newPassword: 'short' })).toBe(m.passwordMinLength)
  })
  it('says a new password over 256 characters is too long, not too short', () => {
    expect(firstMessage(ChangePasswordSchema, { currentPassword: 'old', newPassword: `Vinaka2025!${'a'.repeat(290)}` })).toBe(m.passwordMax)
    expect(firstMessage(PasswordSchema, `Vinaka2025!${'a'.repeat(245)}`)).toBeNull()
  })
})

describe('admin user bodies', () => {
  it('create defaults: admin_user, mustChangePassword false', () => {
    const parsed = AdminUserCreateSchema.parse({ name: 'Ana', email: 'ana@example.fj', password: 'Vinaka2025!' })
    expect(parsed).toMatchObject({ role: 'admin_user', mustChangePassword: false })
  })
  it('create refuses a weak password and an unknown role', () => {
    expect(firstMessage(AdminUserCreateSchema, { name: 'Ana', email: 'ana@example.fj', password: 'weak' })).toBe(
      m.passwordMinLength,
    )
    expect(
      AdminUserCreateSchema.safeParse({ name: 'Ana', email: 'ana@example.fj', password: 'Vinaka2025!', role: 'root' })
        .success,
    ).toBe(false)
  })
  it('update adds no defaults, so an empty patch changes nothing', () => {
    expect(AdminUserUpdateSchema.parse({})).toEqual({})
    expect(firstMessage(AdminUserUpdateSchema, { email: 'nope' })).toBe(messages.users.emailRequired)
  })
  it('reset defaults mustChangePassword to true', () => {
    expect(AdminUserResetPasswordSchema.parse({ newPassword: 'Vinaka2025!' }).mustChangePassword).toBe(true)
  })
})
