import { afterEach, describe, expect, it, vi } from 'vitest'
import { OutboxDatabase, type OutboxItem } from './db'
import { DEFAULT_BACKOFF, UPLOAD_REUSE_MS, createOutboxEngine, serverWaitDelay, type OutboxEngine, type OutboxEngineOptions } from './engine'
import { OUTBOX_LOCK_NAME, createMemoryLocks } from './locks'
import { enqueue, getItem, listOutbox, markStatus, pendingCount, photosOf, type EnqueueInput } from './outbox'
import { createFakeServer, createManualClock, waitFor, type FakeServer, type LoggedRequest, type ManualClock } from './testing'

const opened: OutboxDatabase[] = []
const engines: OutboxEngine[] = []
function openDatabase(name = `engine-test-${crypto.randomUUID()}`): OutboxDatabase {
  const db = new OutboxDatabase(name)
  opened.push(db)
  return db
}
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.stop()
  const dbs = opened.splice(0)
  // Two "tabs" share a database: close every connection before deleting it.
  for (const db of dbs) db.close()
  for (const db of dbs) await db.delete()
})

interface Setup {
  db: OutboxDatabase
  server: FakeServer
  clock: ManualClock
  engine: OutboxEngine
  token: { value: string | undefined; agentId: string | undefined }
  onAuthRequired: ReturnType<typeof vi.fn>
  /** Runs the clock forward, letting every drain it wakes finish. */
  advance(ms: number): Promise<void>
}

function setup(overrides: Partial<OutboxEngineOptions> = {}, db = openDatabase()): Setup {
  const server = createFakeServer()
  server.tokens.set('token-sefa', 'agent-sefa')
  server.tokens.set('token-mere', 'agent-mere')
  const clock = createManualClock()
  latestClock = clock
  const token: Setup['token'] = { value: 'token-sefa', agentId: 'agent-sefa' }
  const onAuthRequired = vi.fn()
  const engine = createOutboxEngine({
    db,
    fetch: server.fetch,
    getAuthToken: () => token.value,
    getSignedInAgentId: () => token.agentId,
    onAuthRequired,
    now: clock.now,
    setTimer: clock.setTimer,
    random: () => 0.5,
    locks: createMemoryLocks(),
    onError: (error) => {
      throw error
    },
    ...overrides,
  })
  engines.push(engine)
  return { db, server, clock, engine, token, onAuthRequired, advance: (ms) => clock.advance(ms, () => engine.idle()) }
}

/** The clock of the latest setup(): items are queued at its time unless a test says otherwise. */
let latestClock: ManualClock | undefined
const queuedNow = () => (latestClock ? { now: latestClock.now() } : {})
const review = (comment: string, extra: Partial<EnqueueInput> = {}): EnqueueInput => ({
  kind: 'platformReview', endpoint: '/api/public/reviews', payload: { name: 'Mere', rating: 5, comment }, ...queuedNow(), ...extra,
})
const agentSignup = (name: string, extra: Partial<EnqueueInput> = {}): EnqueueInput => ({
  kind: 'dataAgentSignup', endpoint: '/api/data-agent/signup', payload: { name, phone: '7001234', cities: ['Nausori'], produce: ['Dalo'] },
  agent: { id: 'agent-sefa', name: 'Sefa' }, ...queuedNow(), ...extra,
})
const photo = (...bytes: number[]) => new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' })

async function item(db: OutboxDatabase, id: string): Promise<OutboxItem> {
  const found = await getItem(db, id)
  if (!found) throw new Error(`no item ${id}`)
  return found
}
const records = (server: FakeServer) => server.log.filter((entry) => entry.kind === 'record')
/** Upload URLs the server was asked for: one per single request, one per photo of a batch. */
const issuedUploadUrls = (server: FakeServer) => server.log.reduce((sum, entry) => sum + (entry.kind === 'uploadUrl'
  ? 1
  : entry.kind === 'uploadUrls' ? ((entry.body as { photos: unknown[] }).photos.length) : 0), 0)

/** Counts the outbox rows read through each index (a DBCore middleware; call before the database opens). */
function countIndexReads(db: OutboxDatabase): Record<string, number> {
  const rows: Record<string, number> = {}
  db.use({
    stack: 'dbcore',
    name: 'count-index-reads',
    create: (down) => ({
      ...down,
      table(name) {
        const table = down.table(name)
        if (name !== 'outbox') return table
        return {
          ...table,
          async query(request) {
            const answer = await table.query(request)
            const index = request.query.index.name ?? ''
            rows[index] = (rows[index] ?? 0) + answer.result.length
            return answer
          },
        }
      },
    }),
  })
  return rows
}

/** A photo Blob the phone can no longer read (its file gone from storage), as Chromium answers one. */
class UnreadableBlob extends Blob {
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.reject(new DOMException('The requested file could not be read.', 'NotReadableError'))
  }
  override text(): Promise<string> {
    return Promise.reject(new DOMException('The requested file could not be read.', 'NotReadableError'))
  }
  override slice(): Blob {
    return new UnreadableBlob([])
  }
}

const isReadOnly = (trans: unknown) => (trans as { mode?: string }).mode === 'readonly'

/** Photos with these ids read back unreadable while in the set (a DBCore middleware; call before the database opens). */
function spoilPhotos(db: OutboxDatabase, ids: ReadonlySet<string>): void {
  const spoil = (record: unknown) => {
    const stored = record as { id?: string; blob?: Blob } | undefined
    return stored?.id !== undefined && ids.has(stored.id) ? { ...stored, blob: new UnreadableBlob([], { type: stored.blob?.type ?? '' }) } : record
  }
  db.use({
    stack: 'dbcore',
    name: 'spoil-photos',
    create: (down) => ({
      ...down,
      table(name) {
        const table = down.table(name)
        if (name !== 'photos') return table
        return {
          ...table,
          // Reads only: a write that read the record first (update) stores the real Blob back.
          get: async (request) => (isReadOnly(request.trans) ? spoil(await table.get(request)) : table.get(request)),
          getMany: async (request) => (isReadOnly(request.trans) ? (await table.getMany(request)).map(spoil) : table.getMany(request)),
        }
      },
    }),
  })
}

/** Counts the readwrite transactions (each a strict flush: a disk sync on a phone) that write the outbox table. */
function countOutboxWrites(db: OutboxDatabase): { count: number } {
  const writes = { count: 0 }
  db.use({
    stack: 'dbcore',
    name: 'count-outbox-writes',
    create: (down) => ({
      ...down,
      transaction(stores, mode, options) {
        if (mode === 'readwrite' && stores.includes('outbox')) writes.count++
        return down.transaction(stores, mode, options)
      },
    }),
  })
  return writes
}

