import { describe, expect, it } from 'vitest'
import type { StoredSession } from '../api'
import { isPasswordChangeRequired, resumesSending, sendingToken } from './sending-session'

const session = (mustChangePassword: boolean): StoredSession => ({
  token: 'token-1',
  user: { id: 'u-1', name: 'Jone', email: 'jone@vitifarmers.org.fj', role: 'data_agent', mustChangePassword },
})

describe('the session the outbox sends under', () => {
  it('is the stored token for a user in good standing', () => {
    expect(sendingToken(session(false))).toBe('token-1')
    expect(isPasswordChangeRequired(session(false))).toBe(false)
  })

  it('is none while the password must change, so the queue holds instead of being refused', () => {
    expect(sendingToken(session(true))).toBeUndefined()
    expect(isPasswordChangeRequired(session(true))).toBe(true)
  })

  it('is none when signed out', () => {
    expect(sendingToken(null)).toBeUndefined()
  })

  it("is none for a token whose user is not known (another tab wrote its token and not yet its user)", () => {
    expect(sendingToken({ token: 'token-2', user: null })).toBeUndefined()
    expect(resumesSending(session(false), { token: 'token-2', user: null })).toBe(false)
  })

  it('resumes a held queue once there is a session to send under: a new sign-in, or the same one no longer told to change its password', () => {
    const flagged = session(true)
    const cleared = session(false)
    expect(resumesSending(null, cleared)).toBe(true)
    expect(resumesSending(cleared, { ...cleared, token: 'token-2' })).toBe(true)
    // An admin lifted "must change password"; the page's session check stored the user again, same token.
    expect(resumesSending(flagged, cleared)).toBe(true)
    expect(resumesSending(cleared, cleared)).toBe(false)
    expect(resumesSending(cleared, null)).toBe(false)
    expect(resumesSending(cleared, { ...flagged, token: 'token-2' })).toBe(false)
  })
})
