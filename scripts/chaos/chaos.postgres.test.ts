// The outbox's exactly-once promise on two servers (issue 18, decision 025): two real API processes
// on one PostgreSQL database and one shared DATA_DIR (the photos' directory), behind the chaos
// proxy, which sends each request, retry and duplicate copy to one of the two at random; a third of
// the way in server A is restarted while B keeps serving, two thirds in both lose the database for
// 3 s (their connections to PostgreSQL pass through a TCP passage that is cut: every connection reset,
// new ones refused, as in a restart or a failover; they answer 503 with Retry-After meanwhile).
// 1,000 queued submissions → exactly 1,000 rows, every photo byte-identical. Before it, 50 concurrent requests with one Idempotency-Key, split
// across the two processes, write one row. Runs in the db project (its global set-up starts the
// throw-away cluster); without PostgreSQL it fails with how to install it, never skips.
// The shared half of the run is run.ts; the single-server SQLite run is chaos.test.ts.
import 'fake-indexeddb/auto'
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPostgres } from '../../db/connection'
import { createPostgresDatabase } from '../../db/testing'
import { OutboxDatabase } from '../../sync/outbox/db'
import { buildSubmissions, chaosSeed, seededRandom } from './fixtures'
import { startChaosProxy, type ChaosProxy } from './proxy'
import {
  ADMIN, LISTED_FARMS, TEST_TIMEOUT_MS, callApi, chaosMix, checkRows, countServerWarnings, drainUnderChaos, listedFarmRows, loadAverage, reportAndAssert, restartServer, setUpAgent,
  type ChaosRows, type Restart,
} from './run'
import { freePort, serverProcess, type ServerProcess } from './server-process'
import { tcpPassage, type TcpPassage } from '../../db/testing-outage'

const { mix: MIX, total: TOTAL } = chaosMix()
const seed = chaosSeed()
const runId = seed.toString(36)

let tempDir = ''
let dataDir = ''
let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined
const servers: { name: string; process: ServerProcess; logFile: string }[] = []
let proxy: ChaosProxy | undefined
/** The servers' way to PostgreSQL, cut once mid-run. */
let passage: TcpPassage | undefined
/** How long the database is cut away from both servers. */
const DATABASE_CUT_MS = 3_000
/** What a cut database makes the servers log on purpose: its 503s, and the claims it left to go stale. */
const CUT_WARNINGS = [/database unavailable/, /Releasing an Idempotency-Key claim failed/]
let engine: { stop(): Promise<void> } | undefined
let outboxDb: OutboxDatabase | undefined
let agent = { id: '', token: '' }
let hasPassed = false
const reference = { locations: [] as string[], produce: [] as string[], farmIds: [] as string[] }

function onDatabase<T>(work: (db: ReturnType<typeof openPostgres>['db']) => Promise<T>): Promise<T> {
  if (!database) throw new Error('no database')
  const handle = openPostgres({ url: database.url, max: 2 })
  return work(handle.db).finally(() => handle.close())
}

/** Everything the checks read, the same rows chaos.test.ts reads from the SQLite file. */
function readRows(): Promise<ChaosRows> {
  return onDatabase(async (db) => ({
    signups: await db.selectFrom('farmer_signups').select(['id', 'comments', 'photoUrls', 'dataAgentId']).execute(),
    platformReviews: await db.selectFrom('platform_reviews').select(['id', 'comment']).execute(),
    farmReviews: await db.selectFrom('farm_reviews').select(['id', 'comment']).execute(),
    uploads: await db.selectFrom('uploads').select(['id', 'status', 'sha256', 'referencedAt']).execute(),
    idempotencyKeys: await db.selectFrom('idempotency_keys').select(['key', 'status']).execute(),
  }))
}

