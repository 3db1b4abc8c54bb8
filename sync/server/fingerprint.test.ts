import { describe, expect, it } from 'vitest'
import { canonicalJson, requestFingerprint } from './fingerprint'

describe('request fingerprint', () => {
  it('ignores key order at every depth but not array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe('{"a":{"c":null,"d":[2,1]},"b":1}')
    expect(requestFingerprint('POST', '/api/x', { a: 1, b: { c: 2, d: 3 } }))
      .toBe(requestFingerprint('post', '/api/x', { b: { d: 3, c: 2 }, a: 1 }))
    expect(requestFingerprint('POST', '/api/x', [1, 2])).not.toBe(requestFingerprint('POST', '/api/x', [2, 1]))
  })

  it('tells paths and methods apart', () => {
    expect(requestFingerprint('POST', '/api/x', {})).not.toBe(requestFingerprint('POST', '/api/y', {}))
    expect(requestFingerprint('POST', '/api/x', {})).not.toBe(requestFingerprint('PUT', '/api/x', {}))
  })
})
