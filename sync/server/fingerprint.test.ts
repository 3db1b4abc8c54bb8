import { describe, expect, it } from 'vitest'
import { canonicalJson, exceedsDepth, photoPathsAsContent, photoPathsIn, requestFingerprint } from './fingerprint'

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

  it('measures depth without recursion: 32 levels pass, 33 do not, half a million answer at once', () => {
    const nest = (levels: number): unknown => (levels === 0 ? 1 : [nest(levels - 1)])
    expect(exceedsDepth(nest(32))).toBe(false)
    expect(exceedsDepth(nest(33))).toBe(true)
    expect(exceedsDepth({ a: 'x', b: [1, { c: null }] }, 3)).toBe(false)
    expect(exceedsDepth({ a: 'x', b: [1, { c: {} }] }, 3)).toBe(true)
    expect(exceedsDepth(JSON.parse(`${'['.repeat(500_000)}${']'.repeat(500_000)}`))).toBe(true)
  })

  it('reads photo paths as the bytes the server hashed, and only those it knows', () => {
    const a = '/objects/uploads/11111111-1111-4111-8111-111111111111'
    const b = '/objects/uploads/22222222-2222-4222-8222-222222222222'
    const unknown = '/objects/uploads/33333333-3333-4333-8333-333333333333'
    expect(photoPathsIn({ photoUrls: [a, b.toUpperCase().replace('/OBJECTS/UPLOADS/', '/objects/uploads/')], photoUrl: a, note: 'x' }).sort()).toEqual([a, b])
    const hashes = new Map([[a, 'h1'], [b, 'h1']])
    expect(photoPathsAsContent({ photoUrls: [a, unknown] }, hashes)).toEqual({ photoUrls: ['photo-sha256:h1', unknown] })
    expect(requestFingerprint('POST', '/x', photoPathsAsContent({ photoUrls: [a] }, hashes)))
      .toBe(requestFingerprint('POST', '/x', photoPathsAsContent({ photoUrls: [b] }, hashes)))
  })

  it('finds photo paths in a very wide array without overflowing the call stack (a 450 KB body once answered 500)', () => {
    const a = '/objects/uploads/11111111-1111-4111-8111-111111111111'
    const wide: unknown[] = new Array<unknown>(200_000).fill(0)
    wide[123_456] = a
    expect(() => photoPathsIn({ x: new Array(200_000).fill(0) })).not.toThrow()
    expect(photoPathsIn({ x: wide, nested: [{ y: new Array(200_000).fill('text') }] })).toEqual([a])
  })
})
