// The Idempotency-Key rules on the real app and SQLite: bodies nested too deep, keys that expire,
// and a replay that names other uploads of the same photo bytes (an item exported to another phone).
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SignupCreatedResponseSchema, type FarmerSignupInput } from '../contract'
import { IDEMPOTENCY_KEY_TTL_MS, IDEMPOTENCY_MESSAGES } from '../../sync/server/idempotency'
import { requestFingerprint } from '../../sync/server/fingerprint'
import { startTestApp, type TestApp } from '../testing/test-app'
import { JPEG_BYTES, PNG_BYTES, uploadPhoto } from '../uploads/testing'
import { databaseIdempotencyStore, purgeExpiredIdempotencyKeys } from './store'

let api: TestApp
beforeAll(async () => {
  api = await startTestApp()
})
afterAll(() => api.close())

const valid = (name: string): FarmerSignupInput => ({
  name, phone: '+679 912 3456', email: 'litia@example.com', website: '', town: 'Nakasi', tikina: 'Naitasiri',
  cities: ['Suva'], produce: ['Dalo (Taro)'], subscriptionStart: '2026-03-01', subscriptionEnd: '2026-05-30',
  mpaisaNumber: '9123456', mpaisaReceiptNumber: 'MP123', paymentDate: '2026-02-28', comments: '',
  deliveryAvailable: true, isBulk: false, agreeToTerms: true,
})
const count = async (table: 'farmer_signups' | 'idempotency_keys') =>
  Number((await api.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60_000).toISOString()

describe('a body nested too deep', () => {
  it('answers 400 with a clear message, writes nothing, and the server keeps answering', async () => {
    const [signups, keys] = [await count('farmer_signups'), await count('idempotency_keys')]
    const depth = 200_000
    const body = `{"name":${'['.repeat(depth)}${']'.repeat(depth)}}`
    const started = Date.now()
    const res = await api.fetch('/api/farmer-signup', { method: 'POST', headers: { 'content-type': 'application/json', 'Idempotency-Key': randomUUID() }, body })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ message: IDEMPOTENCY_MESSAGES.tooDeep })
    expect(Date.now() - started).toBeLessThan(5_000)
    expect([await count('farmer_signups'), await count('idempotency_keys')]).toEqual([signups, keys])
    expect((await api.postJson('/api/farmer-signup', valid('After The Deep One'), { 'Idempotency-Key': randomUUID() })).status).toBe(201)
  })

  it('takes 32 levels, refuses 33', async () => {
    const nest = (levels: number): unknown => (levels <= 1 ? {} : { a: nest(levels - 1) })
    const at32 = await api.postJson('/api/farmer-signup', { ...valid('Deep 32'), comments: nest(31) }, { 'Idempotency-Key': randomUUID() })
    // 32 levels pass the key check and reach validation (comments must be text).
    expect(at32.status).toBe(400)
    expect(((await at32.json()) as { message: string }).message).not.toBe(IDEMPOTENCY_MESSAGES.tooDeep)
    const at33 = await api.postJson('/api/farmer-signup', { ...valid('Deep 33'), comments: nest(32) }, { 'Idempotency-Key': randomUUID() })
    expect(await at33.json()).toEqual({ message: IDEMPOTENCY_MESSAGES.tooDeep })
  })
})

describe('keys expire after 30 days', () => {
  const storedKey = (key: string, body: unknown, createdAt: string) => ({
    scope: 'POST /api/farmer-signup', key, fingerprint: requestFingerprint('POST', '/api/farmer-signup', body), status: 'completed' as const,
    lockToken: randomUUID(), responseStatus: 201, responseBody: JSON.stringify({ id: randomUUID(), status: 'pending' }), createdAt, updatedAt: createdAt,
  })

  it('replays a 29-day-old key, but never one older than 30 days: that request is new', async () => {
    const body = valid('Old Key Farmer')
    const young = storedKey(randomUUID(), body, daysAgo(29))
    const old = storedKey(randomUUID(), body, daysAgo(31))
    await api.db.insertInto('idempotency_keys').values([young, old]).execute()

    const replay = await api.postJson('/api/farmer-signup', body, { 'Idempotency-Key': young.key })
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await replay.json()).toEqual(JSON.parse(young.responseBody))

    const fresh = await api.postJson('/api/farmer-signup', body, { 'Idempotency-Key': old.key })
    expect(fresh.status).toBe(201)
    expect(fresh.headers.get('Idempotent-Replayed')).toBeNull()
    expect(await fresh.json()).not.toEqual(JSON.parse(old.responseBody))
  })

  it('purges expired keys on a claim (at most hourly), keeping the younger ones', async () => {
    const body = valid('Purged')
    const expired = storedKey(randomUUID(), body, daysAgo(40))
    const kept = storedKey(randomUUID(), body, daysAgo(10))
    await api.db.insertInto('idempotency_keys').values([expired, kept]).execute()
    const store = databaseIdempotencyStore(api.db)
    await store.claim({ scope: 'test', key: randomUUID(), fingerprint: 'f', lockToken: 'l', now: new Date(), staleAfterMs: 60_000, ttlMs: IDEMPOTENCY_KEY_TTL_MS })
    const left = await api.db.selectFrom('idempotency_keys').select('key').where('key', 'in', [expired.key, kept.key]).execute()
    expect(left.map((row) => row.key)).toEqual([kept.key])
    expect(await purgeExpiredIdempotencyKeys(api.db, new Date(Date.now() - IDEMPOTENCY_KEY_TTL_MS))).toBe(0)
  })
})

