// The chaos run's shared half: the staff and reference set-up through the API, the drain (the real
// outbox engine through the chaos proxy, with restarts on the way), the checks of the rows the
// database holds, the report and the promise's assertions. chaos.test.ts runs it on one server on
// SQLite; chaos.postgres.test.ts on two servers on one PostgreSQL. See README.md.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect } from 'vitest'
import { FarmReviewCreateSchema, FarmerSignupSchema, PHOTO_PATH_REGEX, PlatformReviewCreateSchema } from '../../api/contract'
import { OutboxDatabase, type JsonObject, type OutboxItem } from '../../sync/outbox/db'
import { createOutboxEngine } from '../../sync/outbox/engine'
import { CHAOS_ENDPOINTS, sha256, type ChaosKind, type Submission, type SubmissionMix } from './fixtures'
import type { ChaosStats } from './proxy'
import { REPO_ROOT } from './server-process'

/** CHAOS_SCALE=0.1 queues 100 items instead of 1,000: a quick smoke run while working on these files. */
export function chaosMix(env: Record<string, string | undefined> = process.env): { mix: SubmissionMix; total: number } {
  const scale = Number(env.CHAOS_SCALE ?? 1)
  if (!(scale > 0 && scale <= 10)) throw new Error(`CHAOS_SCALE must be in (0, 10], not ${env.CHAOS_SCALE}`)
  const mix: SubmissionMix = {
    dataAgentSignups: Math.round(400 * scale), farmerSignups: Math.round(300 * scale), platformReviews: Math.round(150 * scale), farmReviews: Math.round(150 * scale),
  }
  return { mix, total: mix.dataAgentSignups + mix.farmerSignups + mix.platformReviews + mix.farmReviews }
}

export const LISTED_FARMS = 6
/** A server is restarted when this share of the items has been accepted. */
export const RESTART_AT = [1 / 3, 2 / 3]
/** A bound for the drain, far above what it needs (well under 3 minutes on 2 cores). */
export const DRAIN_DEADLINE_MS = 8 * 60_000
export const TEST_TIMEOUT_MS = 10 * 60_000

export const ADMIN = { email: 'chaos.admin@example.com', password: 'Chaos-Admin-1!' }
export const AGENT = { name: 'Chaos Agent', email: 'chaos.agent@example.com', password: 'Chaos-Agent-1!' }

export async function callApi<T>(baseUrl: string, method: string, urlPath: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = {}
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  if (token) headers.Authorization = `Bearer ${token}`
  const response = await fetch(`${baseUrl}${urlPath}`, { method, headers, ...(body !== undefined && { body: JSON.stringify(body) }) })
  const text = await response.text()
  if (!response.ok) throw new Error(`${method} ${urlPath} answered ${response.status}: ${text}`)
  return JSON.parse(text) as T
}

/** The admin (from ADMIN_EMAIL/ADMIN_PASSWORD) creates the data agent, who signs in; the reference lists are read. */
export async function setUpAgent(baseUrl: string): Promise<{ agent: { id: string; token: string }; locations: string[]; produce: string[] }> {
  const admin = await callApi<{ token: string }>(baseUrl, 'POST', '/api/auth/login', ADMIN)
  await callApi(baseUrl, 'POST', '/api/admin/users', { ...AGENT, role: 'data_agent', mustChangePassword: false }, admin.token)
  const signedIn = await callApi<{ token: string; user: { id: string; role: string } }>(baseUrl, 'POST', '/api/auth/login', { email: AGENT.email, password: AGENT.password })
  expect(signedIn.user.role).toBe('data_agent')
  const locations = (await callApi<{ name: string }[]>(baseUrl, 'GET', '/api/locations')).map((l) => l.name)
  const produce = (await callApi<{ name: string }[]>(baseUrl, 'GET', '/api/produce')).map((p) => p.name)
  expect(locations.length).toBeGreaterThan(0)
  expect(produce.length).toBeGreaterThan(2)
  return { agent: { id: signedIn.user.id, token: signedIn.token }, locations, produce }
}

/** The rows of one listed farm (there is no farmer-create endpoint to call: they go straight into the database). */
export function listedFarmRows(count: number, reference: { locations: readonly string[]; produce: readonly string[] }) {
  const day = 86_400_000
  return Array.from({ length: count }, (_, i) => ({
    id: crypto.randomUUID(),
    name: `Chaos Farm ${i + 1}`,
    phone: `+679 900000${i}`,
    town: 'Nausori',
    cities: JSON.stringify([reference.locations[i % reference.locations.length]]),
    produce: JSON.stringify([reference.produce[i % reference.produce.length]]),
    subscriptionStart: new Date(Date.now() - 2 * day).toISOString(),
    subscriptionEnd: new Date(Date.now() + 365 * day).toISOString(),
    isActive: 1 as const,
  }))
}

