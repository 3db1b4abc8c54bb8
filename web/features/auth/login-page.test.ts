import { describe, expect, it } from 'vitest'
import { afterSignIn } from './login-page'

describe('after sign-in', () => {
  it('returns to a same-site ?next= path (the Outbox asks for it)', () => {
    expect(afterSignIn('/outbox')).toBe('/outbox')
    expect(afterSignIn('/admin/audit-trail')).toBe('/admin/audit-trail')
  })
  it('goes to /admin otherwise, and never off-site', () => {
    expect(afterSignIn(null)).toBe('/admin')
    expect(afterSignIn('https://evil.example')).toBe('/admin')
    expect(afterSignIn('//evil.example')).toBe('/admin')
    expect(afterSignIn('/\\evil.example')).toBe('/admin')
  })
})
