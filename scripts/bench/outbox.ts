// P5 of `npm run bench`: the outbox draining data-agent signups with one ~300 KB photo each,
// with the real engine (sync/outbox/engine.ts on Dexie over fake-indexeddb, in node, as
// scripts/chaos does) against the real API server as a child process on a fresh data dir.
// - Loopback: 200 signups, against raw sequential PUTs of the same photo bytes to a bare sink
//   (target ≤1.5×), and beside it the disk's floor: the server fsyncs every photo before it
//   answers, so writing and fsyncing the same bytes one by one is printed too.
// - Shaped: through a proxy shaped to 1.6 Mbps each way and 150 ms round trip (Lighthouse's
//   mobile link), against the photo bytes ÷ bandwidth (target ≤1.15×). Bounded (40 signups by
//   default, about a minute): 200 would take about 5 minutes. BENCH_SHAPED_SIGNUPS sets it.
// `npx tsx scripts/bench.ts --outbox` runs only this part.
// Figures only: nothing here is asserted.
import 'fake-indexeddb/auto'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { FarmerSignupSchema } from '../../api/contract'
import { OutboxDatabase, type JsonObject } from '../../sync/outbox/db'
import { createOutboxEngine } from '../../sync/outbox/engine'
import { CHAOS_ENDPOINTS, buildSubmissions, noisePng, seededRandom, type Submission } from '../chaos/fixtures'
import { freePort, listenOnLoopback, serverProcess, type ServerProcess } from '../chaos/server-process'
import { loadAverageNote } from './load'
import { benchEngineOptions } from './outbox-engine-options'
import { startShapedLink } from './shaped-link'

const ADMIN = { email: 'bench.admin@example.com', password: 'Bench-Admin-1!' }
export const AGENT = { name: 'Bench Agent', email: 'bench.agent@example.com', password: 'Bench-Agent-1!' }
/** RGB noise barely compresses: 320 × 312 × 3 bytes is a ~300 KB PNG. */
const PHOTO = { width: 320, height: 312 }
export const SHAPED = { bitsPerSecond: 1_600_000, rttMs: 150 }

export interface DrainFigures {
  signups: number
  photoBytes: number
  drainMs: number
  /** Requests the engine made (upload URL, PUT, record). */
  requests: number
  sent: number
  /** The machine's 1-minute load average as the drain ended. */
  loadAverage: number
  /**
   * CPU time the drain took, in ms: the engine's process (the bench itself) and the server's. On a
   * shared machine these move far less with the load than the wall clock does.
   */
  cpuMs: { engine: number; server: number | null }
}

/** A process's user + system CPU time in ms, from /proc (Linux); null elsewhere. */
export function processCpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').pop()!.split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
  } catch {
    return null
  }
}

