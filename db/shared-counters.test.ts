// The lockout's and the rate limits' counters agree across servers: two connections to one
// database stand for two servers, counting at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AnyDatabaseHandle } from './connection'
import {
  clearLoginFailures, countLoginFailure, countRateLimitHit, giveBackRateLimitHit, loginLockedUntil, purgeEndedLoginFailures,
  purgeEndedRateLimitHits, readRateLimitHits, resetRateLimitHits,
} from './shared-counters'
import { createTestDatabaseOn, DIALECTS, openAnotherConnection, rowCount, type AnyTestDatabase } from './testing'

const MINUTE = 60_000
const RULE = { windowMs: 15 * MINUTE, maxFailures: 10 }
const at = (minutes: number) => new Date(Date.UTC(2026, 2, 1) + minutes * MINUTE)

describe.each(DIALECTS)('shared counters on %s', (dialect) => {
  let a: AnyTestDatabase
  let b: AnyDatabaseHandle
  beforeAll(async () => {
    a = await createTestDatabaseOn(dialect)
    b = openAnotherConnection(a)
  })
  afterAll(async () => {
    await b?.close()
    await a?.close()
  })

  it('ten wrong passwords sent at once through two servers lock the pair once, for 15 minutes', async () => {
    const failures = await Promise.all(Array.from({ length: 10 }, (_, i) => countLoginFailure([a, b][i % 2]!.db, 'sera@x.fj', '10.0.0.1', RULE, at(1))))
    expect(failures.filter(Boolean)).toHaveLength(1)
    expect(await loginLockedUntil(b.db, 'sera@x.fj', '10.0.0.1')).toBe(at(16).getTime())
    // Another address, and another e-mail, are not locked.
    expect(await loginLockedUntil(a.db, 'sera@x.fj', '10.0.0.2')).toBe(0)
    expect(await loginLockedUntil(a.db, 'tomasi@x.fj', '10.0.0.1')).toBe(0)
  })

  it('failures more than 15 minutes apart never add up to a lock', async () => {
    for (let i = 0; i < 9; i++) expect(await countLoginFailure(a.db, 'slow@x.fj', '10.0.0.3', RULE, at(i))).toBe(false)
    // The 10th comes 15 minutes after the window opened: a new window, count 1.
    expect(await countLoginFailure(b.db, 'slow@x.fj', '10.0.0.3', RULE, at(15))).toBe(false)
    for (let i = 0; i < 8; i++) expect(await countLoginFailure(a.db, 'slow@x.fj', '10.0.0.3', RULE, at(16))).toBe(false)
    expect(await countLoginFailure(b.db, 'slow@x.fj', '10.0.0.3', RULE, at(17))).toBe(true)
  })

  it('clearing lifts a lock for every server; the purge deletes only pairs that have ended', async () => {
    for (let i = 0; i < 10; i++) await countLoginFailure(a.db, 'lift@x.fj', `10.1.0.${i % 2}`, RULE, at(0))
    await clearLoginFailures(b.db, 'lift@x.fj', '10.1.0.0')
    expect(await loginLockedUntil(a.db, 'lift@x.fj', '10.1.0.0')).toBe(0)
    await clearLoginFailures(b.db, 'lift@x.fj')
    expect(await loginLockedUntil(a.db, 'lift@x.fj', '10.1.0.1')).toBe(0)

    await clearLoginFailures(a.db, 'sera@x.fj')
    await clearLoginFailures(a.db, 'slow@x.fj')
    await countLoginFailure(a.db, 'old@x.fj', '10.2.0.1', RULE, at(0))
    for (let i = 0; i < 10; i++) await countLoginFailure(a.db, 'locked@x.fj', '10.2.0.1', RULE, at(10))
    await countLoginFailure(a.db, 'recent@x.fj', '10.2.0.1', RULE, at(20))
    // At minute 21: the first pair's window ended; the lock runs to minute 25; the last is recent.
    expect(await purgeEndedLoginFailures(b.db, RULE.windowMs, at(21))).toBe(1)
    expect(await purgeEndedLoginFailures(b.db, RULE.windowMs, at(36))).toBe(2)
    expect(await rowCount(a, 'login_failures')).toBe(0)
  })

  it('50 hits sent at once through two servers are all counted, in one window', async () => {
    const seen = await Promise.all(Array.from({ length: 50 }, (_, i) => countRateLimitHit([a, b][i % 2]!.db, 'farm-review', '10.0.0.9', 15 * MINUTE, at(1))))
    expect(seen.map((s) => s.hits).sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1))
    expect(new Set(seen.map((s) => s.resetAt.toISOString()))).toEqual(new Set([at(16).toISOString()]))
    // Limiters and keys count apart.
    expect((await countRateLimitHit(b.db, 'farmer-signup', '10.0.0.9', 15 * MINUTE, at(1))).hits).toBe(1)
    expect((await countRateLimitHit(b.db, 'farm-review', '10.0.0.8', 15 * MINUTE, at(1))).hits).toBe(1)
  })

  it('a hit given back on one server is gone on the other; an ended window starts again at 1', async () => {
    await giveBackRateLimitHit(b.db, 'farm-review', '10.0.0.9', at(2))
    expect(await readRateLimitHits(a.db, 'farm-review', '10.0.0.9', at(2))).toEqual({ hits: 49, resetAt: at(16) })
    // Given back after its window ended: nothing to give back.
    await giveBackRateLimitHit(b.db, 'farm-review', '10.0.0.9', at(16))
    expect(await readRateLimitHits(a.db, 'farm-review', '10.0.0.9', at(16))).toBeUndefined()
    expect(await countRateLimitHit(a.db, 'farm-review', '10.0.0.9', 15 * MINUTE, at(16))).toEqual({ hits: 1, resetAt: at(31) })
  })

  it('a reset forgets one key or a whole limiter; the purge deletes ended windows only', async () => {
    await resetRateLimitHits(a.db, 'farm-review', '10.0.0.9')
    expect(await readRateLimitHits(b.db, 'farm-review', '10.0.0.9', at(17))).toBeUndefined()
    expect(await readRateLimitHits(b.db, 'farm-review', '10.0.0.8', at(2))).toEqual({ hits: 1, resetAt: at(16) })
    await resetRateLimitHits(a.db, 'farm-review')
    expect(await readRateLimitHits(b.db, 'farm-review', '10.0.0.8', at(2))).toBeUndefined()

    await countRateLimitHit(a.db, 'analytics-event', '10.0.0.7', MINUTE, at(40))
    expect(await purgeEndedRateLimitHits(b.db, at(40))).toBe(1) // farmer-signup's window ended at minute 16
    expect(await rowCount(a, 'rate_limit_hits')).toBe(1)
  })
})