beforeAll(async () => {
  tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'viti-chaos-pg-'))
  // One DATA_DIR for both: the photos' shared directory (decision 025).
  dataDir = path.join(tempDir, 'data')
  // An empty database: server A migrates and seeds it at start-up, as a first deployment would.
  database = await createPostgresDatabase({ migrated: false })
  passage = await tcpPassage(database.url)
  for (const name of ['A', 'B']) {
    const logFile = path.join(tempDir, `server-${name}.log`)
    const env = { DATABASE_URL: passage.url, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, TRUST_PROXY: '1' }
    servers.push({ name, logFile, process: serverProcess({ port: await freePort(), dataDir, logFile, env, startTimeoutMs: 120_000 }) })
  }
  const [a, b] = servers.map((server) => server.process) as [ServerProcess, ServerProcess]
  // One after the other: the second start finds the schema migrated and the admin seeded.
  await a.start()
  await b.start()

  // Staff set-up on A; the listed farms straight into the database; B's public list shows them.
  const setUp = await setUpAgent(a.baseUrl)
  agent = setUp.agent
  reference.locations = setUp.locations
  reference.produce = setUp.produce
  const farms = listedFarmRows(LISTED_FARMS, reference)
  await onDatabase((db) => db.insertInto('farmers').values(farms).execute())
  reference.farmIds = farms.map((farm) => farm.id)
  const { farms: listed } = await callApi<{ farms: { farmer: { id: string } }[] }>(b.baseUrl, 'GET', '/api/farms-with-ratings?limit=50')
  expect(listed.map((f) => f.farmer.id).sort()).toEqual([...reference.farmIds].sort())

  proxy = await startChaosProxy({
    target: [a, b].map((server) => ({ host: '127.0.0.1', port: Number(new URL(server.baseUrl).port) })),
    random: seededRandom(seed ^ 0x9e3779b9),
    route: seededRandom(seed ^ 0x85ebca6b),
  })
}, 300_000)

afterAll(async () => {
  if (!hasPassed) {
    for (const { name, logFile } of servers) {
      if (fs.existsSync(logFile)) console.log(`chaos (2 servers): seed ${seed}; last lines of server ${name}'s log:\n${fs.readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n')}`)
    }
  }
  await engine?.stop().catch(() => undefined)
  await proxy?.close().catch(() => undefined)
  await Promise.all(servers.map((server) => server.process.stop().catch(() => undefined)))
  await passage?.close().catch(() => undefined)
  if (outboxDb) {
    outboxDb.close()
    await OutboxDatabase.delete(outboxDb.name).catch(() => undefined)
  }
  await database?.drop().catch(() => undefined)
  if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true })
}, 60_000)

