// Caches a visitor cannot defeat (issue 19): unknown query parameters are refused before any cache,
// a write invalidates only the answers it changes, a rebuild runs once and off the request path
// within a stated staleness bound, and each answer's brotli and gzip bytes are made once.
import { randomUUID } from 'node:crypto'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readConfig } from '../config'
import { rawGet } from '../testing/raw-get'
import { startTestApp, type TestApp } from '../testing/test-app'
import { VERSION_SHARED_MS, answerCache } from './answer-cache'
import { insertFarmer, signInAs } from './testing'

describe('answerCache (a manual clock and version)', () => {
  function setUp(staleForMs: number) {
    let version = 1
    let clock = 1_000
    let computed = 0
    let release: () => void = () => {}
    let gate: Promise<void> = Promise.resolve()
    let versionReads = 0
    let failNextRead = false
    const cache = answerCache(
      async () => {
        versionReads++
        if (failNextRead) {
          failNextRead = false
          throw new Error('the database did not answer')
        }
        return version
      },
      { staleForMs, now: () => clock },
    )
    const compute = async () => {
      computed++
      const seen = version
      await gate
      return { version: seen }
    }
    const read = async (isFreshWanted = false) => JSON.parse((await cache.get('/r', '/r', '2026-11-25', compute, { isFreshWanted })).plain.toString()) as { version: number }
    /** A read still unanswered a turn of the event loop later (it waits for a build); its answer to come. */
    const readWaiting = async () => {
      let settled = false
      const answer = read().then((a) => ((settled = true), a))
      await new Promise((resolve) => setImmediate(resolve))
      expect(settled).toBe(false)
      return { answer }
    }
    return {
      read,
      readWaiting,
      failNextRead: () => (failNextRead = true),
      get versionReads() {
        return versionReads
      },
      cache,
      compute,
      write: () => version++,
      advance: (ms: number) => (clock += ms),
      hold: () => (gate = new Promise((resolve) => (release = resolve))),
      release: () => release(),
      get computed() {
        return computed
      },
    }
  }

  it('keeps an answer while its version holds, computing it once', async () => {
    const t = setUp(5_000)
    expect(await t.read()).toEqual({ version: 1 })
    expect(await t.read()).toEqual({ version: 1 })
    expect(t.computed).toBe(1)
  })

  it('after a write, within the bound: answers the previous answer at once and rebuilds once in the background', async () => {
    const t = setUp(5_000)
    await t.read()
    t.write()
    t.hold()
    t.advance(4_000)
    // Both callers are answered without waiting for the (held) rebuild.
    expect(await Promise.all([t.read(), t.read()])).toEqual([{ version: 1 }, { version: 1 }])
    expect(t.computed).toBe(2)
    t.release()
    await expect.poll(() => t.read()).toEqual({ version: 2 })
    expect(t.computed).toBe(2)
  })

  it('never serves an answer last known current longer ago than the bound: it waits for the rebuild', async () => {
    const t = setUp(5_000)
    await t.read()
    t.advance(5_001)
    t.write()
    expect(await t.read()).toEqual({ version: 2 })
  })

  it('many concurrent requests after a write start exactly one rebuild, and all get the previous answer meanwhile', async () => {
    const t = setUp(5_000)
    await t.read()
    t.write()
    t.advance(VERSION_SHARED_MS)
    t.hold()
    expect(await Promise.all(Array.from({ length: 20 }, () => t.read()))).toEqual(Array.from({ length: 20 }, () => ({ version: 1 })))
    expect(t.computed).toBe(2)
    t.release()
    await expect.poll(() => t.read()).toEqual({ version: 2 })
    expect(t.computed).toBe(2)
  })

  it('writes in quick succession build one answer at a time: the previous answer meanwhile, then one build for the newest version', async () => {
    const t = setUp(5_000)
    await t.read()
    t.hold()
    // Three writes, each seen by a request (a new shared read of the version each time).
    for (let i = 0; i < 3; i++) {
      t.write()
      t.advance(VERSION_SHARED_MS)
      expect(await t.read()).toEqual({ version: 1 })
    }
    // The build for version 2 runs; those for 3 and 4 did not start beside it.
    expect(t.computed).toBe(2)
    t.release()
    await expect.poll(() => t.read()).toEqual({ version: 4 })
    // Version 3 was never built: the build waiting behind stood for the newest version asked.
    expect(t.computed).toBe(3)
  })

  it.each([
    { seen: 'the version being built: it waits for that build, no second one starts', newerWrite: false, version: 2, builds: 2 },
    { seen: 'a newer one: it waits behind the running build, then gets its own', newerWrite: true, version: 3, builds: 3 },
  ])('serves the previous answer only until the bound has passed, even while its rebuild runs; past it, a request that read $seen', async ({ newerWrite, version, builds }) => {
    const t = setUp(5_000)
    await t.read()
    t.write()
    t.hold()
    t.advance(4_999)
    expect(await t.read()).toEqual({ version: 1 })
    if (newerWrite) {
      t.write()
      // Past the shared read too: the request reads version 3.
      t.advance(VERSION_SHARED_MS)
    } else t.advance(1)
    const waiting = await t.readWaiting()
    // Nothing starts beside the running build.
    expect(t.computed).toBe(2)
    t.release()
    expect(await waiting.answer).toEqual({ version })
    expect(t.computed).toBe(builds)
  })

  it('a write followed by the bound elapsing, with no request between, gives the new answer', async () => {
    const t = setUp(5_000)
    await t.read()
    t.write()
    t.advance(5_000)
    expect(await t.read()).toEqual({ version: 2 })
  })

  it('with a bound of 0 every write is read at once', async () => {
    const t = setUp(0)
    await t.read()
    t.write()
    expect(await t.read()).toEqual({ version: 2 })
  })

  it('requests within VERSION_SHARED_MS of each other share one read of the version; a later one reads it again', async () => {
    const t = setUp(5_000)
    await Promise.all([t.read(), t.read(), t.read()])
    t.advance(VERSION_SHARED_MS - 1)
    await t.read()
    expect(t.versionReads).toBe(1)
    t.advance(1)
    await t.read()
    expect(t.versionReads).toBe(2)
  })

  it('a write inside a shared read is seen once that read is VERSION_SHARED_MS old: the previous answer meanwhile, then one rebuild', async () => {
    const t = setUp(5_000)
    await t.read()
    t.write()
    expect(await t.read()).toEqual({ version: 1 })
    expect(t.computed).toBe(1)
    t.advance(VERSION_SHARED_MS)
    expect(await t.read()).toEqual({ version: 1 })
    await expect.poll(() => t.read()).toEqual({ version: 2 })
    expect(t.computed).toBe(2)
  })

  it('a client asking past caches reads the version itself, inside a shared read too', async () => {
    const t = setUp(5_000)
    await t.read()
    t.write()
    expect(await t.read(true)).toEqual({ version: 2 })
    expect(t.versionReads).toBe(2)
  })

  it('an answer confirmed by a shared read counts as verified when that read began, so the bound still holds', async () => {
    const t = setUp(5_000)
    await t.read()
    // Confirmed again through the shared read begun at the first request, 20 ms earlier …
    t.advance(20)
    await t.read()
    t.write()
    // … so 5,000 ms after that read it is past the bound, though only 4,980 ms after the last request.
    t.advance(4_980)
    t.hold()
    const waiting = await t.readWaiting()
    t.release()
    expect(await waiting.answer).toEqual({ version: 2 })
  })

  it('a failed read of the version is not shared: the next request reads again', async () => {
    const t = setUp(5_000)
    t.failNextRead()
    await expect(t.read()).rejects.toThrow('the database did not answer')
    expect(await t.read()).toEqual({ version: 1 })
    expect(t.versionReads).toBe(2)
  })

  it('concurrent misses share one computation', async () => {
    const t = setUp(5_000)
    t.hold()
    const reads = Promise.all([t.read(), t.read(), t.read()])
    t.release()
    expect(await reads).toEqual([{ version: 1 }, { version: 1 }, { version: 1 }])
    expect(t.computed).toBe(1)
  })
})

