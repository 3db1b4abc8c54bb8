// The outbox's exactly-once promise under chaos (spec/offline-sync.md, promise 2), end to end:
// the real outbox engine (Dexie on fake-indexeddb, in node) sends 1,000 queued submissions through
// a proxy that drops 20 % of requests, drops 20 % of responses after the server acted and
// duplicates 10 %, to the real API server as a child process, which is restarted twice mid-run.
// At the end the database must hold exactly one row per submission and every photo's bytes.
// Not a timed test: the figures are printed and written to .reports/chaos.json. See README.md.
import 'fake-indexeddb/auto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FarmReviewCreateSchema, FarmerSignupSchema, PHOTO_PATH_REGEX, PlatformReviewCreateSchema } from '../../api/contract'
import { OutboxDatabase, type JsonObject, type OutboxItem } from '../../sync/outbox/db'
import { createOutboxEngine, type OutboxEngine } from '../../sync/outbox/engine'
import { CHAOS_ENDPOINTS, buildSubmissions, chaosSeed, seededRandom, sha256, type ChaosKind, type Submission, type SubmissionMix } from './fixtures'
import { startChaosProxy, type ChaosProxy } from './proxy'
import { REPO_ROOT, freePort, serverProcess, type ServerProcess } from './server-process'

/** CHAOS_SCALE=0.1 queues 100 items instead of 1,000: a quick smoke run while working on this file. */
const SCALE = Number(process.env.CHAOS_SCALE ?? 1)
if (!(SCALE > 0 && SCALE <= 10)) throw new Error(`CHAOS_SCALE must be in (0, 10], not ${process.env.CHAOS_SCALE}`)
const MIX: SubmissionMix = {
  dataAgentSignups: Math.round(400 * SCALE), farmerSignups: Math.round(300 * SCALE), platformReviews: Math.round(150 * SCALE), farmReviews: Math.round(150 * SCALE),
}
const TOTAL = MIX.dataAgentSignups + MIX.farmerSignups + MIX.platformReviews + MIX.farmReviews
const LISTED_FARMS = 6
/** The server is restarted when this share of the items has been accepted. */
const RESTART_AT = [1 / 3, 2 / 3]
/** A bound for the drain, far above what it needs (well under 3 minutes on 2 cores). */
const DRAIN_DEADLINE_MS = 8 * 60_000
const TEST_TIMEOUT_MS = 10 * 60_000

const ADMIN = { email: 'chaos.admin@example.com', password: 'Chaos-Admin-1!' }
const AGENT = { name: 'Chaos Agent', email: 'chaos.agent@example.com', password: 'Chaos-Agent-1!' }

const seed = chaosSeed()
const runId = seed.toString(36)

let tempDir = ''
let dataDir = ''
let logFile = ''
let server: ServerProcess | undefined
let proxy: ChaosProxy | undefined
let engine: OutboxEngine | undefined
let outboxDb: OutboxDatabase | undefined
let agent = { id: '', token: '' }
let hasPassed = false
const reference = { locations: [] as string[], produce: [] as string[], farmIds: [] as string[] }

async function api<T>(method: string, urlPath: string, body?: unknown, token?: string): Promise<T> {
  if (!server) throw new Error('no server')
  const headers: Record<string, string> = {}
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  if (token) headers.Authorization = `Bearer ${token}`
  const response = await fetch(`${server.baseUrl}${urlPath}`, { method, headers, ...(body !== undefined && { body: JSON.stringify(body) }) })
  const text = await response.text()
  if (!response.ok) throw new Error(`${method} ${urlPath} answered ${response.status}: ${text}`)
  return JSON.parse(text) as T
}

/** Listed farms for the farm reviews: there is no farmer-create endpoint to call, so straight into the database. */
function insertListedFarms(count: number): string[] {
  const sqlite = new BetterSqlite3(path.join(dataDir, 'viti-farmers.sqlite'))
  try {
    sqlite.pragma('busy_timeout = 5000')
    const insert = sqlite.prepare(`insert into farmers (id, name, phone, town, cities, produce, subscriptionStart, subscriptionEnd, isActive)
      values (?, ?, ?, ?, ?, ?, ?, ?, 1)`)
    const day = 86_400_000
    return Array.from({ length: count }, (_, i) => {
      const id = crypto.randomUUID()
      insert.run(id, `Chaos Farm ${i + 1}`, `+679 900000${i}`, 'Nausori', JSON.stringify([reference.locations[i % reference.locations.length]]),
        JSON.stringify([reference.produce[i % reference.produce.length]]), new Date(Date.now() - 2 * day).toISOString(), new Date(Date.now() + 365 * day).toISOString())
      return id
    })
  } finally {
    sqlite.close()
  }
}

