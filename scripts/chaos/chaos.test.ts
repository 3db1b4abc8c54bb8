// The outbox's exactly-once promise under chaos (spec/offline-sync.md, promise 2), end to end:
// the real outbox engine (Dexie on fake-indexeddb, in node) sends 1,000 queued submissions through
// a proxy that drops 20 % of requests, drops 20 % of responses after the server acted and
// duplicates 10 %, to the real API server as a child process, which is restarted twice mid-run.
// At the end the database must hold exactly one row per submission and every photo's bytes.
// Not a timed test: the figures are printed and written to .reports/chaos.json. See README.md.
// The same run on two servers on one PostgreSQL: chaos.postgres.test.ts (the shared half: run.ts).
import 'fake-indexeddb/auto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OutboxDatabase } from '../../sync/outbox/db'
import { buildSubmissions, chaosSeed, seededRandom } from './fixtures'
import { startChaosProxy, type ChaosProxy } from './proxy'
import {
  ADMIN, LISTED_FARMS, TEST_TIMEOUT_MS, callApi, chaosMix, checkRows, countServerWarnings, drainUnderChaos, listedFarmRows, reportAndAssert, restartServer, setUpAgent,
  type ChaosRows,
} from './run'
import { freePort, serverProcess, type ServerProcess } from './server-process'

const { mix: MIX, total: TOTAL } = chaosMix()
const seed = chaosSeed()
const runId = seed.toString(36)

let tempDir = ''
let dataDir = ''
let logFile = ''
let server: ServerProcess | undefined
let proxy: ChaosProxy | undefined
let engine: { stop(): Promise<void> } | undefined
let outboxDb: OutboxDatabase | undefined
let agent = { id: '', token: '' }
let hasPassed = false
const reference = { locations: [] as string[], produce: [] as string[], farmIds: [] as string[] }

/** Listed farms for the farm reviews: there is no farmer-create endpoint to call, so straight into the database. */
function insertListedFarms(count: number): string[] {
  const sqlite = new BetterSqlite3(path.join(dataDir, 'viti-farmers.sqlite'))
  try {
    sqlite.pragma('busy_timeout = 5000')
    const insert = sqlite.prepare(`insert into farmers (id, name, phone, town, cities, produce, subscriptionStart, subscriptionEnd, isActive)
      values (@id, @name, @phone, @town, @cities, @produce, @subscriptionStart, @subscriptionEnd, @isActive)`)
    return listedFarmRows(count, reference).map((row) => {
      insert.run(row)
      return row.id
    })
  } finally {
    sqlite.close()
  }
}

/** Everything the checks read, from the database file opened read-only. */
function readRows(): ChaosRows {
  const sqlite = new BetterSqlite3(path.join(dataDir, 'viti-farmers.sqlite'), { readonly: true, fileMustExist: true })
  try {
    return {
      signups: sqlite.prepare('select id, comments, photoUrls, dataAgentId from farmer_signups').all() as ChaosRows['signups'],
      platformReviews: sqlite.prepare('select id, comment from platform_reviews').all() as ChaosRows['platformReviews'],
      farmReviews: sqlite.prepare('select id, comment from farm_reviews').all() as ChaosRows['farmReviews'],
      uploads: sqlite.prepare('select id, status, sha256, referencedAt from uploads').all() as ChaosRows['uploads'],
      idempotencyKeys: sqlite.prepare('select key, status from idempotency_keys').all() as ChaosRows['idempotencyKeys'],
    }
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

  const setUp = await setUpAgent(server.baseUrl)
  agent = setUp.agent
  reference.locations = setUp.locations
  reference.produce = setUp.produce
  reference.farmIds = insertListedFarms(LISTED_FARMS)
  const { farms: listed } = await callApi<{ farms: { farmer: { id: string } }[] }>(server.baseUrl, 'GET', '/api/farms-with-ratings?limit=50')
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

describe('outbox under chaos', () => {
  it(`delivers ${TOTAL} queued submissions exactly once through drops, duplicates and 2 restarts`, async () => {
    if (!server || !proxy) throw new Error('set-up failed')
    const chaos = proxy
    const apiServer = server
    const startedAt = Date.now()
    console.log(`chaos: seed ${seed} (rerun with CHAOS_SEED=${seed}); server ${apiServer.baseUrl}, proxy ${chaos.url}, data ${dataDir}`)

    // ---- queue everything (as an agent would, offline), then send; the server restarted twice
    const submissions = buildSubmissions(seededRandom(seed), MIX, reference, runId)
    const drain = await drainUnderChaos({
      proxyUrl: chaos.url, agent, submissions, total: TOTAL, runId,
      restart: (atSent) => restartServer(apiServer, atSent),
      onOutbox: (db, outbox) => {
        outboxDb = db
        engine = outbox
      },
    })

    // ---- the server's view: stop it (a clean close), then read the database file read-only
    await apiServer.stop()
    const stats = { ...chaos.stats }
    const check = checkRows(readRows(), { submissions, itemOf: drain.itemOf, items: new Map(drain.items.map((item) => [item.id, item])), runId, agentId: agent.id, dataDir })
    reportAndAssert({ reportName: 'chaos', label: 'chaos', seed, mix: MIX, total: TOTAL, drain, check, stats, serverWarnings: countServerWarnings([logFile]), startedAt })
    hasPassed = true
  }, TEST_TIMEOUT_MS)
})