describe('sending', () => {
  it('sends on start, oldest first, each with its id as Idempotency-Key, and keeps the answer', async () => {
    const { db, server, clock, engine } = setup()
    const first = await enqueue(db, review('First', { now: clock.now() }))
    const second = await enqueue(db, review('Second', { now: clock.now() - 10_000 }))
    engine.start()
    await engine.idle()

    expect(records(server).map((entry) => entry.headers['idempotency-key'])).toEqual([first.id, second.id])
    expect(records(server).every((entry) => entry.headers.authorization === undefined)).toBe(true)
    const sent = await item(db, first.id)
    expect(sent).toMatchObject({ status: 'sent', sentAt: clock.now(), attempts: 1, response: { status: 201, body: server.accepted[0]!.answer } })
    expect(await pendingCount(db)).toBe(0)
    expect(server.accepted.map((record) => record.key)).toEqual([first.id, second.id])
  })

  it('on a phone with no room left sends nothing, says so (noRoom), and sends once, when there is room', async () => {
    const errors: unknown[] = []
    const { db, server, clock, engine, advance } = setup({ onError: (error) => void errors.push(error) })
    const queued = await enqueue(db, review('Kept while the phone is full', { now: clock.now() }))
    let full = true
    // What Chromium does when the origin's storage is used up: the write's transaction fails.
    db.outbox.hook('updating', () => {
      if (full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    })
    const seen: boolean[] = []
    engine.subscribe((state) => void seen.push(state.noRoom))
    engine.start()
    await engine.idle()

    expect(engine.getState().noRoom).toBe(true)
    expect(records(server)).toHaveLength(0)
    expect(await item(db, queued.id)).toMatchObject({ status: 'waiting', attempts: 0 })
    expect(errors.length).toBeGreaterThan(0)

    full = false
    await advance(5_000)
    expect(records(server)).toHaveLength(1)
    expect(await item(db, queued.id)).toMatchObject({ status: 'sent', attempts: 1 })
    expect(engine.getState().noRoom).toBe(false)
    expect(seen).toContain(true)
  })

  it('does not call another failure a full phone', async () => {
    const { db, engine } = setup({ onError: () => undefined })
    await enqueue(db, review('A broken write'))
    db.outbox.hook('updating', () => {
      throw new TypeError('not a storage problem')
    })
    engine.start()
    await engine.idle()
    expect(engine.getState().noRoom).toBe(false)
  })

  it('sends a new item at once when it is queued through the engine', async () => {
    const { db, server, engine } = setup()
    engine.start()
    await engine.idle()
    const queued = await engine.enqueue(review('Vinaka'))
    await engine.idle()
    expect(server.accepted.map((record) => record.key)).toEqual([queued.id])
    expect((await item(db, queued.id)).status).toBe('sent')
  })

  it('retries a 500 later and then sends it, once', async () => {
    const { db, server, clock, engine, advance } = setup()
    server.faults.push({ kind: 'status', status: 500, message: 'Internal server error' })
    const queued = await enqueue(db, review('Vinaka', { now: clock.now() }))
    engine.start()
    await engine.idle()

    const waiting = await item(db, queued.id)
    expect(waiting).toMatchObject({ status: 'waiting', attempts: 1, lastError: { status: 500 } })
    // Equal jitter: half the first ceiling (the base) plus random 0.5 of the other half.
    expect(waiting.nextAttemptAt - clock.now()).toBe(DEFAULT_BACKOFF.baseMs * 0.75)
    expect(engine.getState().nextWakeAt).toBe(clock.now() + DEFAULT_BACKOFF.baseMs * 0.75)

    await advance(DEFAULT_BACKOFF.baseMs)
    expect(await item(db, queued.id)).toMatchObject({ status: 'sent', attempts: 2 })
    expect(server.accepted).toHaveLength(1)
  })

  it('marks a 400 as needing attention with the server message, keeps it, and goes on with the next', async () => {
    const { db, server, engine } = setup()
    server.faults.push({ kind: 'status', status: 400, message: 'Full name is required', on: 'record' })
    const bad = await enqueue(db, review('Bad'))
    const good = await enqueue(db, review('Good'))
    engine.start()
    await engine.idle()

    expect(await item(db, bad.id)).toMatchObject({
      status: 'needsAttention', lastError: { status: 400, message: 'Full name is required' }, response: { status: 400, body: { message: 'Full name is required' } },
    })
    expect((await item(db, good.id)).status).toBe('sent')
    // Never deleted, never retried by itself.
    await engine.sendNow()
    expect(records(server).filter((entry) => entry.headers['idempotency-key'] === bad.id)).toHaveLength(1)
    expect(await pendingCount(db)).toBe(1)
  })

  it.each([413, 422])('marks a %i as needing attention', async (status) => {
    const { db, server, engine } = setup()
    server.faults.push({ kind: 'status', status, message: 'Please enter a valid email address' })
    const queued = await enqueue(db, review('x'))
    engine.start()
    await engine.idle()
    expect(await item(db, queued.id)).toMatchObject({ status: 'needsAttention', lastError: { status, message: 'Please enter a valid email address' } })
  })

  it('gives a 413 without a message (a proxy page) a readable one', async () => {
    const { db, server, engine } = setup()
    server.faults.push({ kind: 'status', status: 413 })
    const queued = await enqueue(db, review('x'))
    engine.start()
    await engine.idle()
    expect((await item(db, queued.id)).lastError?.message).toMatch(/too large/)
  })

  it('counts a replayed answer (Idempotent-Replayed: true) as sent', async () => {
    const { db, server, clock, engine, advance } = setup()
    // The server stores the signup, and the answer is lost on the way back.
    server.faults.push({ kind: 'drop', on: 'record' })
    const queued = await enqueue(db, review('Vinaka', { now: clock.now() }))
    engine.start()
    await engine.idle()
    expect((await item(db, queued.id)).status).toBe('waiting')
    expect(server.accepted).toHaveLength(1)

    await advance(DEFAULT_BACKOFF.capMs)
    const sent = await item(db, queued.id)
    expect(sent.status).toBe('sent')
    expect(sent.response).toEqual({ status: 201, body: server.accepted[0]!.answer })
    expect(server.accepted).toHaveLength(1)
    expect(records(server).map((entry) => entry.answered)).toEqual([201, 201])
  })

  it('takes a 2xx that is not JSON (a Wi-Fi sign-in page) as not sent', async () => {
    const { db, server, engine } = setup()
    server.faults.push({ kind: 'portal' })
    const queued = await enqueue(db, review('x'))
    engine.start()
    await engine.idle()
    expect(await item(db, queued.id)).toMatchObject({ status: 'waiting', lastError: { status: 200 } })
    await engine.sendNow()
    expect((await item(db, queued.id)).status).toBe('sent')
  })
})

describe('retrying', () => {
  it.each([
    ['409', '1', 1_000],
    ['429', '30', 30_000],
  ] as const)('waits at least Retry-After on a %s', async (kind, retryAfter, waitMs) => {
    const { db, server, clock, engine, advance } = setup({ random: () => 0 })
    server.faults.push({ kind, retryAfter })
    const queued = await enqueue(db, review('x', { now: clock.now() }))
    engine.start()
    await engine.idle()
    const waiting = await item(db, queued.id)
    expect(waiting).toMatchObject({ status: 'waiting', lastError: { status: Number(kind) } })
    expect(waiting.nextAttemptAt - clock.now()).toBe(waitMs)

    await advance(waitMs - 1)
    expect(server.accepted).toHaveLength(0)
    await advance(1)
    expect((await item(db, queued.id)).status).toBe('sent')
  })

  it('backs off exponentially with equal jitter, within the cap, on network failure', async () => {
    const draws = [0.999, 0.999, 0.999, 0.999, 0.999, 0.999, 0.999, 0.999, 0.999, 0.999, 0.25]
    const requestBackgroundSync = vi.fn()
    const { db, server, clock, engine } = setup({ random: () => draws.shift() ?? 0.5, requestBackgroundSync })
    server.network = 'down'
    const queued = await enqueue(db, review('x', { now: clock.now() }))
    engine.start()
    await engine.idle()

    const waits: number[] = []
    for (let attempt = 1; attempt <= 11; attempt++) {
      const current = await item(db, queued.id)
      expect(current).toMatchObject({ status: 'waiting', attempts: attempt, lastError: { message: expect.stringMatching(/No connection/) } })
      expect(current.lastError?.status).toBeUndefined()
      waits.push(current.nextAttemptAt - clock.now())
      await clock.advance(current.nextAttemptAt - clock.now(), () => engine.idle())
    }
    const ceilings = waits.map((_, index) => Math.min(DEFAULT_BACKOFF.capMs, DEFAULT_BACKOFF.baseMs * 2 ** index))
    waits.slice(0, 10).forEach((wait, index) => {
      expect(wait).toBeLessThanOrEqual(ceilings[index]!)
      expect(wait).toBeGreaterThanOrEqual(Math.floor(0.999 * ceilings[index]!))
    })
    expect(Math.max(...waits)).toBeLessThanOrEqual(DEFAULT_BACKOFF.capMs)
    // The jitter is real but never below half the ceiling: a low draw waits less, yet long.
    expect(waits[10]).toBe(DEFAULT_BACKOFF.capMs / 2 + (0.25 * DEFAULT_BACKOFF.capMs) / 2)
    expect(requestBackgroundSync).toHaveBeenCalled()

    server.network = 'up'
    await clock.advance((await item(db, queued.id)).nextAttemptAt - clock.now(), () => engine.idle())
    expect((await item(db, queued.id)).status).toBe('sent')
  })

  it('times a silent server out after 30 s and retries', async () => {
    const { db, server, clock, engine, advance } = setup()
    server.faults.push({ kind: 'hang' })
    const queued = await enqueue(db, review('x', { now: clock.now() }))
    engine.start()
    // The request (and its timeout) exist once the server has seen it.
    await waitFor(() => records(server).length === 1)
    expect(engine.getState()).toMatchObject({ isSending: true, currentItemId: queued.id })
    await advance(29_999)
    expect((await item(db, queued.id)).status).toBe('sending')
    await advance(1)
    await engine.idle()
    expect(await item(db, queued.id)).toMatchObject({ status: 'waiting', lastError: { message: expect.stringMatching(/timed out/) } })
    expect(engine.getState()).toMatchObject({ isSending: false, currentItemId: null })
    await advance(DEFAULT_BACKOFF.capMs)
    expect((await item(db, queued.id)).status).toBe('sent')
  })

  it('keeps the ones behind a failing item waiting, so the server gets them in order', async () => {
    const { db, server, clock, engine, advance } = setup()
    server.faults.push({ kind: '5xx', on: 'record' })
    const first = await enqueue(db, review('First', { now: clock.now() }))
    const second = await enqueue(db, review('Second', { now: clock.now() }))
    engine.start()
    await engine.idle()
    expect((await item(db, second.id)).status).toBe('waiting')
    expect(records(server)).toHaveLength(1)

    await advance(DEFAULT_BACKOFF.capMs)
    expect(server.accepted.map((record) => record.key)).toEqual([first.id, second.id])
  })

  it('lets the others pass an item the server keeps failing (5xx five times)', async () => {
    const { db, server, clock, engine, advance } = setup()
    const first = await enqueue(db, review('Poison', { now: clock.now() }))
    const second = await enqueue(db, review('Fine', { now: clock.now() }))
    server.faults.push(...Array.from({ length: 5 }, () => ({ kind: '5xx' as const, on: 'record' as const })))
    engine.start()
    await engine.idle()
    for (let round = 0; round < 4; round++) await advance(DEFAULT_BACKOFF.capMs)
    expect(server.accepted.map((record) => record.key)).toEqual([second.id, first.id])
  })

  it('never lets the others pass an item answered 503 with Retry-After, however often (the database restarting): the server gets them in order', async () => {
    const { db, server, clock, engine, advance } = setup()
    const first = await enqueue(db, review('Made first', { now: clock.now() }))
    const second = await enqueue(db, review('Made second', { now: clock.now() }))
    const unavailable = { kind: 'status' as const, on: 'record' as const, status: 503, retryAfter: '5', message: 'The service is unavailable for a moment. Please try again shortly.' }
    server.faults.push(...Array.from({ length: 8 }, () => ({ ...unavailable })))
    engine.start()
    await engine.idle()
    for (let round = 0; round < 6; round++) await advance(DEFAULT_BACKOFF.capMs)
    expect(server.log.filter((entry) => entry.kind === 'record' && entry.answered === 503)).toHaveLength(8)
    expect(server.accepted.map((record) => record.key)).toEqual([first.id, second.id])
  })

  it('comes back when a long outage\'s Retry-After says, not after a backoff grown by it: the record goes 5–5.5 s after the last 503', async () => {
    const { db, server, clock, engine, advance } = setup({ random: () => 0.999 })
    const start = clock.now()
    const queued = await enqueue(db, review('Made in the outage', { now: clock.now() }))
    const unavailable = { kind: 'status' as const, on: 'record' as const, status: 503, retryAfter: '5', message: 'The service is unavailable for a moment. Please try again shortly.' }
    server.faults.push(...Array.from({ length: 12 }, () => ({ ...unavailable })))
    engine.start()
    await engine.idle()
    // Twelve 503s in a minute of outage: each waited 5 s and at most half a second more.
    for (let step = 0; step < 12 * 11 && server.accepted.length === 0; step++) await advance(500)
    const answered = server.log.filter((entry) => entry.kind === 'record')
    expect(answered.filter((entry) => entry.answered === 503)).toHaveLength(12)
    expect(server.accepted.map((record) => record.key)).toEqual([queued.id])
    expect((await item(db, queued.id)).status).toBe('sent')
    // The whole outage took 12 waits of at most 5.5 s: an exponential backoff would have been minutes.
    expect(clock.now() - start).toBeLessThanOrEqual(12 * 5_500 + 500)
  })

  it('still spaces out 409 "still working" by the backoff: its Retry-After: 1 is a polling hint, and a claim the database cut goes stale only after a minute', async () => {
    const { db, server, engine, advance } = setup({ random: () => 0.999 })
    await enqueue(db, review('Behind a stale claim'))
    server.faults.push(...Array.from({ length: 40 }, () => ({ kind: '409' as const, on: 'record' as const, retryAfter: '1' })))
    engine.start()
    await engine.idle()
    for (let step = 0; step < 60; step++) await advance(500)
    // 2, 4, 8, 16 s apart: five tries in 30 s, where taking the hint at its word would be about 28.
    const tries = server.log.filter((entry) => entry.kind === 'record' && entry.answered === 409).length
    expect(tries).toBeGreaterThanOrEqual(4)
    expect(tries).toBeLessThanOrEqual(5)
  })

  it.each([
    [5_000, 0, 5_000],
    [5_000, 0.999, 5_499],
    [30_000, 0.999, 30_999],
    [100, 0.5, DEFAULT_BACKOFF.floorMs + 25],
  ])('a server wait of %i ms with a draw of %f is %i ms', (retryAfter, draw, expected) => {
    expect(serverWaitDelay(retryAfter, DEFAULT_BACKOFF, () => draw)).toBe(expected)
  })

  it('picks the oldest waiting item from the index without reading the whole queue', async () => {
    const db = openDatabase()
    const rowsRead = countIndexReads(db)
    const { server, clock, engine } = setup({}, db)
    const queued: OutboxItem[] = []
    for (let index = 0; index < 40; index++) queued.push(await enqueue(db, review(`Review ${index}`, { now: clock.now() })))
    // Two items of another agent, oldest of all and made in the same millisecond: held, skipped, never blocking.
    const held = { ...queued[0]!, kind: 'dataAgentSignup' as const, endpoint: '/api/data-agent/signup', agentId: 'agent-mere', agentName: 'Mere', createdAt: 1 }
    await db.outbox.bulkPut([{ ...held, id: 'held-2' }, { ...held, id: 'held-1' }])
    engine.start()
    await engine.idle()

    expect(server.accepted.map((record) => record.key)).toEqual(queued.map((queuedItem) => queuedItem.id))
    for (const id of ['held-1', 'held-2']) expect(await item(db, id)).toMatchObject({ status: 'waiting', lastError: { message: expect.stringContaining('Mere') } })
    // Each pick, and each wake-up time, reads the two held items and the head (re-reading the whole
    // queue would be ~900 rows).
    expect(rowsRead['[status+createdAt]']).toBeLessThanOrEqual(5 * (queued.length + 1) + 5)
  })

  it('sendNow goes at once, whatever the backoff', async () => {
    const { db, server, engine } = setup()
    server.faults.push({ kind: '5xx' })
    const queued = await enqueue(db, review('x'))
    engine.start()
    await engine.idle()
    expect((await item(db, queued.id)).status).toBe('waiting')
    await engine.sendNow()
    expect((await item(db, queued.id)).status).toBe('sent')
  })

  it('makes at most 5 attempts in a 20 s outage with the phone online, however often the browser wakes it', async () => {
    const wakeUps = { engine: undefined as OutboxEngine | undefined, syncs: 0 }
    const { db, server, clock, engine } = setup({
      // The lowest draws: the shortest waits the jitter allows.
      random: () => 0,
      // Chromium, online, server unreachable: a Background Sync registered after a failure fires at
      // once. (Bounded, so the old behaviour ends the test instead of spinning for ever.)
      requestBackgroundSync: () => {
        wakeUps.syncs += 1
        if (server.log.length < 1_000) queueMicrotask(() => wakeUps.engine?.notifyOnline())
      },
    })
    wakeUps.engine = engine
    server.network = 'down'
    const queued = await enqueue(db, review('x'))
    engine.start()
    // 20 s: the page also sees online, visibility and app-start wake-ups every 100 ms.
    for (let elapsed = 0; elapsed < 20_000; elapsed += 100) {
      engine.notifyOnline()
      engine.notifyVisible()
      engine.start()
      await engine.idle()
      await clock.advance(100, () => engine.idle())
    }
    const attempts = records(server).length
    console.info(`Requests during a 20 s outage (online, server unreachable, wake-ups every 100 ms): ${attempts}`)
    expect(attempts).toBeGreaterThanOrEqual(4)
    expect(attempts).toBeLessThanOrEqual(5)
    expect(server.log).toHaveLength(attempts)
    expect(wakeUps.syncs).toBe(attempts)
    // One next-try time: the engine wakes when the item is next due.
    expect(engine.getState().nextWakeAt).toBe((await item(db, queued.id)).nextAttemptAt)
  })

  it('holds the backoff whatever wakes the engine; only "Send now" skips it', async () => {
    const { db, server, clock, engine } = setup()
    server.network = 'down'
    const queued = await enqueue(db, review('x'))
    engine.start()
    await engine.idle()
    const waiting = await item(db, queued.id)
    expect(waiting).toMatchObject({ status: 'waiting', attempts: 1 })
    expect(waiting.nextAttemptAt).toBeGreaterThan(clock.now())

    server.network = 'up'
    engine.notifyOnline()
    engine.notifyVisible()
    await engine.idle()
    engine.start()
    await engine.idle()
    expect(records(server)).toHaveLength(1)
    expect(engine.getState().nextWakeAt).toBe(waiting.nextAttemptAt)

    await engine.sendNow()
    expect(await item(db, queued.id)).toMatchObject({ status: 'sent', attempts: 2 })
  })

  it.each([
    ['seconds', '120', 120_000],
    ['an HTTP date', new Date(1_700_000_000_000 + 90_000).toUTCString(), 90_000],
  ] as const)('waits out a 429\'s Retry-After in %s, even on "Send now", and never asks for attention', async (_form, retryAfter, waitMs) => {
    const { db, server, clock, engine, advance } = setup({ random: () => 0 })
    server.faults.push({ kind: '429', retryAfter }, { kind: '429', retryAfter })
    const queued = await enqueue(db, review('asked'))
    engine.start()
    await engine.idle()
    expect(await item(db, queued.id)).toMatchObject({ status: 'waiting', lastError: { status: 429 }, notBefore: clock.now() + waitMs, nextAttemptAt: clock.now() + waitMs })
    // The Outbox screen can say why Send now does nothing.
    expect(engine.getState().serverWaitUntil).toBe(clock.now() + waitMs)

    await engine.sendNow()
    engine.notifyOnline()
    await engine.idle()
    expect(records(server)).toHaveLength(1)
    await advance(waitMs - 1)
    expect(records(server)).toHaveLength(1)
    await advance(1)
    // Asked to wait again: still waiting, never "needs attention".
    expect(records(server)).toHaveLength(2)
    expect((await item(db, queued.id)).status).toBe('waiting')
    await advance(waitMs)
    expect(await item(db, queued.id)).toMatchObject({ status: 'sent', attempts: 3 })
    expect((await item(db, queued.id)).notBefore).toBeUndefined()
    expect(engine.getState().serverWaitUntil).toBeNull()
  })

  it("says the server's wait holds Send now back only while it holds every item Send now could pick", async () => {
    const { db, server, clock, engine, advance } = setup({ random: () => 0 })
    server.faults.push({ kind: '429', retryAfter: '60' })
    const head = await enqueue(db, review('asked to wait'))
    engine.start()
    await engine.idle()
    expect(engine.getState().serverWaitUntil).toBe(clock.now() + 60_000)
    // Behind the head, a newer item waits its turn: the head still holds the queue (first made, first received).
    await enqueue(db, review('made after'))
    await engine.idle()
    expect(engine.getState().serverWaitUntil).toBe(clock.now() + 60_000)
    // Only the request answered 429 went out.
    expect(records(server)).toHaveLength(1)
    // Past it, a 503 with no Retry-After: a plain backoff, which Send now skips.
    server.faults.push({ kind: '5xx' })
    await advance(60_000)
    expect(await item(db, head.id)).toMatchObject({ status: 'waiting', lastError: { status: 503 } })
    expect(engine.getState().serverWaitUntil).toBeNull()
    expect(records(server)).toHaveLength(2)
    await engine.sendNow()
    expect(await item(db, head.id)).toMatchObject({ status: 'sent' })
    expect(records(server).map((entry) => entry.answered)).toEqual([429, 503, 201, 201])
  })

  it('tries nothing while the browser knows it is offline, and goes when it is back', async () => {
    let online = false
    const { db, server, engine } = setup({ isOnline: () => online })
    const queued = await enqueue(db, review('x'))
    engine.start()
    await engine.idle()
    expect(server.log).toHaveLength(0)
    expect((await item(db, queued.id)).attempts).toBe(0)
    online = true
    engine.notifyOnline()
    await engine.idle()
    expect((await item(db, queued.id)).status).toBe('sent')
  })

  it('offline, an item a killed app left half-sent says waiting, not sending, and the agent can delete it', async () => {
    const { db, server, engine } = setup({ isOnline: () => false })
    const queued = await enqueue(db, review('x'))
    // The app was killed mid-request; it is opened again in the village, with no coverage.
    await markStatus(db, queued.id, 'sending')
    engine.start()
    await engine.idle()
    expect(server.log).toHaveLength(0)
    expect((await item(db, queued.id)).status).toBe('waiting')
    await engine.deleteItem(queued.id)
    expect(await listOutbox(db)).toEqual([])
  })
})

describe("the phone's clock", () => {
  const threeDays = 3 * 24 * 60 * 60_000

  it('sends by itself what was queued while the clock was days ahead, once coverage sets the clock right', async () => {
    let online = false
    let skew = threeDays
    const { db, server, engine } = setup({ isOnline: () => online, now: () => latestClock!.now() + skew })
    engine.start()
    const queued = await engine.enqueue(review('made with the clock wrong', { now: latestClock!.now() + skew }))
    await engine.idle()
    // Back in coverage: the network sets the clock back by three days, then the app hears 'online'.
    skew = 0
    online = true
    engine.notifyOnline()
    await engine.idle()
    expect((await item(db, queued.id)).status).toBe('sent')
    expect(server.accepted).toHaveLength(1)
  })

  it("a server's Retry-After given while the clock was days ahead does not hold the item for days once the clock is right", async () => {
    let skew = threeDays
    const { db, server, engine, advance } = setup({ now: () => latestClock!.now() + skew })
    server.faults.push({ kind: '429', retryAfter: '60' })
    const queued = await enqueue(db, review('asked to wait', { now: latestClock!.now() + skew }))
    engine.start()
    await engine.idle()
    expect((await item(db, queued.id)).status).toBe('waiting')
    skew = 0
    await advance(2 * 60 * 60_000)
    expect((await item(db, queued.id)).status).toBe('sent')
  })
})

describe('photos', () => {
  it('uploads the photos first, then sends the record with their paths, under the agent', async () => {
    const { db, server, engine } = setup()
    const queued = await enqueue(db, agentSignup('Mere', { photos: [photo(1, 2, 3), photo(4, 5)] }))
    engine.start()
    await engine.idle()

    // Both photos' URLs in one request; the record comes after both PUTs.
    expect(server.log.map((entry) => `${entry.kind} ${entry.kind === 'put' ? 'PUT' : entry.url}`)).toEqual([
      'uploadUrls /api/objects/upload/batch', 'put PUT', 'put PUT', 'record /api/data-agent/signup',
    ])
    expect(server.log.at(-1)?.kind).toBe('record')
    expect(server.log.filter((entry) => entry.kind !== 'put').every((entry) => entry.headers.authorization === 'Bearer token-sefa')).toBe(true)
    const [record] = server.accepted
    expect(record).toMatchObject({ agentId: 'agent-sefa', body: { name: 'Mere' } })
    const paths = record!.body.photoUrls as string[]
    expect(paths).toHaveLength(2)
    expect(paths.map((path) => server.uploads.get(path.split('/').pop()!)?.bytes)).toEqual([[1, 2, 3], [4, 5]])
    const stored = await photosOf(db, await item(db, queued.id))
    expect(stored.map((entry) => entry.uploadedPath)).toEqual(paths)
  })

  it('never uploads a stored photo again when the record is retried', async () => {
    const { db, server, engine } = setup()
    server.faults.push({ kind: '5xx', on: 'record' })
    const queued = await enqueue(db, agentSignup('Mere', { photos: [photo(1), photo(2)] }))
    engine.start()
    await engine.idle()
    await engine.sendNow()
    expect((await item(db, queued.id)).status).toBe('sent')
    expect(server.log.filter((entry) => entry.kind === 'put')).toHaveLength(2)
    const bodies = records(server).map((entry) => JSON.stringify(entry.body))
    expect(bodies[0]).toBe(bodies[1])
  })

  it('keeps the photos already stored when a later one fails', async () => {
    const { db, server, engine } = setup()
    server.faults.push({ kind: '5xx', on: 'put', skip: 1 })
    await enqueue(db, agentSignup('Mere', { photos: [photo(1), photo(2)] }))
    engine.start()
    await engine.idle()
    await engine.sendNow()
    const puts = server.log.filter((entry) => entry.kind === 'put').map((entry) => [entry.body, entry.answered])
    expect(puts).toEqual([[[1], 200], [[2], 503], [[2], 200]])
    expect(server.accepted).toHaveLength(1)
    expect(server.accepted[0]!.body.photoUrls).toHaveLength(2)
  })

  it('uploads a photo again when its answer was lost', async () => {
    const { db, server, engine } = setup()
    server.faults.push({ kind: 'drop', on: 'put' })
    await enqueue(db, agentSignup('Mere', { photos: [photo(1)] }))
    engine.start()
    await engine.idle()
    await engine.sendNow()
    const puts = server.log.filter((entry) => entry.kind === 'put')
    expect(puts.map((entry) => [entry.dropped ?? false, entry.answered])).toEqual([[true, 200], [false, 200]])
    // The record names the upload whose answer arrived.
    expect(server.accepted[0]!.body.photoUrls).toEqual([`/objects/uploads/${puts[1]!.url.split('/').pop()}`])
  })

  it('PUTs the same URL again when the PUT\'s answer was lost, asking for one upload URL only', async () => {
    const { db, server, engine } = setup()
    server.faults.push({ kind: 'drop', on: 'put' })
    const queued = await enqueue(db, agentSignup('Mere', { photos: [photo(1, 2)] }))
    engine.start()
    await engine.idle()
    const [remembered] = await photosOf(db, queued)
    expect(remembered!.uploadedPath).toBeUndefined()
    expect(remembered!.issuedUpload?.uploadURL).toMatch(/^\/api\/uploads\//)
    await engine.sendNow()

    expect(server.log.filter((entry) => entry.kind === 'uploadUrl')).toHaveLength(1)
    const puts = server.log.filter((entry) => entry.kind === 'put')
    expect(puts.map((entry) => [entry.url, entry.dropped ?? false, entry.answered])).toEqual([
      [remembered!.issuedUpload!.uploadURL, true, 200], [remembered!.issuedUpload!.uploadURL, false, 200],
    ])
    expect(server.accepted[0]!.body.photoUrls).toEqual([remembered!.issuedUpload!.objectPath])
    const [stored] = await photosOf(db, queued)
    expect(stored).toMatchObject({ uploadedPath: remembered!.issuedUpload!.objectPath, uploadedAt: remembered!.issuedUpload!.issuedAt })
    expect(stored!.issuedUpload).toBeUndefined()
  })

  it('asks for a new upload URL when the server no longer knows the one it issued (404)', async () => {
    const { db, server, engine } = setup()
    server.faults.push({ kind: 'drop', on: 'put' })
    const queued = await enqueue(db, agentSignup('Mere', { photos: [photo(1)] }))
    engine.start()
    await engine.idle()
    const [remembered] = await photosOf(db, queued)
    server.uploads.delete(remembered!.issuedUpload!.uploadURL.split('/').pop()!)
    await engine.sendNow()

    const puts = server.log.filter((entry) => entry.kind === 'put')
    expect(puts.map((entry) => entry.answered)).toEqual([200, 404, 200])
    expect(puts[1]!.url).toBe(remembered!.issuedUpload!.uploadURL)
    expect(puts[2]!.url).not.toBe(remembered!.issuedUpload!.uploadURL)
    expect(server.log.filter((entry) => entry.kind === 'uploadUrl')).toHaveLength(2)
    expect(server.accepted[0]!.body.photoUrls).toEqual([`/objects/uploads/${puts[2]!.url.split('/').pop()}`])
    expect((await item(db, queued.id)).status).toBe('sent')
  })

  it('asks for a new upload URL when the one it kept already holds other bytes (409)', async () => {
    const { db, server, engine } = setup()
    server.faults.push({ kind: 'drop', on: 'put' })
    const queued = await enqueue(db, agentSignup('Mere', { photos: [photo(1, 2)] }))
    engine.start()
    await engine.idle()
    const [remembered] = await photosOf(db, queued)
    // The photo on the phone is no longer the one the kept URL received.
    await db.photos.update(remembered!.id, { blob: new Blob([new Uint8Array([3, 4])], { type: 'image/jpeg' }) })
    await engine.sendNow()

    const puts = server.log.filter((entry) => entry.kind === 'put')
    expect(puts.map((entry) => entry.answered)).toEqual([200, 409, 200])
    expect(puts[1]!.url).toBe(remembered!.issuedUpload!.uploadURL)
    expect(puts[2]!.url).not.toBe(remembered!.issuedUpload!.uploadURL)
    expect(server.accepted[0]!.body.photoUrls).toEqual([`/objects/uploads/${puts[2]!.url.split('/').pop()}`])
    expect((await item(db, queued.id)).status).toBe('sent')
  })

  it('asks for a new upload URL when the one it kept is older than the server keeps unreferenced uploads', async () => {
    const { db, server, clock, engine } = setup()
    server.faults.push({ kind: 'drop', on: 'put' })
    const queued = await enqueue(db, agentSignup('Mere', { photos: [photo(1)] }))
    engine.start()
    await engine.idle()
    const [remembered] = await photosOf(db, queued)
    await engine.stop()
    await clock.advance(UPLOAD_REUSE_MS)
    engine.start()
    await engine.idle()

    const puts = server.log.filter((entry) => entry.kind === 'put')
    expect(puts).toHaveLength(2)
    expect(puts[1]!.url).not.toBe(remembered!.issuedUpload!.uploadURL)
    expect(server.log.filter((entry) => entry.kind === 'uploadUrl')).toHaveLength(2)
    expect((await item(db, queued.id)).status).toBe('sent')
  })

  it('uses the public upload flow, without a token, for anonymous kinds, and photoUrl for experts', async () => {
    const { db, server, clock, engine } = setup()
    await enqueue(db, {
      kind: 'expertSignup', endpoint: '/api/public/expert-signup',
      payload: { name: 'Dr Ana', contactNumber: '7001234', email: 'ana@example.com' }, photos: [photo(9)], now: clock.now(),
    })
    engine.start()
    await engine.idle()
    expect(server.log.map((entry) => [entry.url.startsWith('/api/uploads/') ? 'PUT' : entry.url, entry.headers.authorization])).toEqual([
      ['/api/public/expert-signup/upload', undefined], ['PUT', undefined], ['/api/public/expert-signup', undefined],
    ])
    expect(server.accepted[0]!.body.photoUrl).toMatch(/^\/objects\/uploads\//)
  })

  it('a photo the phone can no longer read needs attention, with why, and holds back nothing: the agent removes it and the item goes', async () => {
    const db = openDatabase()
    const unreadable = new Set<string>()
    spoilPhotos(db, unreadable)
    const { server, engine } = setup({}, db)
    const queued = await enqueue(db, agentSignup('Mere', { photos: [photo(1), photo(2)] }))
    const behind = await enqueue(db, agentSignup('Sefa'))
    const [lost] = await photosOf(db, queued)
    unreadable.add(lost!.id)
    engine.start()
    await engine.idle()

    expect(await item(db, queued.id)).toMatchObject({ status: 'needsAttention', lastError: { message: expect.stringContaining('photo') } })
    expect((await item(db, behind.id)).status).toBe('sent')
    await engine.resendItem(queued.id, undefined, { removePhotoIds: [lost!.id] })
    await engine.idle()
    expect((await item(db, queued.id)).status).toBe('sent')
    expect(server.accepted.find((record) => record.key === queued.id)?.body.photoUrls).toHaveLength(1)
  })

  it('a photo sent ahead that the phone can no longer read: its item needs attention when its turn comes, the others go', async () => {
    const db = openDatabase()
    const unreadable = new Set<string>()
    spoilPhotos(db, unreadable)
    const { engine } = setup({}, db)
    const first = await enqueue(db, agentSignup('Mere', { photos: [photo(1)] }))
    const second = await enqueue(db, agentSignup('Sefa', { photos: [photo(2)] }))
    const third = await enqueue(db, agentSignup('Jone', { photos: [photo(3)] }))
    const [lost] = await photosOf(db, second)
    unreadable.add(lost!.id)
    engine.start()
    await engine.idle()
    expect(await Promise.all([first, second, third].map(async (queued) => (await item(db, queued.id)).status))).toEqual(['sent', 'needsAttention', 'sent'])
  })

  it('a photo Blob gone stale while the stored photo reads fine is only retried, never sent to attention', async () => {
    const db = openDatabase()
    const stale = new Set<string>()
    spoilPhotos(db, stale)
    // Stale until the PUT that read it failed; read again from the database, it is fine.
    let serverFetch: FakeServer['fetch'] = () => Promise.reject(new Error('not set up'))
    const { server, engine, advance } = setup({
      fetch: (url, init) => serverFetch(url, init).catch((error: unknown) => {
        stale.clear()
        throw error
      }),
    }, db)
    serverFetch = server.fetch
    const queued = await enqueue(db, agentSignup('Mere', { photos: [photo(1)] }))
    const [kept] = await photosOf(db, queued)
    stale.add(kept!.id)
    engine.start()
    await engine.idle()
    expect(await item(db, queued.id)).toMatchObject({ status: 'waiting', lastError: { message: 'No connection to the server. It will be sent automatically.' } })
    await advance(60_000)
    expect((await item(db, queued.id)).status).toBe('sent')
    expect(server.accepted).toHaveLength(1)
  })

  it('marks a photo the server refuses as needing attention', async () => {
    const { db, server, engine } = setup()
    server.faults.push({ kind: 'status', status: 413, on: 'put', message: 'File too large. Maximum size is 10MB.' })
    const queued = await enqueue(db, agentSignup('Mere', { photos: [photo(1)] }))
    engine.start()
    await engine.idle()
    expect(await item(db, queued.id)).toMatchObject({ status: 'needsAttention', lastError: { status: 413, message: 'File too large. Maximum size is 10MB.' } })
    expect(records(server)).toHaveLength(0)
  })

  it('keeps the photo paths of a record that went out, however old they get', async () => {
    const { db, server, clock, engine } = setup()
    server.faults.push({ kind: '5xx', on: 'record' })
    await enqueue(db, agentSignup('Mere', { photos: [photo(1)] }))
    engine.start()
    await engine.idle()
    // The phone is off for two days.
    await engine.stop()
    await clock.advance(2 * 24 * 60 * 60_000)
    engine.start()
    await engine.idle()
    // Changing the body now could meet a stored key with another body (422): the paths stay.
    expect(server.log.filter((entry) => entry.kind === 'put')).toHaveLength(1)
    const bodies = records(server).map((entry) => JSON.stringify(entry.body))
    expect(new Set(bodies).size).toBe(1)
    expect(server.accepted).toHaveLength(1)
  })

  it('uploads old photos again when the server refuses a record that names cleaned-up uploads', async () => {
    const { db, server, clock, engine, advance } = setup()
    server.faults.push({ kind: '5xx', on: 'record' })
    const queued = await enqueue(db, agentSignup('Mere', { photos: [photo(1)] }))
    engine.start()
    await engine.idle()
    // Two days offline; meanwhile the server cleaned up the upload no record referenced.
    await engine.stop()
    await clock.advance(2 * 24 * 60 * 60_000)
    server.uploads.clear()
    engine.start()
    await engine.idle()
    expect(await item(db, queued.id)).toMatchObject({ status: 'waiting', lastError: { status: 400 } })
    await advance(DEFAULT_BACKOFF.capMs)
    expect((await item(db, queued.id)).status).toBe('sent')
    expect(server.log.filter((entry) => entry.kind === 'put')).toHaveLength(2)
    expect(server.accepted).toHaveLength(1)
    expect(server.mismatches).toEqual([])
  })

  it('does not retry a refused record whose photos are fresh', async () => {
    const { db, server, engine } = setup()
    server.faults.push({ kind: 'status', status: 400, on: 'record', message: 'Invalid photo path' })
    const queued = await enqueue(db, agentSignup('Mere', { photos: [photo(1)] }))
    engine.start()
    await engine.idle()
    expect(await item(db, queued.id)).toMatchObject({ status: 'needsAttention', lastError: { message: 'Invalid photo path' } })
  })

  it('replaces an upload the server may have dropped, while the record has never gone out', async () => {
    const { db, server, clock, engine } = setup()
    const queued = await enqueue(db, agentSignup('Mere', { photos: [photo(1)], now: clock.now() }))
    const [stored] = await photosOf(db, queued)
    await db.photos.update(stored!.id, { uploadedPath: '/objects/uploads/00000000-0000-4000-8000-000000000000', uploadedAt: clock.now() - 25 * 60 * 60_000 })
    engine.start()
    await engine.idle()
    expect(server.log.filter((entry) => entry.kind === 'put')).toHaveLength(1)
    expect(server.accepted[0]!.body.photoUrls).not.toContain('/objects/uploads/00000000-0000-4000-8000-000000000000')
  })

  it('reports photo progress while sending', async () => {
    const { db, engine } = setup()
    await enqueue(db, agentSignup('Mere', { photos: [photo(1), photo(2), photo(3)] }))
    const seen: string[] = []
    engine.subscribe((state) => {
      const shown = `${state.progress.uploadedPhotos}/${state.progress.totalPhotos}`
      // Every change notifies (byte progress too): the photo count as the screen shows it.
      if (state.currentItemId && seen.at(-1) !== shown) seen.push(shown)
    })
    engine.start()
    await engine.idle()
    expect(seen).toEqual(['0/3', '1/3', '2/3', '3/3'])
    expect(engine.getState().progress).toEqual({ uploadedPhotos: 0, totalPhotos: 0 })
  })
})

describe('signing in', () => {
  it('pauses the whole queue on a 401, keeps the items, and sends them after sign-in', async () => {
    const { db, server, token, engine, onAuthRequired } = setup()
    token.value = 'expired-token'
    const first = await enqueue(db, agentSignup('Mere'))
    const second = await enqueue(db, review('Vinaka'))
    engine.start()
    await engine.idle()

    expect(engine.getState().paused).toBe('auth')
    expect(onAuthRequired).toHaveBeenCalledTimes(1)
    expect(await item(db, first.id)).toMatchObject({ status: 'waiting', lastError: { status: 401 } })
    expect((await item(db, second.id)).status).toBe('waiting')
    const requests = server.log.length
    engine.notifyOnline()
    engine.notifyVisible()
    await engine.idle()
    expect(server.log).toHaveLength(requests)

    token.value = 'token-sefa'
    await engine.resumeAfterSignIn()
    expect(engine.getState().paused).toBeNull()
    expect(server.accepted.map((record) => [record.key, record.agentId])).toEqual([[first.id, 'agent-sefa'], [second.id, undefined]])
  })

  it('asks for sign-in without a request when a data-agent item has no session', async () => {
    const { db, server, token, engine, onAuthRequired } = setup()
    token.value = undefined
    token.agentId = undefined
    await enqueue(db, agentSignup('Mere'))
    engine.start()
    await engine.idle()
    expect(server.log).toHaveLength(0)
    expect(onAuthRequired).toHaveBeenCalledTimes(1)
    expect(engine.getState().paused).toBe('auth')
  })

  it('never sends an item under another agent: it waits for its own agent, the rest go', async () => {
    const { db, server, token, engine } = setup()
    token.value = 'token-mere'
    token.agentId = 'agent-mere'
    const sefas = await enqueue(db, agentSignup('Farmer of Sefa'))
    const reviewItem = await enqueue(db, review('Vinaka'))
    const meres = await enqueue(db, agentSignup('Farmer of Mere', { agent: { id: 'agent-mere', name: 'Mere' } }))
    engine.start()
    await engine.idle()

    expect(server.accepted.map((record) => [record.key, record.agentId])).toEqual([[reviewItem.id, undefined], [meres.id, 'agent-mere']])
    expect(await item(db, sefas.id)).toMatchObject({ status: 'waiting', attempts: 0, lastError: { message: expect.stringContaining('Sefa') } })
    expect(engine.getState().nextWakeAt).toBeNull()

    token.value = 'token-sefa'
    token.agentId = 'agent-sefa'
    await engine.resumeAfterSignIn()
    expect(server.accepted.at(-1)).toMatchObject({ key: sefas.id, agentId: 'agent-sefa' })
  })
})

describe('another agent signing in while the queue drains', () => {
  it("an item read under its agent's session is not sent under the token of an agent who signed in since (another tab)", async () => {
    const { db, server, token, engine } = setup({
      // The other tab's sign-in lands between the queue's read and the token's.
      getAuthToken: () => {
        token.value = 'token-mere'
        token.agentId = 'agent-mere'
        return token.value
      },
    })
    const sefas = await enqueue(db, agentSignup('Farmer of Sefa'))
    engine.start()
    await engine.idle()
    expect(records(server)).toHaveLength(0)
    expect(await item(db, sefas.id)).toMatchObject({ status: 'waiting' })
  })
})

describe('fix and resend', () => {
  it('resends a fixed item under the same key, validating the new payload first', async () => {
    const { db, server, engine } = setup()
    server.faults.push({ kind: 'status', status: 400, message: 'Full name is required', on: 'record' })
    const queued = await enqueue(db, agentSignup(''))
    engine.start()
    await engine.idle()
    expect((await item(db, queued.id)).status).toBe('needsAttention')

    const validate = (payload: { name?: unknown }) => {
      if (!payload.name) throw new Error('Full name is required')
    }
    await expect(engine.resendItem(queued.id, { name: '' }, { validate })).rejects.toThrow('Full name is required')
    expect((await item(db, queued.id)).status).toBe('needsAttention')

    // A control, direction or zero-width character pasted into the fix is dropped, as when the item was queued.
    const resent = await engine.resendItem(queued.id, { name: 'Mere\u0008 Tu\u200bilau\u202e', phone: '\u20667001234\u2069', cities: ['Nausori'], produce: ['Dalo'] }, { validate })
    expect(resent).toMatchObject({ id: queued.id, status: 'waiting', attempts: 0 })
    expect(resent.lastError).toBeUndefined()
    await engine.idle()
    expect(server.accepted).toEqual([expect.objectContaining({ key: queued.id, body: expect.objectContaining({ name: 'Mere Tuilau', phone: '7001234' }) })])
    expect((await item(db, queued.id)).status).toBe('sent')
    await expect(engine.resendItem(queued.id)).rejects.toThrow('already been sent')
  })

  it('can drop a photo the server refused', async () => {
    const { db, server, engine } = setup()
    server.faults.push({ kind: 'status', status: 400, on: 'put', message: 'Only image files are allowed' })
    const queued = await enqueue(db, agentSignup('Mere', { photos: [photo(1), photo(2)] }))
    engine.start()
    await engine.idle()
    const [refused] = await photosOf(db, queued)
    await engine.resendItem(queued.id, undefined, { removePhotoIds: [refused!.id] })
    await engine.idle()
    expect(server.accepted[0]!.body.photoUrls).toHaveLength(1)
    expect(await db.photos.count()).toBe(1)
  })

  it('refuses to change an item the server may already hold', async () => {
    const { db, server, engine } = setup()
    server.faults.push({ kind: 'drop', on: 'record' })
    const queued = await enqueue(db, review('x'))
    engine.start()
    await engine.idle()
    await expect(engine.resendItem(queued.id, { comment: 'changed' })).rejects.toThrow('may already have reached the server')
    await engine.resendItem(queued.id)
    await engine.idle()
    expect((await item(db, queued.id)).status).toBe('sent')
    expect(server.mismatches).toEqual([])
  })

  it('deletes only on the agent\'s action, never while the item is in flight', async () => {
    const { db, server, engine } = setup()
    server.faults.push({ kind: 'hang' })
    const queued = await enqueue(db, review('x'))
    engine.start()
    await waitFor(() => records(server).length === 1)
    await expect(engine.deleteItem(queued.id)).rejects.toThrow('being sent')
    await engine.stop()
    await engine.deleteItem(queued.id)
    expect(await listOutbox(db)).toEqual([])
  })
})

describe('tabs, restarts and the browser', () => {
  it('never lets two tabs send the same item at once', async () => {
    const db1 = openDatabase()
    const db2 = openDatabase(db1.name)
    const locks = createMemoryLocks()
    const a = setup({ locks }, db1)
    const server = a.server
    server.latencyMs = 3
    const b = setup({ locks, fetch: server.fetch }, db2)
    for (let index = 0; index < 6; index++) await enqueue(db1, review(`#${index}`))

    a.engine.start()
    b.engine.start()
    await Promise.all([a.engine.sendNow(), b.engine.sendNow(), b.engine.sendNow(), a.engine.sendNow()])
    await waitFor(async () => (await pendingCount(db1)) === 0)
    await Promise.all([a.engine.idle(), b.engine.idle()])

    const keys = records(server).map((entry) => entry.headers['idempotency-key'])
    expect(new Set(keys).size).toBe(keys.length)
    expect(server.concurrent).toEqual([])
    expect(server.accepted).toHaveLength(6)
    expect(a.engine.getState().isOtherTabSending || b.engine.getState().isOtherTabSending).toBe(true)
  })

  it("a tab that cannot take the lock still knows the server's wait: its Outbox says why Send now does nothing", async () => {
    const db1 = openDatabase()
    const db2 = openDatabase(db1.name)
    const locks = createMemoryLocks()
    const a = setup({ locks, random: () => 0 }, db1)
    a.server.faults.push({ kind: '429', retryAfter: '60' })
    const b = setup({ locks, fetch: a.server.fetch, now: a.clock.now }, db2)
    await enqueue(db1, review('asked to wait'))
    a.engine.start()
    await a.engine.idle()
    expect(a.engine.getState().serverWaitUntil).toBe(a.clock.now() + 60_000)
    // Tab A holds the lock (a drain of its own under way) while tab B is opened and pressed.
    let releaseLock = () => {}
    const held = new Promise<void>((resolve) => (releaseLock = resolve))
    void locks.request(OUTBOX_LOCK_NAME, { ifAvailable: true }, () => held)
    b.engine.start()
    await b.engine.sendNow()
    expect(b.engine.getState()).toMatchObject({ isOtherTabSending: true, serverWaitUntil: a.clock.now() + 60_000 })
    releaseLock()
    expect(records(a.server)).toHaveLength(1)
  })

  it('refuses to delete an item another tab is sending: it reaches the server, and the outbox says sent', async () => {
    const db1 = openDatabase()
    const db2 = openDatabase(db1.name)
    const locks = createMemoryLocks()
    const a = setup({ locks }, db1)
    const b = setup({ locks, fetch: a.server.fetch }, db2)
    a.server.faults.push({ kind: 'late', on: 'record' })
    const queued = await enqueue(db1, review('sent from tab A'))
    a.engine.start()
    b.engine.start()
    await waitFor(() => a.server.heldLate === 1)
    await expect(b.engine.deleteItem(queued.id)).rejects.toThrow('being sent')
    a.server.releaseLate()
    await a.engine.idle()
    expect(a.server.accepted).toHaveLength(1)
    expect((await item(db2, queued.id)).status).toBe('sent')
  })

  it('(control) without a shared lock two tabs do collide, which the server must absorb', async () => {
    const db1 = openDatabase()
    const db2 = openDatabase(db1.name)
    const a = setup({}, db1)
    a.server.latencyMs = 3
    const b = setup({ fetch: a.server.fetch }, db2)
    for (let index = 0; index < 3; index++) await enqueue(db1, review(`#${index}`))
    a.engine.start()
    b.engine.start()
    await Promise.all([a.engine.idle(), b.engine.idle()])
    await Promise.all([a.engine.sendNow(), b.engine.sendNow()])
    const keys = records(a.server).map((entry) => entry.headers['idempotency-key'])
    expect(new Set(keys).size).toBeLessThan(keys.length)
    expect(a.server.accepted).toHaveLength(3)
  })

  it('picks up an item a closed tab left half-sent, and the server replays it', async () => {
    const { db, server, engine } = setup()
    const queued = await enqueue(db, review('x'))
    // Another tab sent it, the server stored it, and the tab died before it heard back.
    await markStatus(db, queued.id, 'sending')
    server.faults.push({ kind: 'drop', on: 'record' })
    await server.fetch('/api/public/reviews', {
      method: 'POST', headers: { 'Idempotency-Key': queued.id, 'Content-Type': 'application/json' }, body: JSON.stringify(queued.payload),
    }).catch(() => undefined)
    engine.start()
    await engine.idle()
    expect(await item(db, queued.id)).toMatchObject({ status: 'sent', response: { body: server.accepted[0]!.answer } })
    expect(server.accepted).toHaveLength(1)
  })

  it('stop() aborts the request in flight and leaves the item first in line', async () => {
    const { db, server, engine } = setup()
    server.faults.push({ kind: 'hang' })
    const queued = await enqueue(db, review('x'))
    engine.start()
    await waitFor(() => records(server).length === 1)
    await engine.stop()
    expect(await item(db, queued.id)).toMatchObject({ status: 'waiting' })
    expect(engine.getState()).toMatchObject({ isRunning: false, isSending: false, nextWakeAt: null })
    engine.start()
    await engine.idle()
    expect((await item(db, queued.id)).status).toBe('sent')
  })

  it('reopens the database when the browser closed the connection (iOS), and goes on', async () => {
    const { db, server, engine } = setup()
    engine.start()
    await engine.idle()
    db.close()
    const queued = await engine.enqueue(review('after the close'))
    await engine.idle()
    expect(db.isOpen()).toBe(true)
    expect(server.accepted.map((record) => record.key)).toEqual([queued.id])

    db.close()
    await enqueue(openDatabase(db.name), review('from another connection'))
    await engine.sendNow()
    expect(server.accepted).toHaveLength(2)
  })

  it('tells subscribers what it is doing', async () => {
    const { db, server, engine } = setup()
    server.latencyMs = 1
    await enqueue(db, review('x'))
    const states: boolean[] = []
    const unsubscribe = engine.subscribe((state) => states.push(state.isSending))
    engine.start()
    await engine.idle()
    unsubscribe()
    expect(states).toContain(true)
    expect(states.at(-1)).toBe(false)
    const before = states.length
    await engine.sendNow()
    expect(states).toHaveLength(before)
  })
})

describe('pipelining', () => {
  /** Each request's start and end, in the order they happened (real time: the fake server takes a few ms). */
  function traced(server: FakeServer, options: { holdFirstRecordUntilPuts?: number } = {}) {
    const events: string[] = []
    let onPut = () => undefined as void
    const fetch: typeof server.fetch = async (input, init) => {
      const kind = init?.method === 'PUT' ? 'put' : input.includes('upload') ? 'uploadUrl' : 'record'
      const key = kind === 'record' ? new Headers(init?.headers).get('idempotency-key') : ''
      events.push(`start ${kind} ${key}`.trim())
      if (kind === 'put') onPut()
      const puts = () => events.filter((event) => event === 'start put').length
      if (kind === 'record' && options.holdFirstRecordUntilPuts !== undefined && !events.some((event) => event.startsWith('end record'))) {
        // A slow answer to the first record: an engine that overlaps starts the next PUT meanwhile
        // (one that doesn't would wait here for ever; the hold gives up after 3 s).
        const wanted = options.holdFirstRecordUntilPuts
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 3_000)
          onPut = () => void (puts() >= wanted && (clearTimeout(timer), resolve()))
          onPut()
        })
      }
      try {
        return await server.fetch(input, init)
      } finally {
        events.push(`end ${kind} ${key}`.trim())
      }
    }
    return { events, fetch }
  }

  it("puts the next item's photo while the previous record is posted, and still sends the records one by one, in order", async () => {
    const server = createFakeServer()
    server.tokens.set('token-sefa', 'agent-sefa')
    server.latencyMs = 5
    const trace = traced(server, { holdFirstRecordUntilPuts: 3 })
    const { db, engine } = setup({ fetch: trace.fetch })
    const queued: OutboxItem[] = []
    for (const name of ['Mere', 'Sefa', 'Tui']) queued.push(await enqueue(db, agentSignup(name, { photos: [photo(name.length, 1), photo(name.length, 2)] })))
    engine.start()
    await engine.idle()

    expect(server.accepted.map((record) => record.key)).toEqual(queued.map((queuedItem) => queuedItem.id))
    // The first record's answer came after a photo of the second item had started up.
    const firstRecordEnd = trace.events.indexOf(`end record ${queued[0]!.id}`)
    expect(trace.events.slice(0, firstRecordEnd).filter((event) => event === 'start put').length).toBeGreaterThanOrEqual(3)
    // Never two records at once, each after the one before it answered.
    const recordEvents = trace.events.filter((event) => event.includes('record'))
    expect(recordEvents).toEqual(queued.flatMap((queuedItem) => [`start record ${queuedItem.id}`, `end record ${queuedItem.id}`]))
    // One PUT at a time on this (slow, tiny-photo) link.
    let going = 0
    for (const event of trace.events) {
      if (event === 'start put') going++
      if (event === 'end put') going--
      expect(going).toBeLessThanOrEqual(1)
    }
  })

  it('a failed head still holds back the records behind it, whose photos may have gone ahead', async () => {
    const { db, server, engine, advance } = setup()
    server.latencyMs = 2
    const queued: OutboxItem[] = []
    for (const name of ['Mere', 'Sefa', 'Tui']) queued.push(await enqueue(db, agentSignup(name, { photos: [photo(name.length)] })))
    server.faults.push({ kind: '5xx', on: 'record' })
    engine.start()
    await engine.idle()

    expect(records(server).map((entry) => entry.headers['idempotency-key'])).toEqual([queued[0]!.id])
    expect(server.accepted).toEqual([])
    expect((await item(db, queued[0]!.id)).status).toBe('waiting')
    for (const behind of queued.slice(1)) expect(await item(db, behind.id)).toMatchObject({ status: 'waiting', attempts: 0 })

    await advance(DEFAULT_BACKOFF.capMs)
    expect(server.accepted.map((record) => record.key)).toEqual(queued.map((queuedItem) => queuedItem.id))
    // A photo sent ahead keeps its upload when its item's turn comes (one cut short by the end of the
    // drain is PUT again to the same URL).
    expect(issuedUploadUrls(server)).toBe(3)
    expect(new Set(server.accepted.map((record) => (record.body.photoUrls as string[])[0])).size).toBe(3)
  })

  it('writes postedAt before each record leaves, with the sending mark when none of its photos is still to go up', async () => {
    const db = openDatabase()
    const writes = countOutboxWrites(db)
    const server = createFakeServer()
    server.tokens.set('token-sefa', 'agent-sefa')
    const postedAtWhenSent: Record<string, number | undefined> = {}
    const { engine } = setup({
      fetch: async (input, init) => {
        const key = new Headers(init?.headers).get('idempotency-key')
        if (key !== null && !input.includes('upload')) postedAtWhenSent[key] = (await getItem(db, key))?.postedAt
        return server.fetch(input, init)
      },
    }, db)
    const first = await enqueue(db, review('first'))
    const withPhoto = await enqueue(db, agentSignup('Mere', { photos: [photo(1, 2, 3)] }))
    const [stored] = await photosOf(db, withPhoto)
    // Its photo already went up (ahead, in an earlier drain): nothing comes between its mark and its record.
    server.uploads.set('00000000-0000-4000-8000-000000000001', { bytes: [1, 2, 3], contentType: 'image/jpeg', puts: 1 })
    await db.photos.update(stored!.id, { uploadedPath: '/objects/uploads/00000000-0000-4000-8000-000000000001', uploadedAt: latestClock!.now() })
    writes.count = 0
    engine.start()
    await engine.idle()

    expect(server.accepted.map((record) => record.key)).toEqual([first.id, withPhoto.id])
    for (const queued of [first, withPhoto]) expect(postedAtWhenSent[queued.id]).toEqual(expect.any(Number))
    // Two writes per item: 'sending' with postedAt, then 'sent' (it was three: 'sending', postedAt, 'sent').
    expect(writes.count).toBe(4)
    expect(server.accepted[1]!.body.photoUrls).toEqual(['/objects/uploads/00000000-0000-4000-8000-000000000001'])
  })

  it('still writes postedAt before the record when its photo goes up at its turn', async () => {
    const db = openDatabase()
    const server = createFakeServer()
    server.tokens.set('token-sefa', 'agent-sefa')
    let postedAtAtPut: number | undefined = -1
    const { engine } = setup({
      fetch: async (input, init) => {
        if (init?.method === 'PUT') postedAtAtPut = (await getItem(db, queued.id))?.postedAt
        return server.fetch(input, init)
      },
    }, db)
    const queued = await enqueue(db, agentSignup('Mere', { photos: [photo(1, 2, 3)] }))
    engine.start()
    await engine.idle()
    expect(server.accepted.map((record) => record.key)).toEqual([queued.id])
    // Not frozen while its photo was still going up (a refused photo may still be dropped from the body).
    expect(postedAtAtPut).toBeUndefined()
    expect((await item(db, queued.id)).postedAt).toEqual(expect.any(Number))
  })

  it('shows the bytes sent of the bytes waiting, and each photo going up', async () => {
    const { db, engine } = setup()
    await enqueue(db, agentSignup('Mere', { photos: [photo(1, 2, 3, 4), photo(5, 6)] }))
    await enqueue(db, agentSignup('Sefa', { photos: [photo(7, 8, 9)] }))
    const seen: string[] = []
    engine.subscribe(({ transfer }) => {
      const line = `${transfer.sentBytes}/${transfer.totalBytes} ${Object.values(transfer.uploads).map((upload) => `${upload.sentBytes}/${upload.totalBytes}`).join(',')}`.trim()
      if (seen.at(-1) !== line) seen.push(line)
    })
    engine.start()
    await engine.idle()
    expect(seen[0]).toMatch(/^0\/\d+/)
    expect(seen).toContain('9/9')
    expect(seen.some((line) => line.endsWith(' 0/4') || line.includes('0/4,') )).toBe(true)
    expect(engine.getState().transfer).toEqual({ totalBytes: 0, sentBytes: 0, bytesPerSecond: null, uploads: {} })
  })
})