beforeAll(async () => {
  tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'viti-chaos-'))
  dataDir = path.join(tempDir, 'data')
  logFile = path.join(tempDir, 'server.log')
  server = serverProcess({ port: await freePort(), dataDir, logFile, env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, TRUST_PROXY: '1' } })
  await server.start()

  const admin = await api<{ token: string }>('POST', '/api/auth/login', ADMIN)
  await api('POST', '/api/admin/users', { ...AGENT, role: 'data_agent', mustChangePassword: false }, admin.token)
  const signedIn = await api<{ token: string; user: { id: string; role: string } }>('POST', '/api/auth/login', { email: AGENT.email, password: AGENT.password })
  expect(signedIn.user.role).toBe('data_agent')
  agent = { id: signedIn.user.id, token: signedIn.token }

  reference.locations = (await api<{ name: string }[]>('GET', '/api/locations')).map((l) => l.name)
  reference.produce = (await api<{ name: string }[]>('GET', '/api/produce')).map((p) => p.name)
  expect(reference.locations.length).toBeGreaterThan(0)
  expect(reference.produce.length).toBeGreaterThan(2)
  reference.farmIds = insertListedFarms(LISTED_FARMS)
  const { farms: listed } = await api<{ farms: { farmer: { id: string } }[] }>('GET', '/api/farms-with-ratings?limit=50')
  expect(listed.map((f) => f.farmer.id).sort()).toEqual([...reference.farmIds].sort())

  proxy = await startChaosProxy({ target: { host: '127.0.0.1', port: Number(new URL(server.baseUrl).port) }, random: seededRandom(seed ^ 0x9e3779b9) })
}, 120_000)

afterAll(async () => {
  if (!hasPassed && logFile && fs.existsSync(logFile)) {
    // The temp dir goes below: keep what the server said for the failure's report.
    console.log(`chaos: seed ${seed} failed; last lines of the server log:\n${fs.readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n')}`)
  }
  await engine?.stop().catch(() => undefined)
  await proxy?.close().catch(() => undefined)
  await server?.stop().catch(() => undefined)
  if (outboxDb) {
    outboxDb.close()
    await OutboxDatabase.delete(outboxDb.name).catch(() => undefined)
  }
  if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true })
}, 60_000)

