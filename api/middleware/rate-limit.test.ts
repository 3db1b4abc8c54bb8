// Public writes are limited per client address, generously enough for a data agent flushing a
// full outbox from one village address, and a replay of a stored Idempotency-Key costs nothing.
import { randomUUID } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { UploadUrlResponseSchema, messages, type FarmerSignupInput } from '../contract'
import { bearer, createStaffUser, tokenFor } from '../testing/staff'
import { startTestApp, type TestApp } from '../testing/test-app'
import { JPEG_BYTES } from '../uploads/testing'
import { requestFingerprint } from '../../sync/server/fingerprint'
import { databaseIdempotencyStore } from '../idempotency/store'
import { readRateLimitHits } from '../../db/shared-counters'
import { WRITES_NOTHING_EVENT } from '../../sync/server/idempotency'
import { RATE_LIMITS, SIGNED_IN_LIMITS, perAddressLimit } from './rate-limit'

let api: TestApp
beforeAll(async () => {
  // One trusted proxy hop, as behind a reverse proxy: the client address is X-Forwarded-For's last entry.
  api = await startTestApp({ extend: (deps) => void (deps.config.trustProxyHops = 1) })
})
afterAll(() => api.close())

let nextAddress = 1
/** A fresh client address per test, so the budgets of one test never leak into another. */
const freshAddress = () => `10.8.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`

const post = (path: string, address: string, body: unknown, headers: Record<string, string> = {}) =>
  api.postJson(path, body, { 'x-forwarded-for': address, ...headers })

/** Sends `count` requests, a few at a time, and answers their statuses. */
async function statuses(count: number, send: (i: number) => Promise<Response>): Promise<number[]> {
  const out: number[] = []
  for (let i = 0; i < count; i += 25) {
    const batch = await Promise.all(Array.from({ length: Math.min(25, count - i) }, (_, j) => send(i + j)))
    for (const res of batch) {
      out.push(res.status)
      // Read whole, as a phone does.
      await res.arrayBuffer()
    }
  }
  return out
}