describe('public answers over HTTP', () => {
  let api: TestApp
  beforeAll(async () => {
    api = await startTestApp()
    await insertFarmer(api.db, { name: 'Cache Grower', cities: ['Suva'], produce: ['Tomatoes'] })
  })
  afterAll(() => api.close())

  it.each([
    '/api/produce/availability?x=1',
    '/api/farmers/locations?_=123',
    '/api/farmers?search=dalo&nocache=1',
    '/api/locations?v=2',
    '/api/farm-reviews?farmId=00000000-0000-4000-8000-000000000000&bust=1',
  ])('refuses an unknown query parameter with a 400 before any cache (%s)', async (url) => {
    const res = await api.fetch(url)
    expect(res.status).toBe(400)
    expect((await res.json()) as { message: string }).toMatchObject({ message: expect.stringMatching(/^Unknown query parameter: /) })
  })

  it('refuses unknown parameters on staff routes too, after the access check', async () => {
    expect((await api.fetch('/api/admin/farmers?x=1')).status).toBe(401)
    const admin = await signInAs(api.db, 'global_admin')
    const res = await api.fetch('/api/admin/settings?x=1', { headers: admin.headers })
    expect(res.status).toBe(400)
  })

  it('reads the same answer for the same parameters in any order or spelling', async () => {
    const a = await api.fetch('/api/farmers?page=1&limit=5')
    const b = await api.fetch('/api/farmers?limit=5&page=01')
    expect(a.status).toBe(200)
    expect(b.headers.get('etag')).toBe(a.headers.get('etag'))
  })

  it('a farm review leaves the directory answers (and their ETags) as they were, and moves the farm reviews answers', async () => {
    const farmer = await insertFarmer(api.db, { name: 'Reviewed Grower', cities: ['Suva'], produce: ['Tomatoes'] })
    const before = {
      availability: (await api.fetch('/api/produce/availability')).headers.get('etag'),
      locations: (await api.fetch('/api/farmers/locations')).headers.get('etag'),
      farms: (await api.fetch('/api/farms-with-ratings')).headers.get('etag'),
    }
    const review = await api.postJson('/api/farm-reviews', { farmId: farmer, rating: 5, comment: 'Fresh tomatoes' }, { 'Idempotency-Key': randomUUID() })
    expect(review.status).toBe(201)
    expect((await api.fetch('/api/produce/availability')).headers.get('etag')).toBe(before.availability)
    expect((await api.fetch('/api/farmers/locations')).headers.get('etag')).toBe(before.locations)
    expect((await api.fetch('/api/farms-with-ratings')).headers.get('etag')).not.toBe(before.farms)
  })

  it('sends the kept brotli or gzip bytes by Accept-Encoding, one ETag for all, and 304 on a match', async () => {
    const plain = await api.fetch('/api/produce/availability', { headers: { 'accept-encoding': 'identity' } })
    const text = await plain.text()
    const etag = plain.headers.get('etag')!
    for (const [encoding, decode] of [['br', brotliDecompressSync], ['gzip', gunzipSync]] as const) {
      // node's fetch decodes by itself; read the raw bytes through http instead.
      const raw = await rawGet(`${api.baseUrl}/api/produce/availability`, encoding)
      expect(raw.headers['content-encoding']).toBe(encoding)
      expect(raw.headers.vary).toMatch(/Accept-Encoding/i)
      expect(raw.headers.etag).toBe(etag)
      expect(decode(raw.body).toString()).toBe(text)
    }
    // (fetch adds Cache-Control: no-cache to a request with If-None-Match; a browser's revalidation does not)
    const revalidated = await rawGet(`${api.baseUrl}/api/produce/availability`, 'br', { 'if-none-match': etag })
    expect(revalidated.status).toBe(304)
    expect(revalidated.body.length).toBe(0)
  })
})

