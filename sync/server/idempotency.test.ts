import { randomUUID } from 'node:crypto'
import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import express, { type ErrorRequestHandler } from 'express'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { idempotency, IDEMPOTENCY_MESSAGES, recordIdempotent, type IdempotencyOptions } from './idempotency'
import { MemoryIdempotencyStore } from './memory-store'

interface FarmerSignup { id: string; name: string; createdBy: string | null }

// One app per test: a signup endpoint whose service writes the business row and the key in one
// (toy) transaction, the way the API's services do with kysely.
async function startApp(options: Omit<IdempotencyOptions, 'logger' | 'now'> = {}) {
  const store = new MemoryIdempotencyStore()
  const signups: FarmerSignup[] = []
  const warn = vi.fn()
  const clock = { now: new Date('2025-06-01T00:00:00.000Z') }
  const hooks: { beforeWrite?: () => Promise<void> } = {}
  const guard = idempotency(store, { ...options, logger: { warn }, now: () => clock.now })

  const app = express()
  app.use(express.json())
  app.use((req, res, next) => {
    const userId = req.get('x-test-user')
    if (userId) res.locals.user = { id: userId }
    next()
  })
  app.post('/api/farmer-signup', guard, async (req, res) => {
    const hook = hooks.beforeWrite
    hooks.beforeWrite = undefined
    await hook?.()
    const signup = await store.transaction(async (tx) => {
      const row: FarmerSignup = { id: randomUUID(), name: String(req.body.name), createdBy: res.locals.user?.id ?? null }
      tx.onCommit(() => signups.push(row))
      await recordIdempotent(res.locals, tx, 201, row)
      return row
    })
    res.status(201).json(signup)
  })
  app.post('/api/forgetful', guard, (_req, res) => {
    res.status(200).json({ ok: true })
  })
  const onError: ErrorRequestHandler = (error, _req, res, _next) => {
    res.status(typeof error.status === 'number' ? error.status : 500).json({ message: 'Internal server error' })
  }
  app.use(onError)

  const server = createServer(app).listen(0, '127.0.0.1')
  await once(server, 'listening')
  servers.push(server)
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(base + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    })
    return { status: response.status, headers: response.headers, body: await response.json() as Record<string, unknown> }
  }
  return { store, signups, warn, clock, hooks, post }
}

const servers: Server[] = []
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    server.close()
  }
})

function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => { open = resolve })
  return { opened, open }
}

const signupPath = '/api/farmer-signup'
const scope = `POST ${signupPath}`

