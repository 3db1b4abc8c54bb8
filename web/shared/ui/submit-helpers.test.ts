import { describe, expect, it } from 'vitest'
import { newIdempotencyKey, serverMessage } from './submit-helpers'

describe('newIdempotencyKey', () => {
  it('is a v4 UUID, also where crypto.randomUUID is missing (plain http)', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
    expect(newIdempotencyKey()).toMatch(uuid)
    // Shadow the prototype's method on the instance, as on a non-secure page.
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true })
    try {
      const a = newIdempotencyKey()
      expect(a).toMatch(uuid)
      expect(newIdempotencyKey()).not.toBe(a)
    } finally {
      Reflect.deleteProperty(crypto, 'randomUUID')
    }
  })
})

describe('serverMessage', () => {
  it("takes the server's message from a 4xx answer", () => {
    expect(serverMessage(new Error('400: {"message":"Comment cannot exceed 100 words","issues":[]}'), 'x')).toBe(
      'Comment cannot exceed 100 words',
    )
  })
  it('falls back on network errors, 5xx, and bodies without a message', () => {
    expect(serverMessage(new TypeError('Failed to fetch'), 'fallback')).toBe('fallback')
    expect(serverMessage(new Error('500: {"message":"Internal server error"}'), 'fallback')).toBe('fallback')
    expect(serverMessage(new Error('404: Not Found'), 'fallback')).toBe('fallback')
    expect(serverMessage('nope', 'fallback')).toBe('fallback')
  })
})