const review = (i: number) => ({ rating: 5, comment: `Great directory, review number ${i}` })
const farmerSignup = (name: string, photoUrls: string[]): FarmerSignupInput => ({
  name, phone: '+679 912 3456', email: '', website: '', town: 'Nakasi', tikina: 'Naitasiri',
  cities: ['Suva'], produce: ['Dalo (Taro)'], subscriptionStart: '2026-03-01', subscriptionEnd: '2026-05-30',
  mpaisaNumber: '9123456', mpaisaReceiptNumber: 'MP123', paymentDate: '2026-02-28', comments: '',
  deliveryAvailable: true, isBulk: false, agreeToTerms: true, photoUrls,
})
const countRows = async (table: 'farmer_signups') =>
  Number((await api.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)

const limitedWrites = [
  { path: '/api/public/reviews', budget: RATE_LIMITS.publicForm },
  { path: '/api/farm-reviews', budget: RATE_LIMITS.publicForm },
  { path: '/api/farmer-signup', budget: RATE_LIMITS.publicForm },
  { path: '/api/public/expert-signup', budget: RATE_LIMITS.publicForm },
  { path: '/api/public/expert-signup/upload', budget: RATE_LIMITS.uploadUrl },
  { path: '/api/analytics/page-view', budget: RATE_LIMITS.analyticsEvent },
]

// Hundreds of requests per case: slow on a shared CI machine.
describe('public writes are limited per client address', { timeout: 60_000 }, () => {
  it.each(limitedWrites)('$path: past its budget one address gets 429 with Retry-After; another address does not', async ({ path, budget }) => {
    const address = freshAddress()
    // An empty body is refused (400) or recorded cheaply; either way it is a request of this address.
    const answered = await statuses(budget.limit, () => post(path, address, {}))
    expect(answered).not.toContain(429)

    const refused = await post(path, address, {})
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(budget.windowMs / 1000)
    expect(await refused.json()).toEqual({ message: messages.common.rateLimited })

    const neighbour = await post(path, freshAddress(), {})
    expect(neighbour.status).not.toBe(429)
  })

  it('a data agent flushing 50 signups with 3 photos each from one address is never refused', async () => {
    const address = freshAddress()
    const signupsBefore = await countRows('farmer_signups')
    // What the outbox sends for each item: per photo an upload URL and the bytes, then the record.
    const uploadPhoto = async (i: number) => {
      const issued = await post('/api/public/expert-signup/upload', address, { contentType: 'image/jpeg', size: JPEG_BYTES.length })
      expect(issued.status).toBe(200)
      const { uploadURL, objectPath } = UploadUrlResponseSchema.parse(await issued.json())
      const put = await api.fetch(uploadURL, { method: 'PUT', headers: { 'content-type': 'image/jpeg', 'x-forwarded-for': address }, body: new Uint8Array(JPEG_BYTES) })
      expect(put.status, `photo ${i}`).toBe(200)
      return objectPath
    }
    const photoIds: string[] = []
    const signups = await statuses(50, async (i) => {
      const photoUrls = [await uploadPhoto(3 * i), await uploadPhoto(3 * i + 1), await uploadPhoto(3 * i + 2)]
      photoIds.push(...photoUrls.map((url) => url.split('/').pop()!))
      return post('/api/farmer-signup', address, farmerSignup(`Village Farmer ${i}`, photoUrls), { 'idempotency-key': randomUUID() })
    })
    expect(signups).toEqual(Array.from({ length: 50 }, () => 201))
    expect(await countRows('farmer_signups')).toBe(signupsBefore + 50)
    const referenced = await api.db.selectFrom('uploads').select('id').where('id', 'in', photoIds).where('referencedAt', 'is not', null).execute()
    expect(referenced).toHaveLength(150)
    // …and a colleague on the same address still posts a review meanwhile.
    expect((await post('/api/public/reviews', address, review(0), { 'idempotency-key': randomUUID() })).status).toBe(201)
  })

  it("a phone's retries answered 409 while its first request still runs are not counted", async () => {
    const address = freshAddress()
    const key = randomUUID()
    const body = review(7)
    // The first request with this key is still running (its claim is held), as when a slow server
    // has not answered yet and the outbox sends the item again.
    const claim = await databaseIdempotencyStore(api.db).claim({
      scope: 'POST /api/public/reviews', key, fingerprint: requestFingerprint('POST', '/api/public/reviews', body),
      lockToken: randomUUID(), now: new Date(), staleAfterMs: 60_000, ttlMs: 30 * 24 * 3_600_000,
    })
    expect(claim.kind).toBe('claimed')
    const retries = await statuses(RATE_LIMITS.publicForm.limit + 20, () => post('/api/public/reviews', address, body, { 'idempotency-key': key }))
    expect(retries.every((status) => status === 409)).toBe(true)
    // The retries used none of the budget: another review from the same address is still taken.
    expect((await post('/api/public/reviews', address, review(8), { 'idempotency-key': randomUUID() })).status).toBe(201)
  })

  it('a replay of a stored Idempotency-Key is not counted', async () => {
    const address = freshAddress()
    const key = randomUUID()
    expect((await post('/api/public/reviews', address, review(1), { 'idempotency-key': key })).status).toBe(201)
    const replays = await statuses(RATE_LIMITS.publicForm.limit + 20, () => post('/api/public/reviews', address, review(1), { 'idempotency-key': key }))
    expect(replays.every((status) => status === 201)).toBe(true)
    // The replays used none of the budget: a new review is still taken.
    expect((await post('/api/public/reviews', address, review(2), { 'idempotency-key': randomUUID() })).status).toBe(201)
    const stored = await api.db.selectFrom('platform_reviews').select('comment').where('comment', 'like', '%review number 1').execute()
    expect(stored).toHaveLength(1)
  })
})

describe('the client address follows TRUST_PROXY', { timeout: 60_000 }, () => {
  it('without a trusted proxy, a forged X-Forwarded-For does not buy a fresh budget', async () => {
    const direct = await startTestApp()
    try {
      const forged = (i: number) => direct.postJson('/api/public/reviews', {}, { 'x-forwarded-for': `172.16.${i % 250}.${(i % 200) + 1}` })
      const answered = await statuses(RATE_LIMITS.publicForm.limit, forged)
      expect(answered).not.toContain(429)
      expect((await forged(9999)).status).toBe(429)
    } finally {
      await direct.close()
    }
  })
})

// A town's data agents reach the server through one carrier address (carrier-grade NAT): signed-in
// work counts per account, with a far larger ceiling per address behind it.
describe('signed-in agents are limited per account, not per address', { timeout: 120_000 }, () => {
  it('five agents signed in from one address each drain 200 photo signups without a 429', async () => {
    const address = freshAddress()
    const agents = await Promise.all(Array.from({ length: 5 }, async () => {
      const agent = await createStaffUser(api.db, { role: 'data_agent' })
      return bearer(await tokenFor(api.db, agent.id))
    }))
    const answered = await Promise.all(agents.map(async (auth) => {
      const uploads = await statuses(200, () => post('/api/objects/upload', address, { contentType: 'image/jpeg', size: 300_000 }, auth))
      // Each signup is its own request of this address and account (refused as incomplete here: 400, counted all the same).
      const signups = await statuses(200, () => post('/api/data-agent/signup', address, {}, { ...auth, 'idempotency-key': randomUUID() }))
      return [...uploads, ...signups]
    }))
    expect(answered.flat()).toHaveLength(2_000)
    expect(answered.flat()).not.toContain(429)
    // Past the per-address budget of anonymous uploads (600) from that one address, all fine.
    expect(answered.flat().filter((status) => status === 200).length).toBeGreaterThan(RATE_LIMITS.uploadUrl.limit)
  })

  it('one account past its own budget gets 429 while a colleague on the same address goes on', async () => {
    const address = freshAddress()
    const [greedy, colleague] = await Promise.all([0, 1].map(async () => bearer(await tokenFor(api.db, (await createStaffUser(api.db, { role: 'data_agent' })).id))))
    const budget = SIGNED_IN_LIMITS.uploadUrl.perAccount.limit
    const answered = await statuses(budget, () => post('/api/objects/upload', address, {}, greedy!))
    expect(answered).not.toContain(429)
    const refused = await post('/api/objects/upload', address, {}, greedy!)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await refused.json()).toEqual({ message: messages.common.rateLimited })
    expect((await post('/api/objects/upload', address, {}, colleague!)).status).toBe(200)
  })

  it('a batch of upload URLs counts each photo against the same budget as single ones', async () => {
    const address = freshAddress()
    const agent = bearer(await tokenFor(api.db, (await createStaffUser(api.db, { role: 'data_agent' })).id))
    const budget = SIGNED_IN_LIMITS.uploadUrl.perAccount.limit
    const photos = (count: number) => ({ photos: Array.from({ length: count }, () => ({ contentType: 'image/jpeg', size: 300_000 })) })
    // All but one of the budget: in batches of 10, then single ones.
    const batchCount = Math.floor((budget - 1) / 10)
    expect(await statuses(batchCount, () => post('/api/objects/upload/batch', address, photos(10), agent))).not.toContain(429)
    expect(await statuses(budget - 1 - batchCount * 10, () => post('/api/objects/upload', address, {}, agent))).not.toContain(429)
    // A batch of 2 with 1 left is refused, as the second single request would be.
    const refused = await post('/api/objects/upload/batch', address, photos(2), agent)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await refused.json()).toEqual({ message: messages.common.rateLimited })
    expect((await post('/api/objects/upload', address, {}, agent)).status).toBe(429)
  })

  it('a batch of upload URLs sent again under its Idempotency-Key is given back: a phone retrying a lost answer keeps its budget', async () => {
    const address = freshAddress()
    const user = await createStaffUser(api.db, { role: 'data_agent' })
    const agent = bearer(await tokenFor(api.db, user.id))
    const budget = SIGNED_IN_LIMITS.uploadUrl.perAccount.limit
    const body = { photos: Array.from({ length: 10 }, () => ({ contentType: 'image/jpeg', size: 300_000 })) }
    const key = { ...agent, 'Idempotency-Key': randomUUID() }
    expect((await post('/api/objects/upload/batch', address, body, key)).status).toBe(200)
    // Twice the budget in replays: none is counted.
    const replays = await statuses((2 * budget) / 10, () => post('/api/objects/upload/batch', address, body, key))
    expect(new Set(replays)).toEqual(new Set([200]))
    // A replay's hits are given back when it is found to be one, in an UPDATE that can land after its
    // answer: the account's count comes back to the first batch alone.
    await vi.waitFor(async () => expect((await readRateLimitHits(api.db, 'upload-url:account', user.id))?.hits).toBe(10), { timeout: 15_000, interval: 50 })
    // The rest of the budget (all but the first batch) is still there, and then it is spent.
    expect(await statuses(budget - 10, () => post('/api/objects/upload', address, {}, agent))).not.toContain(429)
    expect((await post('/api/objects/upload', address, {}, agent)).status).toBe(429)
  })

  it('an anonymous flood from one address is still refused', async () => {
    const address = freshAddress()
    const answered = await statuses(RATE_LIMITS.uploadUrl.limit, () => post('/api/public/expert-signup/upload', address, {}))
    expect(answered).not.toContain(429)
    expect((await post('/api/public/expert-signup/upload', address, {})).status).toBe(429)
    expect((await post('/api/farmer-signup', address, {})).status).not.toBe(429)
    const forms = await statuses(RATE_LIMITS.publicForm.limit, () => post('/api/farmer-signup', address, {}))
    expect(forms.filter((status) => status === 429).length).toBeGreaterThan(0)
  })
})