async function api<T>(server: ServerProcess, method: string, urlPath: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (token) headers.authorization = `Bearer ${token}`
  const response = await fetch(`${server.baseUrl}${urlPath}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
  const text = await response.text()
  if (!response.ok) throw new Error(`${method} ${urlPath} answered ${response.status}: ${text}`)
  return JSON.parse(text) as T
}

export function signups(count: number, seed: number, reference: { locations: string[]; produce: string[] }): Submission[] {
  const random = seededRandom(seed)
  const mix = { dataAgentSignups: count, farmerSignups: 0, platformReviews: 0, farmReviews: 0 }
  return buildSubmissions(random, mix, { ...reference, farmIds: [] }, `bench${seed}`).map((s) => ({
    ...s,
    photos: [noisePng(random, seed * 1_000 + s.index, PHOTO.width, PHOTO.height)],
  }))
}

/** Queues `items` in a fresh outbox, then lets the engine send them all to `baseUrl`; times the drain. */
async function drain(items: Submission[], baseUrl: string, agent: { id: string; token: string }, serverPid?: number): Promise<DrainFigures> {
  const db = new OutboxDatabase(`viti-bench-${Date.now()}-${items.length}`)
  let requests = 0
  const engine = createOutboxEngine({
    db,
    fetch: (input, init) => {
      requests++
      return fetch(/^https?:/.test(input) ? input : `${baseUrl}${input}`, init)
    },
    ...benchEngineOptions(agent),
  })
  try {
    for (const item of items) {
      await engine.enqueue({
        kind: 'dataAgentSignup',
        endpoint: CHAOS_ENDPOINTS.dataAgentSignup,
        payload: item.payload as JsonObject,
        photos: item.photos.map((bytes) => new Blob([new Uint8Array(bytes)], { type: 'image/png' })),
        validate: (payload) => void FarmerSignupSchema.parse(payload),
        agent: { id: agent.id, name: AGENT.name },
      })
    }
    // Everything is queued first (an agent back from the field), the engine not yet running; the
    // clock runs from start() to the last item's answer.
    const started = performance.now()
    const engineCpu = process.cpuUsage()
    const serverCpu = processCpuMs(serverPid)
    engine.start()
    for (;;) {
      const open = (await db.outbox.where('status').equals('waiting').count()) + (await db.outbox.where('status').equals('sending').count())
      if (open === 0) break
      await engine.sendNow()
    }
    const drainMs = performance.now() - started
    const engineCpuUsed = process.cpuUsage(engineCpu)
    const serverCpuAfter = processCpuMs(serverPid)
    return {
      signups: items.length,
      photoBytes: items.reduce((sum, item) => sum + item.photos.reduce((s, p) => s + p.length, 0), 0),
      drainMs,
      requests,
      sent: await db.outbox.where('status').equals('sent').count(),
      loadAverage: os.loadavg()[0]!,
      cpuMs: {
        engine: (engineCpuUsed.user + engineCpuUsed.system) / 1000,
        server: serverCpu === null || serverCpuAfter === null ? null : serverCpuAfter - serverCpu,
      },
    }
  } finally {
    await engine.stop()
    db.close()
    await OutboxDatabase.delete(db.name)
  }
}

/** The floor on loopback: the same photo bytes PUT one after another to a server that only reads them. */
async function rawPuts(photos: Buffer[]): Promise<number> {
  const sink = http.createServer((req, res) => {
    req.resume()
    req.on('end', () => res.writeHead(200, { 'content-length': '0' }).end())
  })
  const url = `http://127.0.0.1:${await listenOnLoopback(sink)}/upload`
  try {
    const started = performance.now()
    for (const photo of photos) {
      const response = await fetch(url, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: new Uint8Array(photo) })
      await response.arrayBuffer()
    }
    return performance.now() - started
  } finally {
    await new Promise<void>((resolve) => sink.close(() => resolve()))
  }
}

/** The server's disk under the same photos: each written to a file and fsynced, one after another. */
async function diskWrites(photos: Buffer[], dir: string): Promise<number> {
  fs.mkdirSync(dir, { recursive: true })
  const started = performance.now()
  for (const [index, photo] of photos.entries()) {
    const handle = await fs.promises.open(path.join(dir, String(index)), 'w')
    await handle.writeFile(photo)
    await handle.sync()
    await handle.close()
  }
  return performance.now() - started
}

export interface OutboxBench {
  loopback: DrainFigures & { rawPutMs: number; diskMs: number }
  shaped: DrainFigures & { floorMs: number; wireBytes: { up: number; down: number } }
}

export interface BenchServer {
  server: ServerProcess
  agent: { id: string; token: string }
  reference: { locations: string[]; produce: string[] }
  tempDir: string
}

/** The real API server as a child process on a fresh data dir, with a data agent signed in; stopped after `use`. */
export async function withBenchServer<T>(use: (bench: BenchServer) => Promise<T>, nodeArgs?: string[]): Promise<T> {
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'viti-bench-outbox-'))
  const server = serverProcess({ port: await freePort(), dataDir: path.join(tempDir, 'data'), logFile: path.join(tempDir, 'server.log'), nodeArgs, env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } })
  try {
    await server.start()
    const admin = await api<{ token: string }>(server, 'POST', '/api/auth/login', ADMIN)
    await api(server, 'POST', '/api/admin/users', { ...AGENT, role: 'data_agent', mustChangePassword: false }, admin.token)
    const signedIn = await api<{ token: string; user: { id: string } }>(server, 'POST', '/api/auth/login', { email: AGENT.email, password: AGENT.password })
    const reference = {
      locations: (await api<{ name: string }[]>(server, 'GET', '/api/locations')).map((l) => l.name),
      produce: (await api<{ name: string }[]>(server, 'GET', '/api/produce')).map((p) => p.name),
    }
    return await use({ server, agent: { id: signedIn.user.id, token: signedIn.token }, reference, tempDir })
  } finally {
    await server.stop().catch(() => undefined)
    fs.rmSync(tempDir, { recursive: true, force: true })
  }
}