describe('two servers on one PostgreSQL', () => {
  it('50 concurrent requests with one Idempotency-Key, split across the two processes, write one row', async () => {
    const [a, b] = servers.map((server) => server.process) as [ServerProcess, ServerProcess]
    const key = randomUUID()
    const marker = `split-${runId}`
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
    const body = JSON.stringify({
      name: 'Split Key Grower', phone: '+679 955 0050', town: 'Nausori', tikina: 'Rewa', cities: [reference.locations[0]], produce: [reference.produce[0]],
      subscriptionStart: day(0), subscriptionEnd: day(30), comments: `One key, two servers. Marker ${marker}.`, deliveryAvailable: false, isBulk: false, agreeToTerms: true,
    })
    // Their own address, so the run below keeps its rate-limit budget.
    const headers = { 'content-type': 'application/json', 'idempotency-key': key, 'x-forwarded-for': '10.5.0.1' }
    const answers = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const response = await fetch(`${(i % 2 ? b : a).baseUrl}/api/farmer-signup`, { method: 'POST', headers, body })
        return { status: response.status, body: (await response.json()) as { id?: string } }
      }),
    )
    // The one that wrote answers 201; the others replay it (201) or ask to retry while it still runs (409).
    const statuses: Record<number, number> = {}
    for (const answer of answers) statuses[answer.status] = (statuses[answer.status] ?? 0) + 1
    console.log(`chaos (2 servers): 50 concurrent requests with one key, 25 to each server: statuses ${JSON.stringify(statuses)} (load average ${loadAverage()})`)
    expect(Object.keys(statuses).every((status) => ['201', '409'].includes(status))).toBe(true)
    expect(new Set(answers.filter((answer) => answer.status === 201).map((answer) => answer.body.id)).size).toBe(1)
    const rows = await onDatabase((db) => db.selectFrom('farmer_signups').select('id').where('comments', 'like', `%${marker}%`).execute())
    expect(rows).toHaveLength(1)
    expect(answers.find((answer) => answer.status === 201)?.body.id).toBe(rows[0]?.id)
  }, 60_000)

  it(`delivers ${TOTAL} queued submissions exactly once through drops, duplicates, two servers, a restart of one and the database cut away from both`, async () => {
    if (!proxy || !passage || servers.length !== 2) throw new Error('set-up failed')
    const toDatabase = passage
    const chaos = proxy
    const [a, b] = servers.map((server) => server.process) as [ServerProcess, ServerProcess]
    const startedAt = Date.now()
    console.log(`chaos (2 servers): seed ${seed} (rerun with CHAOS_SEED=${seed}); servers ${a.baseUrl} (restarted), ${b.baseUrl}; proxy ${chaos.url}; data ${dataDir}`)

    // The split-key row above is not one of the run's: the counts below are by the run's markers.
    const before = await readRows()
    const submissions = buildSubmissions(seededRandom(seed), MIX, reference, runId)
    const drain = await drainUnderChaos({
      proxyUrl: chaos.url, agent, submissions, total: TOTAL, runId,
      restart: (atSent) => (a.starts === 1 ? restartServer(a, atSent, 'A') : cutDatabase(toDatabase, atSent)),
      onOutbox: (db, outbox) => {
        outboxDb = db
        engine = outbox
      },
    })

    // ---- the servers' view: stop both (a clean close), then read the database
    await Promise.all([a.stop(), b.stop()])
    const stats = { ...chaos.stats }
    const after = await readRows()
    const known = new Set(before.signups.map((row) => row.id))
    const rows: ChaosRows = { ...after, signups: after.signups.filter((row) => !known.has(row.id)) }
    const check = checkRows(rows, { submissions, itemOf: drain.itemOf, items: new Map(drain.items.map((item) => [item.id, item])), runId, agentId: agent.id, dataDir })
    reportAndAssert({
      reportName: 'chaos-postgres', label: 'chaos (2 servers, PostgreSQL)', seed, mix: MIX, total: TOTAL, drain, check, stats,
      serverWarnings: countServerWarnings(servers.map((server) => server.logFile), CUT_WARNINGS), startedAt,
      extra: { servers: servers.map((server) => ({ name: server.name, starts: server.process.starts, forwarded: stats.forwardedTo[servers.indexOf(server)] })) },
    })
    // Both servers really served the run, the restarted one came back, and the cut was felt: both
    // answered 503 while it lasted.
    expect(stats.forwardedTo).toHaveLength(2)
    expect(Math.min(...stats.forwardedTo)).toBeGreaterThan(stats.forwarded / 4)
    expect(a.starts).toBe(2)
    expect(b.starts).toBe(1)
    expect(drain.restarts.map((restart) => restart.server)).toEqual(['A', 'PostgreSQL'])
    expect(stats.statusesUpstream[503] ?? 0).toBeGreaterThan(0)
    hasPassed = true
  }, TEST_TIMEOUT_MS)
})

/** Both servers lose PostgreSQL for DATABASE_CUT_MS: open connections reset, new ones refused. */
async function cutDatabase(toDatabase: TcpPassage, atSent: number): Promise<Restart> {
  const downAt = Date.now()
  await toDatabase.cut()
  await new Promise((resolve) => setTimeout(resolve, DATABASE_CUT_MS))
  await toDatabase.open()
  return { atSent, downMs: Date.now() - downAt, exit: 'database cut', server: 'PostgreSQL' }
}