describe('the bytes sent across a cut drain', () => {
  it('a drain cut by a failed photo is followed by one that goes on from the bytes stored, not from 0 of what is left; once all is sent the next batch starts at 0', async () => {
    const { db, server, engine } = setup({ random: () => 0 })
    await enqueue(db, agentSignup('Mere', { photos: [photo(1, 2, 3, 4), photo(5, 6)] }))
    await enqueue(db, agentSignup('Sefa', { photos: [photo(7, 8, 9)] }))
    // Mere's two photos go up; Sefa's fails (the link drops): her item waits.
    server.faults.push({ kind: '5xx', on: 'put', skip: 2 }, { kind: '5xx', on: 'put' })
    engine.start()
    await engine.idle()
    expect(server.accepted.map((record) => record.body.name)).toEqual(['Mere'])

    const seen: string[] = []
    const unsubscribe = engine.subscribe(({ transfer }) => {
      const line = `${transfer.sentBytes}/${transfer.totalBytes}`
      if (transfer.totalBytes > 0 && seen.at(-1) !== line) seen.push(line)
    })
    await engine.sendNow()
    expect(server.accepted.map((record) => record.body.name)).toEqual(['Mere', 'Sefa'])
    expect(seen).toContain('6/9')
    expect(seen.at(-1)).toBe('9/9')
    expect(seen.every((line) => Number(line.split('/')[0]) >= 6)).toBe(true)
    unsubscribe()

    // All sent: a new signup's photo is a batch of its own.
    const later: string[] = []
    engine.subscribe(({ transfer }) => {
      const line = `${transfer.sentBytes}/${transfer.totalBytes}`
      if (transfer.totalBytes > 0 && later.at(-1) !== line) later.push(line)
    })
    await enqueue(db, agentSignup('Litia', { photos: [photo(1, 2)] }))
    await engine.sendNow()
    expect(later[0]).toBe('0/2')
    expect(later.at(-1)).toBe('2/2')
  })
})