/** `serverNodeArgs` go to the server's node (to look into one drain: ['--cpu-prof', '--cpu-prof-dir=<dir>']). */
export async function benchOutbox(options: { loopbackSignups?: number; shapedSignups?: number; serverNodeArgs?: string[] } = {}): Promise<OutboxBench> {
  const loopbackCount = options.loopbackSignups ?? 200
  const shapedCount = options.shapedSignups ?? shapedSignupCount()
  return withBenchServer(async ({ server, agent, reference, tempDir }) => {
    const loopbackItems = signups(loopbackCount, 1, reference)
    const loopback = await drain(loopbackItems, server.baseUrl, agent, server.pid)
    const rawPutMs = await rawPuts(loopbackItems.flatMap((item) => item.photos))
    const diskMs = await diskWrites(loopbackItems.flatMap((item) => item.photos), path.join(tempDir, 'disk'))

    const link = await startShapedLink({ target: { host: '127.0.0.1', port: Number(new URL(server.baseUrl).port) }, ...SHAPED })
    try {
      const shaped = await drain(signups(shapedCount, 2, reference), link.url, agent, server.pid)
      return {
        loopback: { ...loopback, rawPutMs, diskMs },
        shaped: { ...shaped, floorMs: (shaped.photoBytes * 8 * 1000) / SHAPED.bitsPerSecond, wireBytes: { ...link.bytes } },
      }
    } finally {
      await link.close()
    }
  }, options.serverNodeArgs)
}

export const shapedSignupCount = () => Number(process.env.BENCH_SHAPED_SIGNUPS ?? 40)

/** The drain's CPU time per signup, engine and server: steadier than the wall clock on a busy machine. */
const cpuNote = ({ cpuMs, signups }: DrainFigures) =>
  `engine ${(cpuMs.engine / signups).toFixed(1)} ms + server ${cpuMs.server === null ? '?' : (cpuMs.server / signups).toFixed(1)} ms per signup`

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`

export async function printOutboxBench(): Promise<void> {
  const { loopback, shaped } = await benchOutbox()
  const photo = loopback.photoBytes / loopback.signups
  console.log(`\nP5 outbox drain, data-agent signups with one ${(photo / 1000).toFixed(0)} kB photo each (${photo} bytes; real engine on fake-indexeddb, real server):`)
  console.log(`  loopback: ${loopback.sent}/${loopback.signups} sent in ${s(loopback.drainMs)} (${loopback.requests} requests, ${kb(loopback.photoBytes)} of photos)` +
    `; raw PUTs of the same bytes ${s(loopback.rawPutMs)}; ratio ${(loopback.drainMs / loopback.rawPutMs).toFixed(1)}× (target ≤1.5×)` +
    `; the disk writing and fsyncing the same photos one by one ${s(loopback.diskMs)} (${(loopback.drainMs / loopback.diskMs).toFixed(2)}× that)` +
    `; CPU ${cpuNote(loopback)}; ${loadAverageNote(loopback.loadAverage)}`)
  console.log(`  shaped ${SHAPED.bitsPerSecond / 1e6} Mbps / ${SHAPED.rttMs} ms RTT, ${shaped.signups} signups (bounded; 200 would take ~${s((shaped.drainMs / shaped.signups) * 200)}):` +
    ` ${shaped.sent}/${shaped.signups} sent in ${s(shaped.drainMs)}; photo bytes ÷ bandwidth ${s(shaped.floorMs)}; ratio ${(shaped.drainMs / shaped.floorMs).toFixed(2)}× (target ≤1.15×)` +
    ` (on the wire: ${kb(shaped.wireBytes.up)} up, ${kb(shaped.wireBytes.down)} down); ${loadAverageNote(shaped.loadAverage)}`)
}