describe('a request found to write nothing is given back when that is decided, not when its answer finishes', () => {
  /** A limiter of 2 in front of a route that answers as the Idempotency-Key layer does: a replay (the event), or a write. */
  async function limitedRoute(isRefunded?: (res: express.Response) => boolean) {
    const app = express()
    app.use(perAddressLimit({ windowMs: 60_000, limit: 2, name: `early-refund-${randomUUID()}`, isRefunded }))
    app.get('/replay', (_req, res) => {
      res.emit(WRITES_NOTHING_EVENT)
      res.status(200).end('replayed')
    })
    // A replay whose answer never finishes: the phone lost its bars after the first bytes.
    app.get('/replay-stalled', (_req, res) => {
      res.emit(WRITES_NOTHING_EVENT)
      res.writeHead(200, { 'content-type': 'text/plain' }).write('the first bytes')
    })
    app.get('/write', (_req, res) => void res.status(500).end())
    const server = http.createServer(app)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    return { base, close: () => new Promise((resolve) => server.close(resolve)).finally(() => server.closeAllConnections()) }
  }

  it('replays whose answers the phone hangs up on keep its budget', async () => {
    const route = await limitedRoute()
    try {
      for (let i = 0; i < 5; i++) {
        const abort = new AbortController()
        const res = await fetch(`${route.base}/replay-stalled`, { signal: abort.signal })
        expect(res.status).toBe(200)
        await res.body!.getReader().read()
        abort.abort()
      }
      // Both hits of the budget are still there: two writes go through, the third is refused.
      expect((await fetch(`${route.base}/write`)).status).toBe(500)
      expect((await fetch(`${route.base}/write`)).status).toBe(500)
      expect((await fetch(`${route.base}/write`)).status).toBe(429)
    } finally {
      await route.close()
    }
  })

  it('a replay that also ends as a refund is given back once, not twice', async () => {
    const route = await limitedRoute((res) => res.statusCode === 200)
    try {
      expect((await fetch(`${route.base}/write`)).status).toBe(500)
      const replay = await fetch(`${route.base}/replay`)
      expect(await replay.text()).toBe('replayed')
      // Given back twice, the count would be 0 and both writes below would pass the limit of 2.
      expect((await fetch(`${route.base}/write`)).status).toBe(500)
      expect((await fetch(`${route.base}/write`)).status).toBe(429)
    } finally {
      await route.close()
    }
  })
})
