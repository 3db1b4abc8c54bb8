// Scheduled jobs run once across servers: two connections to one database stand for two servers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AnyDatabaseHandle } from './connection'
import { releaseLease, runJobOnce, takeLease } from './job-lease'
import { createTestDatabaseOn, DIALECTS, openAnotherConnection, type AnyTestDatabase } from './testing'

describe.each(DIALECTS)('job leases on %s', (dialect) => {
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

  it('a lease is held by one server until it ends, then the next one to ask takes it', async () => {
    const t0 = new Date('2026-03-01T00:00:00.000Z')
    const hour = (n: number) => new Date(t0.getTime() + n * 3_600_000)
    expect(await takeLease(a.db, 'upload-cleanup', 'server-a', hour(1), t0)).toBe(true)
    expect(await takeLease(b.db, 'upload-cleanup', 'server-b', hour(1.5), hour(0.5))).toBe(false)
    // Not even its holder takes it again before it ends: one run per lease.
    expect(await takeLease(a.db, 'upload-cleanup', 'server-a', hour(1.5), hour(0.5))).toBe(false)
    expect(await takeLease(b.db, 'upload-cleanup', 'server-b', hour(2), hour(1))).toBe(true)
    expect(await a.db.selectFrom('job_leases').selectAll().where('name', '=', 'upload-cleanup').execute()).toEqual([
      { name: 'upload-cleanup', holder: 'server-b', expiresAt: hour(2).toISOString() },
    ])
    // Only its holder gives a lease back.
    await releaseLease(a.db, 'upload-cleanup', 'server-a')
    expect(await takeLease(a.db, 'upload-cleanup', 'server-a', hour(3), hour(1.5))).toBe(false)
    await releaseLease(b.db, 'upload-cleanup', 'server-b')
    expect(await takeLease(a.db, 'upload-cleanup', 'server-a', hour(3), hour(1.5))).toBe(true)
  })

  it('twenty servers asking at once for a free lease: exactly one gets it', async () => {
    const others = Array.from({ length: 4 }, () => openAnotherConnection(a))
    try {
      const handles = [a, b, ...others]
      const until = new Date(Date.now() + 60_000)
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => takeLease(handles[i % handles.length]!.db, 'race', `server-${i}`, until)))
      expect(answers.filter(Boolean)).toHaveLength(1)
    } finally {
      await Promise.all(others.map((o) => o.close()))
    }
  })

  it('runJobOnce skips a job another server is running, and runs it once that server is done', async () => {
    let release = () => {}
    let runs = 0
    const onA = runJobOnce(a.db, 'nightly-purge', async () => {
      runs += 1
      await new Promise<void>((resolve) => (release = resolve))
    })
    await expect.poll(() => runs).toBe(1)
    expect(await runJobOnce(b.db, 'nightly-purge', async () => void (runs += 1))).toBe(false)
    expect(await runJobOnce(b.db, 'other-job', async () => void (runs += 10))).toBe(true)
    release()
    expect(await onA).toBe(true)
    expect(await runJobOnce(b.db, 'nightly-purge', async () => void (runs += 1))).toBe(true)
    expect(runs).toBe(12)
  })

  it('a failed run gives its lease back, so the job is not stuck until the lease would end', async () => {
    await expect(runJobOnce(a.db, 'fails', async () => Promise.reject(new Error('disk full')))).rejects.toThrow('disk full')
    expect(await runJobOnce(b.db, 'fails', async () => {})).toBe(true)
  })
})