const VALIDATORS: Record<ChaosKind, (payload: JsonObject) => void> = {
  dataAgentSignup: (payload) => void FarmerSignupSchema.parse(payload),
  farmerSignup: (payload) => void FarmerSignupSchema.parse(payload),
  platformReview: (payload) => void PlatformReviewCreateSchema.parse(payload),
  farmReview: (payload) => void FarmReviewCreateSchema.parse(payload),
}

/** The endpoints limited per address only: the data agent's are counted per account. */
const PUBLIC_FORM_ENDPOINTS = [CHAOS_ENDPOINTS.farmerSignup, CHAOS_ENDPOINTS.platformReview, CHAOS_ENDPOINTS.farmReview]

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export interface Restart {
  atSent: number
  downMs: number
  exit: string
  /** Which server (two-server runs). */
  server?: string
}

export interface Drain {
  items: OutboxItem[]
  itemOf: Map<string, string>
  byStatus: Record<string, number>
  needingAttention: OutboxItem[]
  engineErrors: unknown[]
  restarts: Restart[]
  rounds: number
  authPauses: number
  fetches: { calls: number; answered: number; networkErrors: number; aborted: number; slowestMs: number; over2s: number }
  drainMs: number
}

/**
 * Queues every submission (photos hashed before they go in) in a fresh outbox, then sends through
 * the proxy until nothing is waiting, calling `restart` when RESTART_AT's shares have been accepted.
 * The outbox database is registered with `onOutbox` at once, so the caller's clean-up can delete it.
 */
export async function drainUnderChaos(options: {
  proxyUrl: string
  agent: { id: string; token: string }
  submissions: readonly Submission[]
  total: number
  runId: string
  restart: (atSent: number) => Promise<Restart>
  onOutbox: (db: OutboxDatabase, engine: { stop(): Promise<void> }) => void
}): Promise<Drain> {
  const { proxyUrl, agent, submissions, total } = options
  const db = new OutboxDatabase(`viti-chaos-${options.runId}-${Date.now()}`)
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
  // Public forms are limited per address (300 per route per 15 minutes, issue 17); the run's public
  // signups and reviews stand for many visitors' phones, so each queued public item comes from its
  // own address (by its key), retries too. (From one address, the 300 public signups would sit on the
  // budget's edge: a retry answered 409 'still being processed' is counted, not refunded.)
  const phoneAddresses = new Map<string, string>()
  const asPhoneOf = (input: string, init?: RequestInit): RequestInit | undefined => {
    if (!PUBLIC_FORM_ENDPOINTS.some((endpoint) => input.endsWith(endpoint))) return init
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
    fetch: (input, init) => timedFetch(/^https?:/.test(input) ? input : `${proxyUrl}${input}`, asPhoneOf(input, init)),
    getAuthToken: () => agent.token,
    getSignedInAgentId: () => agent.id,
    onAuthRequired: () => void authPauses++,
    // Quick retries: the run is about correctness, not about the real backoff's minutes.
    backoff: { baseMs: 20, capMs: 200, floorMs: 5 },
    timeoutMs: 10_000,
    isOnline: () => true,
    onError: (error) => void engineErrors.push(error),
  })
  options.onOutbox(db, outbox)
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
  expect(await db.outbox.count()).toBe(total)
  const queuedAt = Date.now()

  // ---- send: the engine on its own triggers, plus "Send now" in a loop (the backoff's timer
  // waits at least a second; the loop keeps the run short). Restarts on the way.
  const restarts: Restart[] = []
  let restarting: Promise<void> | null = null
  let restartError: unknown
  outbox.start()
  const deadline = Date.now() + DRAIN_DEADLINE_MS
  let rounds = 0
  while (Date.now() < deadline) {
    const sent = await db.outbox.where('status').equals('sent').count()
    const restartsBegun = restarts.length + (restarting ? 1 : 0)
    const nextRestartAt = RESTART_AT[restartsBegun]
    if (!restarting && nextRestartAt !== undefined && sent >= Math.ceil(total * nextRestartAt)) {
      restarting = options.restart(sent)
        .then((done) => void restarts.push(done))
        .catch((error: unknown) => void (restartError = error))
        .finally(() => (restarting = null))
    }
    if (restartError !== undefined) break
    // Two equals() counts: anyOf() runs a cursor, which fake-indexeddb makes quadratic.
    const open = (await db.outbox.where('status').equals('waiting').count()) + (await db.outbox.where('status').equals('sending').count())
    if (open === 0 && !restarting) break
    rounds++
    await outbox.sendNow()
    // While a server is down its requests fail at once: don't spin.
    if (restarting) await pause(25)
  }
  await restarting
  await outbox.stop()
  const drainMs = Date.now() - queuedAt
  if (restartError !== undefined) throw new Error(`restarting the server failed: ${String(restartError)}`)

  const items = await db.outbox.toArray()
  const needingAttention = items.filter((item) => item.status !== 'sent')
  if (needingAttention.length > 0) {
    // In queue order: the first is the head the others wait behind, and its lastError says why.
    const inOrder = [...needingAttention].sort((a, b) => a.createdAt - b.createdAt)
    console.log(`chaos: ${needingAttention.length} items not sent, in queue order:\n${inOrder.slice(0, 20).map((item) =>
      `  ${item.id} ${item.kind} ${item.status}, ${item.attempts} attempts${item.notBefore === undefined ? '' : `, not before ${new Date(item.notBefore).toISOString()}`}: ${JSON.stringify(item.lastError)}`).join('\n')}`)
  }
  if (engineErrors.length > 0) console.log('chaos: engine errors:', engineErrors.slice(0, 10))
  return { items, itemOf, byStatus: countBy(items, (item) => item.status), needingAttention, engineErrors, restarts, rounds, authPauses, fetches, drainMs }
}