describe('one photo at a time on a slow link', () => {
  it('a photo hands the link on when its upload says its last byte went, not earlier by the estimate: no two photos share a slow link', async () => {
    let going = 0
    let most = 0
    const started: number[] = []
    const setupDone: Setup = setup({
      // An upload that says how far it got (a page's XMLHttpRequest), far slower than the estimate.
      upload: async (url, init, onProgress) => {
        const size = (init.body as Blob).size
        going++
        most = Math.max(most, going)
        started.push(setupDone.clock.now())
        onProgress(1)
        await new Promise<void>((resolve) => setupDone.clock.setTimer(resolve, 5_000))
        going--
        onProgress(size)
        return setupDone.server.fetch(url, init)
      },
    })
    const { db, server, engine, clock } = setupDone
    const queued: OutboxItem[] = []
    for (const name of ['Mere', 'Sefa', 'Tui', 'Losa']) queued.push(await enqueue(db, agentSignup(name, { photos: [photo(1, 2, 3, 4)] })))
    engine.start()
    // Clock time moves on while the engine works (its database is real): each upload's 5 s, and any
    // hand-off timer the engine set on the way.
    for (let i = 0; i < 200 && server.accepted.length < queued.length; i++) {
      await new Promise((resolve) => setTimeout(resolve, 5))
      await clock.advance(250)
    }
    await engine.idle()
    expect(server.accepted.map((record) => record.key)).toEqual(queued.map((queuedItem) => queuedItem.id))
    expect(most).toBe(1)
    // Each after the one before it had all its bytes on the way.
    for (let i = 1; i < started.length; i++) expect(started[i]! - started[i - 1]!).toBeGreaterThanOrEqual(5_000)
  })
})