describe('an item exported to another phone, with photos', () => {
  it('replays a request whose photos are other uploads of the same bytes: both phones end "sent", one record', async () => {
    const key = { 'Idempotency-Key': randomUUID() }
    const body = valid('Exported Farmer')
    // The importing phone uploads the photos itself and sends first.
    const other = [await uploadPhoto(api, PNG_BYTES), await uploadPhoto(api, JPEG_BYTES)]
    const first = await api.postJson('/api/farmer-signup', { ...body, photoUrls: other }, key)
    expect(first.status).toBe(201)
    // The original phone uploaded the same photos under its own paths.
    const original = [await uploadPhoto(api, PNG_BYTES), await uploadPhoto(api, JPEG_BYTES)]
    expect(original).not.toEqual(other)
    const before = await count('farmer_signups')
    const second = await api.postJson('/api/farmer-signup', { ...body, photoUrls: original }, key)
    expect(second.status).toBe(201)
    expect(second.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await second.json()).toEqual(SignupCreatedResponseSchema.parse(await first.json()))
    expect(await count('farmer_signups')).toBe(before)
  })

  it('still refuses the same key with other photo bytes, or the same bytes in another order', async () => {
    const key = { 'Idempotency-Key': randomUUID() }
    const body = valid('Photo Swap Farmer')
    expect((await api.postJson('/api/farmer-signup', { ...body, photoUrls: [await uploadPhoto(api, PNG_BYTES)] }, key)).status).toBe(201)
    const otherBytes = await api.postJson('/api/farmer-signup', { ...body, photoUrls: [await uploadPhoto(api, JPEG_BYTES)] }, key)
    expect(otherBytes.status).toBe(422)
    expect(await otherBytes.json()).toEqual({ message: IDEMPOTENCY_MESSAGES.bodyMismatch })

    const pairKey = { 'Idempotency-Key': randomUUID() }
    expect((await api.postJson('/api/farmer-signup', { ...body, photoUrls: [await uploadPhoto(api, PNG_BYTES), await uploadPhoto(api, JPEG_BYTES)] }, pairKey)).status).toBe(201)
    const before = await count('farmer_signups')
    const swapped = await api.postJson('/api/farmer-signup', { ...body, photoUrls: [await uploadPhoto(api, JPEG_BYTES), await uploadPhoto(api, PNG_BYTES)] }, pairKey)
    expect(swapped.status).toBe(422)
    // Same bytes but another field changed: still another body.
    const renamed = await api.postJson('/api/farmer-signup', { ...body, name: 'Not The Same', photoUrls: [await uploadPhoto(api, PNG_BYTES)] }, key)
    expect(renamed.status).toBe(422)
    expect(await count('farmer_signups')).toBe(before)
  })
})

describe('one key sent many times at once', () => {
  it('makes one signup; every answer is the 201 replayed or "in progress", never a 500', async () => {
    const before = await count('farmer_signups')
    const key = randomUUID()
    const body = valid('Twenty At Once')
    const answers = await Promise.all(Array.from({ length: 20 }, () => api.postJson('/api/farmer-signup', body, { 'Idempotency-Key': key })))
    const statuses = answers.map((res) => res.status)
    expect(statuses.filter((status) => status !== 201 && status !== 409), statuses.join(' ')).toEqual([])
    expect(statuses).toContain(201)
    expect(await count('farmer_signups')).toBe(before + 1)
  })

  it('gives the claim to exactly one of many claims racing on the database (as from several servers)', async () => {
    const store = databaseIdempotencyStore(api.db)
    const key = randomUUID()
    const claim = () => store.claim({ scope: 'race', key, fingerprint: 'f', lockToken: randomUUID(), now: new Date(), staleAfterMs: 60_000, ttlMs: IDEMPOTENCY_KEY_TTL_MS })
    const results = await Promise.allSettled(Array.from({ length: 40 }, claim))
    const kinds = results.map((r) => (r.status === 'fulfilled' ? r.value.kind : `threw ${String(r.reason)}`))
    expect(kinds.filter((kind) => kind === 'claimed')).toHaveLength(1)
    expect(kinds.filter((kind) => kind !== 'claimed' && kind !== 'processing')).toEqual([])
  })
})