describe('idempotency middleware', () => {
  it('creates one row for the first request and records the key', async () => {
    const { post, signups, store } = await startApp()
    const key = randomUUID()
    const first = await post(signupPath, { name: 'Mere' }, { 'Idempotency-Key': key })
    expect(first.status).toBe(201)
    expect(first.headers.get('idempotent-replayed')).toBeNull()
    expect(signups).toHaveLength(1)
    expect(store.get(scope, key)).toMatchObject({ status: 'completed', responseStatus: 201 })
  })

  it('replays the first answer for the same key and body and creates nothing', async () => {
    const { post, signups } = await startApp()
    const key = randomUUID()
    const first = await post(signupPath, { name: 'Mere', village: 'Nausori' }, { 'Idempotency-Key': key })
    const again = await post(signupPath, { village: 'Nausori', name: 'Mere' }, { 'Idempotency-Key': key })
    expect(again.status).toBe(201)
    expect(again.body).toEqual(first.body)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(again.headers.get('content-type')).toMatch(/^application\/json/)
    expect(signups).toHaveLength(1)
  })

  it('answers 422 when the key is reused with a different body', async () => {
    const { post, signups } = await startApp()
    const key = randomUUID()
    await post(signupPath, { name: 'Mere' }, { 'Idempotency-Key': key })
    const reused = await post(signupPath, { name: 'Sefa' }, { 'Idempotency-Key': key })
    expect(reused).toMatchObject({ status: 422, body: { message: IDEMPOTENCY_MESSAGES.bodyMismatch } })
    expect(signups).toHaveLength(1)
  })

  it('answers 409 with Retry-After while the first request is still running', async () => {
    const { post, signups, store, hooks } = await startApp()
    const key = randomUUID()
    const slow = gate()
    hooks.beforeWrite = () => slow.opened
    const first = post(signupPath, { name: 'Mere' }, { 'Idempotency-Key': key })
    await vi.waitFor(() => expect(store.get(scope, key)?.status).toBe('processing'))

    const concurrent = await post(signupPath, { name: 'Mere' }, { 'Idempotency-Key': key })
    expect(concurrent).toMatchObject({ status: 409, body: { message: IDEMPOTENCY_MESSAGES.inProgress } })
    expect(concurrent.headers.get('retry-after')).toBe('1')

    slow.open()
    expect((await first).status).toBe(201)
    const retry = await post(signupPath, { name: 'Mere' }, { 'Idempotency-Key': key })
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
    expect(signups).toHaveLength(1)
  })

  it('releases the claim when the handler fails, so the retry creates exactly one row', async () => {
    const { post, signups, store, hooks } = await startApp()
    const key = randomUUID()
    hooks.beforeWrite = async () => { throw new Error('database is locked') }
    const failed = await post(signupPath, { name: 'Mere' }, { 'Idempotency-Key': key })
    expect(failed.status).toBe(500)
    await vi.waitFor(() => expect(store.get(scope, key)).toBeUndefined())

    const retry = await post(signupPath, { name: 'Mere' }, { 'Idempotency-Key': key })
    expect(retry.status).toBe(201)
    expect(retry.headers.get('idempotent-replayed')).toBeNull()
    expect(signups).toHaveLength(1)
  })

  it('tries a refused release again (the database was away when the request ended), so the retry is not held at 409 until the claim goes stale', async () => {
    const { post, signups, store, hooks, warn } = await startApp({ releaseRetryDelaysMs: [20, 40] })
    const key = randomUUID()
    const release = vi.spyOn(store, 'release')
    const away = new Error('connect ECONNREFUSED 127.0.0.1:5432')
    release.mockRejectedValueOnce(away).mockRejectedValueOnce(away)
    hooks.beforeWrite = async () => { throw Object.assign(new Error('Connection terminated unexpectedly'), { status: 503 }) }
    expect((await post(signupPath, { name: 'Mere' }, { 'Idempotency-Key': key })).status).toBe(503)
    expect(store.get(scope, key)?.status).toBe('processing')

    // Refused twice, then released on the third try, 60 ms on: far within the minute it would stay.
    await vi.waitFor(() => expect(store.get(scope, key)).toBeUndefined())
    expect(release).toHaveBeenCalledTimes(3)
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Releasing an Idempotency-Key claim failed'), expect.objectContaining({ key }))
    const retry = await post(signupPath, { name: 'Mere' }, { 'Idempotency-Key': key })
    expect(retry.status).toBe(201)
    expect(signups).toHaveLength(1)
  })

  it('stops trying a release once the claim would be stale anyway', async () => {
    const { post, store, hooks, warn } = await startApp({ releaseRetryDelaysMs: [30], staleAfterMs: 200 })
    const release = vi.spyOn(store, 'release').mockRejectedValue(new Error('connect ECONNREFUSED 127.0.0.1:5432'))
    hooks.beforeWrite = async () => { throw Object.assign(new Error('Connection terminated unexpectedly'), { status: 503 }) }
    expect((await post(signupPath, { name: 'Mere' }, { 'Idempotency-Key': randomUUID() })).status).toBe(503)
    await new Promise((resolve) => setTimeout(resolve, 500))
    // Tried at 0, 30, 60, ... up to the 200 ms it takes to go stale: never after it.
    const tries = release.mock.calls.length
    expect(tries).toBeGreaterThanOrEqual(3)
    expect(tries).toBeLessThanOrEqual(7)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(release.mock.calls.length).toBe(tries)
    expect(warn).toHaveBeenCalledTimes(1)
  })

  it('passes requests without a key straight through', async () => {
    const { post, signups, store } = await startApp()
    expect((await post(signupPath, { name: 'Mere' })).status).toBe(201)
    expect((await post(signupPath, { name: 'Mere' })).status).toBe(201)
    expect(signups).toHaveLength(2)
    expect(store.rows.size).toBe(0)
  })

  it('asks for a key when the endpoint requires one', async () => {
    const { post, signups } = await startApp({ required: true })
    expect(await post(signupPath, { name: 'Mere' })).toMatchObject({ status: 400, body: { message: IDEMPOTENCY_MESSAGES.required } })
    expect(signups).toHaveLength(0)
  })

  it.each([
    ['empty', ''],
    ['with a space', 'abc def ghi jkl mno'],
    ['of one character', 'k'],
    ['of 15 characters', 'k'.repeat(15)],
    ['longer than 255 characters', 'k'.repeat(256)],
    ['quoted but unterminated', `"${'k'.repeat(20)}`],
    ['quoted with a bare quote inside', `"${'k'.repeat(10)}"${'k'.repeat(10)}"`],
  ])('answers 400 for a key %s, even from a signed-in agent', async (_label, key) => {
    const { post, signups, store } = await startApp()
    const answer = await post(signupPath, { name: 'Mere' }, { 'Idempotency-Key': key, 'x-test-user': 'agent-a' })
    expect(answer).toMatchObject({ status: 400, body: { message: IDEMPOTENCY_MESSAGES.invalid } })
    expect(signups).toHaveLength(0)
    expect(store.rows.size).toBe(0)
  })

  it('accepts a signed-in agent’s 16- and 255-character keys', async () => {
    const { post } = await startApp()
    for (const key of ['k'.repeat(16), 'k'.repeat(255)]) {
      expect((await post(signupPath, { name: 'Mere' }, { 'Idempotency-Key': key, 'x-test-user': 'agent-a' })).status).toBe(201)
    }
  })

  it('takes only a UUID from an anonymous caller, so no two clients share a key by accident', async () => {
    const { post, signups, store } = await startApp()
    for (const key of ['order-0000000001', 'k'.repeat(255)]) {
      const answer = await post(signupPath, { name: 'Mere' }, { 'Idempotency-Key': key })
      expect(answer).toMatchObject({ status: 400, body: { message: IDEMPOTENCY_MESSAGES.notUuid } })
    }
    expect(signups).toHaveLength(0)
    expect(store.rows.size).toBe(0)
    expect((await post(signupPath, { name: 'Mere' }, { 'Idempotency-Key': randomUUID() })).status).toBe(201)
  })

  it('reads the draft’s quoted form "abc" as the same key as abc, and a UUID in any case as one key', async () => {
    const { post, signups } = await startApp()
    const key = randomUUID()
    const first = await post(signupPath, { name: 'Mere' }, { 'Idempotency-Key': key })
    for (const spelling of [`"${key}"`, key.toUpperCase(), `"${key.toUpperCase()}"`]) {
      const again = await post(signupPath, { name: 'Mere' }, { 'Idempotency-Key': spelling })
      expect(again.headers.get('idempotent-replayed'), spelling).toBe('true')
      expect(again.body).toEqual(first.body)
    }
    const agentKey = 'agent-key-with "quotes" and \\'
    const byAgent = await post(signupPath, { name: 'Sefa' }, { 'Idempotency-Key': `"${agentKey.replace(/["\\]/g, '\\$&')}"`, 'x-test-user': 'agent-a' })
    expect(byAgent.status).toBe(201)
    const bare = await post(signupPath, { name: 'Sefa' }, { 'Idempotency-Key': agentKey.replaceAll(' ', '-'), 'x-test-user': 'agent-a' })
    expect(bare.headers.get('idempotent-replayed')).toBeNull()
    expect(signups.map((signup) => signup.name)).toEqual(['Mere', 'Sefa', 'Sefa'])
  })

  it('takes over a stale claim, and the request that lost it writes nothing', async () => {
    const { post, signups, store, hooks, clock } = await startApp({ staleAfterMs: 60_000 })
    const key = randomUUID()
    const stuck = gate()
    hooks.beforeWrite = () => stuck.opened
    const first = post(signupPath, { name: 'Mere' }, { 'Idempotency-Key': key })
    await vi.waitFor(() => expect(store.get(scope, key)?.status).toBe('processing'))

    clock.now = new Date(clock.now.getTime() + 60_001)
    const takeover = await post(signupPath, { name: 'Mere' }, { 'Idempotency-Key': key })
    expect(takeover.status).toBe(201)

    stuck.open()
    expect((await first).status).toBe(409)
    expect(signups).toHaveLength(1)
    const replay = await post(signupPath, { name: 'Mere' }, { 'Idempotency-Key': key })
    expect(replay.body).toEqual(takeover.body)
  })

  it('releases and warns when a 2xx answer was not recorded', async () => {
    const { post, store, warn } = await startApp()
    const key = randomUUID()
    expect((await post('/api/forgetful', {}, { 'Idempotency-Key': key })).status).toBe(200)
    await vi.waitFor(() => expect(store.get('POST /api/forgetful', key)).toBeUndefined())
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('without recording'), expect.objectContaining({ key }))
  })

  it('keeps each signed-in user’s keys apart', async () => {
    const { post, signups } = await startApp()
    const key = randomUUID()
    const byAgentA = await post(signupPath, { name: 'Mere' }, { 'Idempotency-Key': key, 'x-test-user': 'agent-a' })
    const byAgentB = await post(signupPath, { name: 'Mere' }, { 'Idempotency-Key': key, 'x-test-user': 'agent-b' })
    expect(byAgentB.headers.get('idempotent-replayed')).toBeNull()
    expect(byAgentB.body).not.toEqual(byAgentA.body)
    expect(signups.map((signup) => signup.createdBy)).toEqual(['agent-a', 'agent-b'])
  })

  it('records nothing without a key, so services may call recordIdempotent unconditionally', async () => {
    await expect(recordIdempotent({}, {}, 201, { id: 'x' })).resolves.toBeUndefined()
  })
})