describe('the photos going up, as the Outbox screen shows them', () => {
  it("on a fast link each photo keeps its row while its bytes go (they swapped places on every progress event), and the time left shows before this drain's first photo is up", async () => {
    const big = (seed: number) => new Blob([new Uint8Array(512 * 1024).fill(seed)], { type: 'image/jpeg' })
    let release!: () => void
    const hold = new Promise<void>((resolve) => (release = resolve))
    let holding = false
    const setupDone: Setup = setup({
      upload: async (url, init, onProgress) => {
        const size = (init.body as Blob).size
        // Each photo of the second item reports its bytes in steps, taking turns with the other.
        if (holding) {
          for (const part of [1, 2, 3]) {
            onProgress((size * part) / 4)
            await new Promise((resolve) => setTimeout(resolve, 5))
          }
          await hold
        }
        onProgress(size)
        return setupDone.server.fetch(url, init)
      },
    })
    const { db, server, engine } = setupDone
    // The first drain measures the link: half a megabyte at once is a fast link.
    await enqueue(db, agentSignup('Mere', { photos: [big(1)] }))
    engine.start()
    await engine.idle()
    holding = true
    const orders: string[][] = []
    const speeds: (number | null)[] = []
    engine.subscribe(({ transfer }) => {
      const ids = Object.keys(transfer.uploads)
      if (ids.length > 1 && orders.at(-1)?.join() !== ids.join()) orders.push(ids)
      if (Object.keys(transfer.uploads).length > 0) speeds.push(transfer.bytesPerSecond)
    })
    const second = await enqueue(db, agentSignup('Sefa', { photos: [big(2), big(3)] }))
    const sending = engine.sendNow()
    await waitFor(() => orders.length > 0 && Object.keys(engine.getState().transfer.uploads).length === 2, 5_000)
    await new Promise((resolve) => setTimeout(resolve, 40))
    release()
    await sending
    await engine.idle()
    expect(server.accepted.at(-1)?.key).toBe(second.id)
    // Two photos at once, always in the order they started.
    expect(orders).toHaveLength(1)
    // The page's measured speed gives the time left from the drain's first byte.
    expect(speeds[0]).toEqual(expect.any(Number))
  })
})