describe('with the production bound (5 s, the default: config.answerStaleMs)', () => {
  let api: TestApp
  beforeAll(async () => {
    // The server's default (startTestApp's own is 0).
    api = await startTestApp({ answerStaleMs: readConfig({}).answerStaleMs })
  })
  afterAll(() => api.close())

  it('a write is seen soon after it (a shared read of the version, then one rebuild), never later than the bound', async () => {
    const before = await api.fetch('/api/farmers/locations')
    const first = await before.json()
    await insertFarmer(api.db, { name: 'Late Arrival', cities: ['Levuka'], produce: ['Kumala'] })
    // The first request after the write is answered at once with the answer from before it (it
    // was current a moment ago, well within the bound), marked with that answer's own ETag, and
    // starts the one rebuild …
    const stale = await api.fetch('/api/farmers/locations')
    expect(stale.headers.get('etag')).toBe(before.headers.get('etag'))
    expect(await stale.json()).toEqual(first)
    // … whose answer is there as soon as it has run.
    await expect.poll(async () => JSON.stringify(await (await api.fetch('/api/farmers/locations')).json()), { timeout: 5_000 }).toContain('Levuka')
  })

  it('a farm review leaves the availability answer and its ETag as they were', async () => {
    const farmer = await insertFarmer(api.db, { name: 'Quiet Grower', cities: ['Ba'], produce: ['Dalo (Taro)'] })
    const before = await api.fetch('/api/produce/availability', { headers: { 'cache-control': 'no-cache' } })
    expect((await api.postJson('/api/farm-reviews', { farmId: farmer, rating: 3, comment: 'Good dalo' }, { 'Idempotency-Key': randomUUID() })).status).toBe(201)
    for (const headers of [{}, { 'cache-control': 'no-cache' }] as Record<string, string>[]) {
      expect((await api.fetch('/api/produce/availability', { headers })).headers.get('etag')).toBe(before.headers.get('etag'))
    }
  })

  it('a client asking past caches after its own write (Cache-Control: no-cache) reads it at once', async () => {
    const farmer = await insertFarmer(api.db, { name: 'Rated Grower', cities: ['Suva'], produce: ['Tomatoes'] })
    const url = `/api/farms-with-ratings?farmId=${farmer}`
    const before = (await (await api.fetch(url)).json()) as { farms: { reviewCount: number }[] }
    expect(before.farms[0]?.reviewCount).toBe(0)
    expect((await api.postJson('/api/farm-reviews', { farmId: farmer, rating: 4, comment: 'Good kumala' }, { 'Idempotency-Key': randomUUID() })).status).toBe(201)
    const after = (await (await api.fetch(url, { headers: { 'cache-control': 'no-cache' } })).json()) as { farms: { reviewCount: number }[] }
    expect(after.farms[0]?.reviewCount).toBe(1)
  })
})