export async function restartServer(server: { stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null; killed: boolean }>; start(): Promise<void> }, atSent: number, name?: string): Promise<Restart> {
  const downAt = Date.now()
  const ended = await server.stop()
  await server.start()
  return { atSent, downMs: Date.now() - downAt, exit: ended.killed ? 'SIGKILL' : `code ${ended.code ?? ended.signal}`, ...(name !== undefined && { server: name }) }
}

function countBy<T>(items: readonly T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1
  return counts
}

/** What the checks read from the database, the same on SQLite and PostgreSQL. */
export interface ChaosRows {
  signups: { id: string; comments: string | null; photoUrls: string; dataAgentId: string | null }[]
  platformReviews: { id: string; comment: string }[]
  farmReviews: { id: string; comment: string }[]
  uploads: { id: string; status: string; sha256: string | null; referencedAt: string | null }[]
  idempotencyKeys: { key: string; status: string }[]
}

export type ChaosCheck = ReturnType<typeof checkRows>

export function checkRows(
  rows: ChaosRows,
  context: { submissions: readonly Submission[]; itemOf: ReadonlyMap<string, string>; items: ReadonlyMap<string, OutboxItem>; runId: string; agentId: string; dataDir: string },
) {
  const { submissions, itemOf, items } = context
  // Every row by the marker its text carries; a marker seen twice is a duplicate.
  const markerPattern = new RegExp(`chaos-${context.runId}-\\d{4}`)
  const rowsOf = new Map<string, { id: string; table: string; photoUrls?: string[]; dataAgentId?: string | null }[]>()
  const addRow = (text: string | null, row: { id: string; table: string; photoUrls?: string[]; dataAgentId?: string | null }) => {
    const marker = markerPattern.exec(text ?? '')?.[0] ?? `(no marker) ${row.table} ${row.id}`
    rowsOf.set(marker, [...(rowsOf.get(marker) ?? []), row])
  }
  for (const row of rows.signups) addRow(row.comments, { id: row.id, table: 'farmer_signups', photoUrls: JSON.parse(row.photoUrls) as string[], dataAgentId: row.dataAgentId })
  for (const row of rows.platformReviews) addRow(row.comment, { id: row.id, table: 'platform_reviews' })
  for (const row of rows.farmReviews) addRow(row.comment, { id: row.id, table: 'farm_reviews' })
  const duplicates = [...rowsOf.values()].reduce((sum, found) => sum + Math.max(0, found.length - 1), 0)

  const expectedTable: Record<ChaosKind, string> = {
    dataAgentSignup: 'farmer_signups', farmerSignup: 'farmer_signups', platformReview: 'platform_reviews', farmReview: 'farm_reviews',
  }
  const missing: string[] = []
  const responseMismatches: string[] = []
  const photoProblems: string[] = []
  const uploads = new Map(rows.uploads.map((upload) => [upload.id, upload]))
  const referencedBy = new Map<string, string>()
  let photosExpected = 0
  let photosIdentical = 0
  for (const submission of submissions) {
    const row = (rowsOf.get(submission.marker) ?? [])[0]
    if (!row || row.table !== expectedTable[submission.kind]) {
      missing.push(`${submission.marker} (${submission.kind})`)
      continue
    }
    // The answer the phone kept (first or replayed) names the one row the server holds.
    const item = items.get(itemOf.get(submission.marker) ?? '')
    const answered = item?.response?.body
    const answeredId = typeof answered === 'object' && answered !== null && !Array.isArray(answered) ? answered.id : undefined
    if (answeredId !== row.id || item?.response?.status !== 201) responseMismatches.push(`${submission.marker}: row ${row.id}, answer ${item?.response?.status} ${JSON.stringify(answered)}`)
    if (submission.kind === 'dataAgentSignup' && row.dataAgentId !== context.agentId) responseMismatches.push(`${submission.marker}: dataAgentId ${row.dataAgentId}`)
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
      const upload = uploads.get(id)
      const file = path.join(context.dataDir, 'uploads', id)
      const bytes = fs.existsSync(file) ? fs.readFileSync(file) : undefined
      const actual = bytes && sha256(bytes)
      if (actual !== expected || upload?.status !== 'stored' || upload.sha256 !== expected || upload.referencedAt === null) {
        photoProblems.push(`${submission.marker}: photo ${id} sha256 ${actual ?? '(no file)'} (row ${upload?.status}/${upload?.sha256}), queued ${expected}`)
      } else {
        photosIdentical++
      }
    })
  }
  const ours = new Set(itemOf.values())
  const keys = { completed: 0, processing: 0 }
  for (const row of rows.idempotencyKeys) {
    if (!ours.has(row.key)) continue
    if (row.status === 'completed') keys.completed++
    else keys.processing++
  }
  // Uploads whose answer was lost (the engine asks for a new URL): left for the daily clean-up.
  const unreferenced = rows.uploads.filter((upload) => upload.referencedAt === null)

  return {
    businessRows: rows.signups.length + rows.platformReviews.length + rows.farmReviews.length,
    farmerSignups: rows.signups.length,
    byAgent: rows.signups.filter((row) => row.dataAgentId === context.agentId).length,
    publicSignups: rows.signups.filter((row) => row.dataAgentId === null).length,
    platformReviews: rows.platformReviews.length,
    farmReviews: rows.farmReviews.length,
    duplicates,
    missing,
    responseMismatches,
    photoProblems,
    photosExpected,
    photosIdentical,
    unreferencedUploads: { issued: unreferenced.length, withBytes: unreferenced.filter((upload) => upload.status === 'stored').length },
    keys,
  }
}