describe('upload URLs asked for several at a time', () => {
  const urlRequests = (server: FakeServer) => server.log.filter((entry) => entry.kind === 'uploadUrl' || entry.kind === 'uploadUrls')

  it('asks for the next photos\' URLs in one request and uses them in the order the server issued them', async () => {
    const { db, server, engine } = setup()
    const queued: OutboxItem[] = []
    for (const name of ['Mere', 'Sefa', 'Tui', 'Losa']) queued.push(await enqueue(db, agentSignup(name, { photos: [photo(name.length, 1), photo(name.length, 2)] })))
    engine.start()
    await engine.idle()

    expect(server.accepted.map((record) => record.key)).toEqual(queued.map((queuedItem) => queuedItem.id))
    // Records in queue order name their photos in the order the server issued the ids.
    const named = server.accepted.flatMap((record) => (record.body.photoUrls as string[]).map((path) => path.split('/').pop()))
    expect(named).toEqual([...server.uploads.keys()])
    // Fewer requests than photos, none wasted, and each batch under the agent's token.
    expect(urlRequests(server).length).toBeLessThan(8)
    expect(issuedUploadUrls(server)).toBe(8)
    expect(server.log.some((entry) => entry.kind === 'uploadUrls' && (entry.body as { photos: unknown[] }).photos.length > 1)).toBe(true)
    expect(urlRequests(server).every((entry) => entry.headers.authorization === 'Bearer token-sefa')).toBe(true)
    expect(server.log.find((entry) => entry.kind === 'uploadUrls')?.body).toEqual({
      photos: [{ contentType: 'image/jpeg', size: 2 }, { contentType: 'image/jpeg', size: 2 }],
    })
  })

  it('falls back to each photo\'s own request when the batch is refused as a whole, and every item goes', async () => {
    const { db, server, engine } = setup()
    server.faults.push({ kind: 'status', status: 400, on: 'uploadUrls', message: 'Invalid request' })
    const queued = [await enqueue(db, agentSignup('Mere', { photos: [photo(1), photo(2)] })), await enqueue(db, agentSignup('Sefa', { photos: [photo(3)] }))]
    engine.start()
    await engine.idle()
    expect(server.accepted.map((record) => record.key)).toEqual(queued.map((queuedItem) => queuedItem.id))
    expect(server.log.filter((entry) => entry.kind === 'uploadUrl').length).toBeGreaterThanOrEqual(2)
    for (const queuedItem of queued) expect((await item(db, queuedItem.id)).status).toBe('sent')
  })

  it('a photo refused in its own request after the batch was refused makes its item need attention, exactly as alone', async () => {
    const { db, server, engine } = setup()
    server.faults.push({ kind: 'status', status: 413, on: 'uploadUrls', message: 'File too large. Maximum size is 10MB.' })
    server.faults.push({ kind: 'status', status: 413, on: 'uploadUrl', message: 'File too large. Maximum size is 10MB.' })
    const refused = await enqueue(db, agentSignup('Mere', { photos: [photo(1), photo(2)] }))
    const next = await enqueue(db, agentSignup('Sefa', { photos: [photo(3)] }))
    engine.start()
    await engine.idle()
    expect(await item(db, refused.id)).toMatchObject({ status: 'needsAttention', lastError: { status: 413, message: 'File too large. Maximum size is 10MB.' } })
    expect((await item(db, next.id)).status).toBe('sent')
    expect(server.accepted.map((record) => record.key)).toEqual([next.id])
  })

  it('a batch answered 429 holds the item as a single 429 would: waiting, not before Retry-After, never needing attention', async () => {
    const { db, server, engine, clock, advance } = setup()
    server.faults.push({ kind: '429', on: 'uploadUrls', retryAfter: '30' })
    const queued = await enqueue(db, agentSignup('Mere', { photos: [photo(1), photo(2)] }))
    engine.start()
    await engine.idle()
    const waiting = await item(db, queued.id)
    expect(waiting).toMatchObject({ status: 'waiting', lastError: { status: 429 } })
    expect(waiting.notBefore).toBe(clock.now() + 30_000)
    expect(server.accepted).toEqual([])
    await advance(31_000)
    expect((await item(db, queued.id)).status).toBe('sent')
  })

  it('a server without the batch form (404): each photo asks alone, and the batch is not asked for again', async () => {
    const { db, server, engine } = setup()
    server.knowsUploadUrlBatch = false
    const queued: OutboxItem[] = []
    for (const name of ['Mere', 'Sefa', 'Tui']) queued.push(await enqueue(db, agentSignup(name, { photos: [photo(name.length, 1), photo(name.length, 2)] })))
    engine.start()
    await engine.idle()
    expect(server.accepted.map((record) => record.key)).toEqual(queued.map((queuedItem) => queuedItem.id))
    expect(server.log.filter((entry) => entry.kind === 'uploadUrls')).toHaveLength(1)
    expect(server.log.filter((entry) => entry.kind === 'uploadUrl')).toHaveLength(6)
  })

  it('a batch whose answer was lost is asked again under its key: the server answers with the URLs it issued, and issues none more', async () => {
    const { db, server, engine, advance } = setup()
    // The head's own batch is answered; the one for the photos behind it, with spares, is lost.
    server.faults.push({ kind: 'drop', on: 'uploadUrls', skip: 1 })
    const queued: OutboxItem[] = []
    for (const name of ['Mere', 'Sefa', 'Tui', 'Losa', 'Vika']) queued.push(await enqueue(db, agentSignup(name, { photos: [photo(name.length, 1), photo(name.length, 2)] })))
    engine.start()
    await engine.idle()
    await advance(60_000)

    expect(server.accepted.map((record) => record.key)).toEqual(queued.map((queuedItem) => queuedItem.id))
    const batches = server.log.filter((entry) => entry.kind === 'uploadUrls')
    const spares = (entry: LoggedRequest) => (entry.body as { photos: object[] }).photos.filter((hints) => Object.keys(hints).length === 0).length
    const lost = batches.findIndex((entry) => entry.dropped === true)
    expect(spares(batches[lost]!)).toBeGreaterThan(0)
    // The next batch is the lost one again, key and photos alike, answered as a replay. A lone
    // photo still asks in the batch form then: its own request would be cut short with its drain.
    const again = batches[lost + 1]!
    expect(again.headers['idempotency-key']).toBe(batches[lost]!.headers['idempotency-key'])
    expect(again.body).toEqual(batches[lost]!.body)
    expect(again.answered).toBe(200)
    expect(new Set(batches.map((entry) => entry.headers['idempotency-key'])).size).toBe(batches.length - 1)
    expect(server.log.filter((entry) => entry.kind === 'uploadUrl')).toEqual([])
    // Every URL the server issued was issued once, by a batch under its own key; each photo has its own.
    const issuedOnce = batches.filter((entry, index) => index !== lost + 1).reduce((sum, entry) => sum + (entry.body as { photos: object[] }).photos.length, 0)
    expect(server.uploads.size).toBe(issuedOnce)
    const named = server.accepted.flatMap((record) => (record.body.photoUrls as string[]).map((path) => path.split('/').pop()!))
    expect(new Set(named).size).toBe(10)
    for (const id of named) expect(server.uploads.get(id)?.puts).toBe(1)
  })

  // The two-server chaos run (CHAOS_SEED=1518720194) ended with the items behind a head held by a
  // 429 for the rest of the window: each drain that ended while a batch was on its way threw its
  // URLs away, the server had issued them all the same, and the agent's budget ran out.
  it('a batch answered after its drain ended gives its URLs to the next drain: none wasted, the budget never runs out', { timeout: 10_000 }, async () => {
    const { db, server, engine, advance } = setup()
    const head = await enqueue(db, review('First'))
    const signups: OutboxItem[] = []
    for (const name of ['Mere', 'Sefa', 'Tui', 'Losa', 'Vika', 'Jone']) signups.push(await enqueue(db, agentSignup(name, { photos: [photo(name.length)] })))
    // Exactly one URL per photo: a single URL asked for and not used is one too many.
    server.uploadUrlBudget = signups.length
    server.faults.push({ kind: 'late', on: 'record', status: 503 }, { kind: 'late', on: 'uploadUrls' })
    engine.start()
    // The photos behind the head ask for their URLs while the head's record waits for its answer...
    await waitFor(() => server.log.some((entry) => entry.kind === 'uploadUrls'))
    // ...which is a 503: that drain ends, before the batch's answer arrives.
    server.releaseLate('record')
    await engine.idle()
    server.releaseLate('uploadUrls')
    await advance(60_000)

    expect(server.log.filter((entry) => entry.answered === 429)).toEqual([])
    expect(server.accepted.map((record) => record.key)).toEqual([head.id, ...signups.map((signup) => signup.id)])
    const named = server.accepted.flatMap((record) => (record.body.photoUrls as string[] | undefined) ?? [])
    expect(new Set(named).size).toBe(signups.length)
    expect(server.uploads.size).toBe(signups.length)
  })
})
