import { describe, expect, it } from 'vitest'
import type { StoredSession } from '../api'
import { isPasswordChangeRequired, sendingToken } from './sending-session'

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
})