const VALIDATORS: Record<ChaosKind, (payload: JsonObject) => void> = {
  dataAgentSignup: (payload) => void FarmerSignupSchema.parse(payload),
  farmerSignup: (payload) => void FarmerSignupSchema.parse(payload),
  platformReview: (payload) => void PlatformReviewCreateSchema.parse(payload),
  farmReview: (payload) => void FarmReviewCreateSchema.parse(payload),
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('outbox under chaos', () => {
  it(`delivers ${TOTAL} queued submissions exactly once through drops, duplicates and 2 restarts`, async () => {
    if (!server || !proxy) throw new Error('set-up failed')
    const chaos = proxy
    const apiServer = server
    const startedAt = Date.now()
    console.log(`chaos: seed ${seed} (rerun with CHAOS_SEED=${seed}); server ${apiServer.baseUrl}, proxy ${chaos.url}, data ${dataDir}`)

    // ---- queue everything (as an agent would, offline), photos hashed before they go in
    const submissions = buildSubmissions(seededRandom(seed), MIX, reference, runId)
    const db = new OutboxDatabase(`viti-chaos-${runId}-${Date.now()}`)
    outboxDb = db
    const engineErrors: unknown[] = []
    // What the engine's requests came to, as the phone saw them (timeouts would show a hang somewhere).
    const fetches = { calls: 0, answered: 0, networkErrors: 0, aborted: 0, slowestMs: 0, over2s: 0 }
    const timedFetch = async (url: string, init?: RequestInit): Promise<Response> => {
      fetches.calls++
      const started = Date.now()
      try {
        const response = await fetch(url, init)
        fetches.answered++
        return response
      } catch (error) {
        if (init?.signal?.aborted) fetches.aborted++
        else fetches.networkErrors++
        throw error
      } finally {
        const ms = Date.now() - started
        fetches.slowestMs = Math.max(fetches.slowestMs, ms)
        if (ms > 2_000) fetches.over2s++
      }
    }
    // Farm reviews are limited per farm and per address (issue 17); the run's many reviews stand for
    // many buyers' phones, so each queued review comes from its own address (by its key), retries too.
    const phoneAddresses = new Map<string, string>()
    const asPhoneOf = (input: string, init?: RequestInit): RequestInit | undefined => {
      if (!input.endsWith('/api/farm-reviews')) return init
      const headers = new Headers(init?.headers)
      const key = headers.get('Idempotency-Key') ?? ''
      if (!phoneAddresses.has(key)) phoneAddresses.set(key, `10.66.${Math.floor(phoneAddresses.size / 250)}.${(phoneAddresses.size % 250) + 1}`)
      headers.set('X-Forwarded-For', phoneAddresses.get(key)!)
      return { ...init, headers }
    }
    let authPauses = 0
    const outbox = createOutboxEngine({
      db,
      // The engine calls relative paths ('/api/…', and the issued '/api/uploads/{id}'): all go through the proxy.
      fetch: (input, init) => timedFetch(/^https?:/.test(input) ? input : `${chaos.url}${input}`, asPhoneOf(input, init)),
      getAuthToken: () => agent.token,
      getSignedInAgentId: () => agent.id,
      onAuthRequired: () => void authPauses++,
      // Quick retries: the run is about correctness, not about the real backoff's minutes.
      backoff: { baseMs: 20, capMs: 200, floorMs: 5 },
      timeoutMs: 10_000,
      isOnline: () => true,
      onError: (error) => void engineErrors.push(error),
    })
    engine = outbox
    const itemOf = new Map<string, string>() // marker → outbox item id (its Idempotency-Key)
    for (const submission of submissions) {
      const item = await outbox.enqueue({
        kind: submission.kind,
        endpoint: CHAOS_ENDPOINTS[submission.kind],
        payload: submission.payload as JsonObject,
        photos: submission.photos.map((bytes) => new Blob([new Uint8Array(bytes)], { type: 'image/png' })),
        validate: VALIDATORS[submission.kind],
        ...(submission.kind === 'dataAgentSignup' && { agent: { id: agent.id, name: AGENT.name } }),
      })
      itemOf.set(submission.marker, item.id)
    }
    expect(await db.outbox.count()).toBe(TOTAL)
    const queuedAt = Date.now()

    // ---- send: the engine on its own triggers, plus "Send now" in a loop (the backoff's timer
    // waits at least a second; the loop keeps the run short). Two restarts on the way.
    const restarts: { atSent: number; downMs: number; exit: string }[] = []
    let restarting: Promise<void> | null = null
    let restartError: unknown
    const restart = async (atSent: number) => {
      const downAt = Date.now()
      const ended = await apiServer.stop()
      await apiServer.start()
      restarts.push({ atSent, downMs: Date.now() - downAt, exit: ended.killed ? 'SIGKILL' : `code ${ended.code ?? ended.signal}` })
    }
    outbox.start()
    const deadline = Date.now() + DRAIN_DEADLINE_MS
    let rounds = 0
    while (Date.now() < deadline) {
      const sent = await db.outbox.where('status').equals('sent').count()
      const restartsBegun = restarts.length + (restarting ? 1 : 0)
      const nextRestartAt = RESTART_AT[restartsBegun]
      if (!restarting && nextRestartAt !== undefined && sent >= Math.ceil(TOTAL * nextRestartAt)) {
        restarting = restart(sent)
          .catch((error: unknown) => void (restartError = error))
          .finally(() => (restarting = null))
      }
      if (restartError !== undefined) break
      // Two equals() counts: anyOf() runs a cursor, which fake-indexeddb makes quadratic.
      const open = (await db.outbox.where('status').equals('waiting').count()) + (await db.outbox.where('status').equals('sending').count())
      if (open === 0 && !restarting) break
      rounds++
      await outbox.sendNow()
      // While the server is down every request fails at once: don't spin.
      if (restarting) await pause(25)
    }
    await restarting
    await outbox.stop()
    const drainMs = Date.now() - queuedAt
    if (restartError !== undefined) throw new Error(`restarting the server failed: ${String(restartError)}`)

    // ---- the outbox's view
    const items = await db.outbox.toArray()
    const byStatus = countBy(items, (item) => item.status)
    const needingAttention = items.filter((item) => item.status !== 'sent')
    if (needingAttention.length > 0) {
      console.log(`chaos: ${needingAttention.length} items not sent:\n${needingAttention.slice(0, 20).map((item) => `  ${item.id} ${item.kind} ${item.status}: ${JSON.stringify(item.lastError)}`).join('\n')}`)
    }
    if (engineErrors.length > 0) console.log('chaos: engine errors:', engineErrors.slice(0, 10))

    // ---- the server's view: stop it (a clean close), then read the database file read-only
    await apiServer.stop()
    const stats = { ...chaos.stats }
    const sqlite = new BetterSqlite3(path.join(dataDir, 'viti-farmers.sqlite'), { readonly: true, fileMustExist: true })
    let check: ReturnType<typeof checkDatabase>
    try {
      check = checkDatabase(sqlite, submissions, itemOf, new Map(items.map((item) => [item.id, item])))
    } finally {
      sqlite.close()
    }
    const serverWarnings = countServerWarnings(logFile)

    const totalMs = Date.now() - startedAt
    const summary = `chaos: ${TOTAL} submissions, ${check.businessRows} rows, ${check.duplicates} duplicates, ${check.photosIdentical} photos byte-identical` +
      `; proxy dropped ${stats.droppedRequests} requests, ${stats.droppedResponses} responses, duplicated ${stats.duplicated}` +
      `; ${restarts.length} restarts; ${(drainMs / 1000).toFixed(1)} s`
    const report = {
      summary,
      seed,
      submissions: { total: TOTAL, ...MIX },
      rows: { business: check.businessRows, farmerSignups: check.farmerSignups, byAgent: check.byAgent, public: check.publicSignups, platformReviews: check.platformReviews, farmReviews: check.farmReviews },
      duplicates: check.duplicates,
      missing: check.missing.length,
      responseMismatches: check.responseMismatches.length,
      photos: { enqueued: check.photosExpected, byteIdentical: check.photosIdentical, mismatched: check.photoProblems.length, unreferencedUploads: check.unreferencedUploads },
      idempotencyKeys: check.keys,
      outbox: byStatus,
      proxy: stats,
      restarts,
      engine: { rounds, authPauses, errors: engineErrors.length, fetches },
      serverWarnings,
      durationMs: { drain: drainMs, total: totalMs },
      finishedAt: new Date().toISOString(),
    }
    fs.mkdirSync(path.join(REPO_ROOT, '.reports'), { recursive: true })
    fs.writeFileSync(path.join(REPO_ROOT, '.reports', 'chaos.json'), `${JSON.stringify(report, null, 2)}\n`)
    console.log(summary)
    console.log(`chaos: proxy ${stats.requests} requests (${stats.passed} passed, ${stats.forwarded} forwarded upstream, ${stats.upstreamFailures} upstream failures, ${stats.replays} replays)` +
      `; upstream statuses ${JSON.stringify(stats.statusesUpstream)}; returned ${JSON.stringify(stats.statusesReturned)}` +
      `; restarts ${JSON.stringify(restarts)}; ${rounds} send rounds; engine fetches ${JSON.stringify(fetches)}; total ${(totalMs / 1000).toFixed(1)} s`)
    if (check.missing.length + check.duplicates + check.photoProblems.length + check.responseMismatches.length > 0) {
      console.log('chaos: problems', JSON.stringify({ missing: check.missing.slice(0, 10), photoProblems: check.photoProblems.slice(0, 10), responseMismatches: check.responseMismatches.slice(0, 10) }, null, 2))
    }

    // ---- the promise
    expect(needingAttention.map((item) => `${item.kind} ${item.status}: ${item.lastError?.message ?? ''}`)).toEqual([])
    expect(byStatus).toEqual({ sent: TOTAL })
    expect(engineErrors).toEqual([])
    expect(restarts.length).toBe(2)
    expect(check.farmerSignups).toBe(MIX.dataAgentSignups + MIX.farmerSignups)
    expect(check.byAgent).toBe(MIX.dataAgentSignups)
    expect(check.publicSignups).toBe(MIX.farmerSignups)
    expect(check.platformReviews).toBe(MIX.platformReviews)
    expect(check.farmReviews).toBe(MIX.farmReviews)
    expect(check.businessRows).toBe(TOTAL)
    expect(check.duplicates).toBe(0)
    expect(check.missing).toEqual([])
    expect(check.responseMismatches).toEqual([])
    expect(check.photoProblems).toEqual([])
    expect(check.photosIdentical).toBe(check.photosExpected)
    expect(check.keys).toEqual({ completed: TOTAL, processing: 0 })
    expect(serverWarnings.idempotency).toBe(0)
    // The chaos really happened.
    expect(stats.droppedRequests).toBeGreaterThan(0)
    expect(stats.droppedResponses).toBeGreaterThan(0)
    expect(stats.duplicated).toBeGreaterThan(0)
    expect(stats.replays).toBeGreaterThan(0)
    hasPassed = true
  }, TEST_TIMEOUT_MS)
})

function countBy<T>(items: readonly T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1
  return counts
}

interface SignupRow { id: string; comments: string | null; photoUrls: string; dataAgentId: string | null }
interface ReviewRow { id: string; comment: string }

function checkDatabase(sqlite: BetterSqlite3.Database, submissions: readonly Submission[], itemOf: ReadonlyMap<string, string>, items: ReadonlyMap<string, OutboxItem>) {
  const signups = sqlite.prepare('select id, comments, photoUrls, dataAgentId from farmer_signups').all() as SignupRow[]
  const platformReviews = sqlite.prepare('select id, comment from platform_reviews').all() as ReviewRow[]
  const farmReviews = sqlite.prepare('select id, comment from farm_reviews').all() as ReviewRow[]

  // Every row by the marker its text carries; a marker seen twice is a duplicate.
  const markerPattern = new RegExp(`chaos-${runId}-\\d{4}`)
  const rowsOf = new Map<string, { id: string; table: string; photoUrls?: string[]; dataAgentId?: string | null }[]>()
  const addRow = (text: string | null, row: { id: string; table: string; photoUrls?: string[]; dataAgentId?: string | null }) => {
    const marker = markerPattern.exec(text ?? '')?.[0] ?? `(no marker) ${row.table} ${row.id}`
    rowsOf.set(marker, [...(rowsOf.get(marker) ?? []), row])
  }
  for (const row of signups) addRow(row.comments, { id: row.id, table: 'farmer_signups', photoUrls: JSON.parse(row.photoUrls) as string[], dataAgentId: row.dataAgentId })
  for (const row of platformReviews) addRow(row.comment, { id: row.id, table: 'platform_reviews' })
  for (const row of farmReviews) addRow(row.comment, { id: row.id, table: 'farm_reviews' })
  const duplicates = [...rowsOf.values()].reduce((sum, rows) => sum + Math.max(0, rows.length - 1), 0)

  const expectedTable: Record<ChaosKind, string> = {
    dataAgentSignup: 'farmer_signups', farmerSignup: 'farmer_signups', platformReview: 'platform_reviews', farmReview: 'farm_reviews',
  }
  const missing: string[] = []
  const responseMismatches: string[] = []
  const photoProblems: string[] = []
  const findUpload = sqlite.prepare('select status, sha256, size, referencedAt from uploads where id = ?')
  const referencedBy = new Map<string, string>()
  let photosExpected = 0
  let photosIdentical = 0
  for (const submission of submissions) {
    const rows = rowsOf.get(submission.marker) ?? []
    const row = rows[0]
    if (!row || row.table !== expectedTable[submission.kind]) {
      missing.push(`${submission.marker} (${submission.kind})`)
      continue
    }
    // The answer the phone kept (first or replayed) names the one row the server holds.
    const item = items.get(itemOf.get(submission.marker) ?? '')
    const answered = item?.response?.body
    const answeredId = typeof answered === 'object' && answered !== null && !Array.isArray(answered) ? answered.id : undefined
    if (answeredId !== row.id || item?.response?.status !== 201) responseMismatches.push(`${submission.marker}: row ${row.id}, answer ${item?.response?.status} ${JSON.stringify(answered)}`)
    if (submission.kind === 'dataAgentSignup' && row.dataAgentId !== agent.id) responseMismatches.push(`${submission.marker}: dataAgentId ${row.dataAgentId}`)
    if (submission.kind === 'farmerSignup' && row.dataAgentId !== null) responseMismatches.push(`${submission.marker}: public signup with dataAgentId ${row.dataAgentId}`)

    photosExpected += submission.photoHashes.length
    const paths = row.photoUrls ?? []
    if (paths.length !== submission.photoHashes.length) photoProblems.push(`${submission.marker}: ${paths.length} photos stored, ${submission.photoHashes.length} queued`)
    submission.photoHashes.forEach((expected, i) => {
      const photoPath = paths[i]
      const id = photoPath === undefined ? undefined : PHOTO_PATH_REGEX.exec(photoPath)?.[1]?.toLowerCase()
      if (!id) return void photoProblems.push(`${submission.marker}: photo ${i} has no valid path (${photoPath})`)
      const other = referencedBy.get(id)
      if (other) photoProblems.push(`${submission.marker}: photo ${id} also referenced by ${other}`)
      referencedBy.set(id, submission.marker)
      const upload = findUpload.get(id) as { status: string; sha256: string | null; size: number | null; referencedAt: string | null } | undefined
      const file = path.join(dataDir, 'uploads', id)
      const bytes = fs.existsSync(file) ? fs.readFileSync(file) : undefined
      const actual = bytes && sha256(bytes)
      if (actual !== expected || upload?.status !== 'stored' || upload.sha256 !== expected || upload.referencedAt === null) {
        photoProblems.push(`${submission.marker}: photo ${id} sha256 ${actual ?? '(no file)'} (row ${upload?.status}/${upload?.sha256}), queued ${expected}`)
      } else {
        photosIdentical++
      }
    })
  }
  const keyRows = sqlite.prepare('select key, status from idempotency_keys').all() as { key: string; status: string }[]
  const ours = new Set(itemOf.values())
  const keys = { completed: 0, processing: 0 }
  for (const row of keyRows) {
    if (!ours.has(row.key)) continue
    if (row.status === 'completed') keys.completed++
    else keys.processing++
  }
  // Uploads whose answer was lost (the engine asks for a new URL): left for the daily clean-up.
  const unreferenced = sqlite.prepare("select count(*) as total, coalesce(sum(status = 'stored'), 0) as stored from uploads where referencedAt is null").get() as { total: number; stored: number }

  return {
    businessRows: signups.length + platformReviews.length + farmReviews.length,
    farmerSignups: signups.length,
    byAgent: signups.filter((row) => row.dataAgentId === agent.id).length,
    publicSignups: signups.filter((row) => row.dataAgentId === null).length,
    platformReviews: platformReviews.length,
    farmReviews: farmReviews.length,
    duplicates,
    missing,
    responseMismatches,
    photoProblems,
    photosExpected,
    photosIdentical,
    unreferencedUploads: { issued: unreferenced.total, withBytes: unreferenced.stored },
    keys,
  }
}

/** Warnings and errors the server logged (pino JSON lines, level ≥ 40); idempotency ones are a failure. */
function countServerWarnings(file: string): { total: number; idempotency: number; samples: string[] } {
  const lines = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n') : []
  const warnings = lines.filter((line) => {
    if (!line.startsWith('{')) return false
    try {
      return (JSON.parse(line) as { level?: number }).level! >= 40
    } catch {
      return false
    }
  })
  return {
    total: warnings.length,
    idempotency: warnings.filter((line) => /idempotent|idempotency/i.test(line)).length,
    samples: warnings.slice(0, 5),
  }
}
