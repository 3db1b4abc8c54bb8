import { describe, expect, it } from 'vitest'
import * as contract from './index'
import { messages } from './messages'

function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (typeof value === 'function') {
    const fill = value as (...a: unknown[]) => unknown
    // A template of a count and names, or of a list of names (citiesNotListed).
    try {
      return [String(fill(1, 'x', 'y'))]
    } catch {
      return [String(fill(['x', 'y']))]
    }
  }
  if (value && typeof value === 'object') return Object.values(value).flatMap(texts)
  return []
}

describe('messages', () => {
  it('say "Analytics", never "Google Analytics" (design card)', () => {
    const all = texts(messages)
    expect(all.length).toBeGreaterThan(100)
    expect(all.filter((t) => t.includes('Google'))).toEqual([])
    expect(messages.analytics.unavailable).toBe('Analytics Unavailable')
    expect(messages.analytics.dataNotAvailable).toBe('Analytics data not available')
  })
  it('carry the clarifications texts verbatim', () => {
    expect(messages.auth.invalidCredentials).toBe('Invalid email or password')
    expect(messages.auth.tooManyAttempts).toBe('Too many attempts. Try again in 15 minutes.')
    expect(messages.auth.passwordTooCommon).toBe('This password is too common. Please choose another.')
  })
  it('fill templates', () => {
    expect(messages.signups.purged(3)).toBe('Successfully purged 3 processed signups')
    expect(messages.audit.purged(0)).toBe('Successfully purged 0 audit logs')
    expect(messages.signups.purged(1)).toBe('Successfully purged 1 processed signup')
    expect(messages.audit.purged(1)).toBe('Successfully purged 1 audit log')
    expect(messages.auth.welcome).toBe('Welcome to Viti Farmers Admin')
  })
})

describe('index', () => {
  it('re-exports every area', () => {
    for (const name of [
      'messages', 'RoleSchema', 'roleLabels', 'ErrorResponseSchema', 'can', 'adminScreens', 'routes', 'findRoute',
      'FarmerSignupSchema', 'PublicFarmerSchema', 'PlatformReviewFormSchema', 'ExpertRegistrationSchema',
      'UploadUrlResponseSchema', 'PasswordSchema', 'AdminUserCreateSchema', 'SettingsUpdateSchema', 'AdminStatsSchema',
      'AuditPurgeSchema', 'makeSendEmailSchema', 'DEFAULT_MAIL_DOMAIN', 'PageViewEventSchema', 'LocationCreateSchema',
    ]) {
      expect(contract, name).toHaveProperty(name)
    }
    expect(contract.DEFAULT_MAIL_DOMAIN).toBe('vitifarmers.org.fj')
    expect(contract.roleLabels).toEqual({ global_admin: 'Global Admin', admin_user: 'Admin User', data_agent: 'Data Agent' })
  })
})