/** Warnings and errors the servers logged (pino JSON lines, level ≥ 40); idempotency ones are a failure. */
/**
 * The servers' warnings and errors (pino level ≥ 40). `expected`: lines a scenario causes on purpose
 * (the database cut away: its 503s, the claims it left to go stale), counted apart.
 */
export function countServerWarnings(files: readonly string[], expected: readonly RegExp[] = []): { total: number; idempotency: number; expected: number; samples: string[] } {
  const lines = files.flatMap((file) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n') : []))
  const all = lines.filter((line) => {
    if (!line.startsWith('{')) return false
    try {
      return (JSON.parse(line) as { level?: number }).level! >= 40
    } catch {
      return false
    }
  })
  const warnings = all.filter((line) => !expected.some((pattern) => pattern.test(line)))
  return {
    total: warnings.length,
    idempotency: warnings.filter((line) => /idempotent|idempotency/i.test(line)).length,
    expected: all.length - warnings.length,
    samples: warnings.slice(0, 5),
  }
}

/**
 * Prints the summary, writes `.reports/<reportName>.json`, and asserts the promise: every item sent,
 * exactly one row per submission, every photo byte-identical, every key completed, the chaos real.
 */
export function reportAndAssert(options: {
  reportName: string
  label: string
  seed: number
  mix: SubmissionMix
  total: number
  drain: Drain
  check: ChaosCheck
  stats: ChaosStats
  serverWarnings: ReturnType<typeof countServerWarnings>
  startedAt: number
  extra?: Record<string, unknown>
}): void {
  const { drain, check, stats, total, mix } = options
  const totalMs = Date.now() - options.startedAt
  const summary = `${options.label}: ${total} submissions, ${check.businessRows} rows, ${check.duplicates} duplicates, ${check.photosIdentical} photos byte-identical` +
    `; proxy dropped ${stats.droppedRequests} requests, ${stats.droppedResponses} responses, duplicated ${stats.duplicated}` +
    `; ${drain.restarts.length} restarts; ${(drain.drainMs / 1000).toFixed(1)} s (load average ${loadAverage()})`
  const report = {
    summary,
    seed: options.seed,
    submissions: { total, ...mix },
    rows: { business: check.businessRows, farmerSignups: check.farmerSignups, byAgent: check.byAgent, public: check.publicSignups, platformReviews: check.platformReviews, farmReviews: check.farmReviews },
    duplicates: check.duplicates,
    missing: check.missing.length,
    responseMismatches: check.responseMismatches.length,
    photos: { enqueued: check.photosExpected, byteIdentical: check.photosIdentical, mismatched: check.photoProblems.length, unreferencedUploads: check.unreferencedUploads },
    idempotencyKeys: check.keys,
    outbox: drain.byStatus,
    proxy: stats,
    restarts: drain.restarts,
    engine: { rounds: drain.rounds, authPauses: drain.authPauses, errors: drain.engineErrors.length, fetches: drain.fetches },
    serverWarnings: options.serverWarnings,
    durationMs: { drain: drain.drainMs, total: totalMs },
    loadAverage: loadAverage(),
    ...options.extra,
    finishedAt: new Date().toISOString(),
  }
  fs.mkdirSync(path.join(REPO_ROOT, '.reports'), { recursive: true })
  fs.writeFileSync(path.join(REPO_ROOT, '.reports', `${options.reportName}.json`), `${JSON.stringify(report, null, 2)}\n`)
  console.log(summary)
  console.log(`${options.label}: proxy ${stats.requests} requests (${stats.passed} passed, ${stats.forwarded} forwarded upstream${stats.forwardedTo.length > 1 ? ` ${JSON.stringify(stats.forwardedTo)} by server` : ''}, ${stats.upstreamFailures} upstream failures, ${stats.replays} replays)` +
    `; upstream statuses ${JSON.stringify(stats.statusesUpstream)}; returned ${JSON.stringify(stats.statusesReturned)}` +
    `; restarts ${JSON.stringify(drain.restarts)}; ${drain.rounds} send rounds; engine fetches ${JSON.stringify(drain.fetches)}; total ${(totalMs / 1000).toFixed(1)} s`)
  if (check.missing.length + check.duplicates + check.photoProblems.length + check.responseMismatches.length > 0) {
    console.log(`${options.label}: problems`, JSON.stringify({ missing: check.missing.slice(0, 10), photoProblems: check.photoProblems.slice(0, 10), responseMismatches: check.responseMismatches.slice(0, 10) }, null, 2))
  }

  // ---- the promise
  expect(drain.needingAttention.map((item) => `${item.kind} ${item.status}: ${item.lastError?.message ?? ''}`)).toEqual([])
  expect(drain.byStatus).toEqual({ sent: total })
  expect(drain.engineErrors).toEqual([])
  expect(drain.restarts.length).toBe(2)
  expect(check.farmerSignups).toBe(mix.dataAgentSignups + mix.farmerSignups)
  expect(check.byAgent).toBe(mix.dataAgentSignups)
  expect(check.publicSignups).toBe(mix.farmerSignups)
  expect(check.platformReviews).toBe(mix.platformReviews)
  expect(check.farmReviews).toBe(mix.farmReviews)
  expect(check.businessRows).toBe(total)
  expect(check.duplicates).toBe(0)
  expect(check.missing).toEqual([])
  expect(check.responseMismatches).toEqual([])
  expect(check.photoProblems).toEqual([])
  expect(check.photosIdentical).toBe(check.photosExpected)
  expect(check.keys).toEqual({ completed: total, processing: 0 })
  expect(options.serverWarnings.idempotency).toBe(0)
  // The chaos really happened.
  expect(stats.droppedRequests).toBeGreaterThan(0)
  expect(stats.droppedResponses).toBeGreaterThan(0)
  expect(stats.duplicated).toBeGreaterThan(0)
  expect(stats.replays).toBeGreaterThan(0)
}

/** The 1-, 5- and 15-minute load averages, printed beside every figure (the machines are shared). */
export function loadAverage(): string {
  return os.loadavg().map((n) => n.toFixed(2)).join(' ')
}
