// The directory on PostgreSQL beside SQLite (issue 18), in one run on one machine:
// 1. The same uneven data (scripts/bench/seed.ts) at N farmers in a SQLite file and in a database of
//    a throw-away PostgreSQL cluster (db/postgres-cluster.ts, as the tests start one), the real
//    server (api/server.ts) in its own process on each. Each public directory endpoint: p50/p99 of
//    200 sequential requests as a browser asks, from a process of its own timing each to the
//    microsecond (warm: the answer cache serves, after reading the version rows from the
//    database), and p50/max of a few requests each right after a directory write (cold: the query
//    runs, as after every write or on a cache miss).
// 2. req/s of one and of two servers on the PostgreSQL database behind a small round-robin reverse
//    proxy (below, in this process: no Docker here), and of one server without the proxy: three
//    rounds taken in turn, the median printed beside each round's figure.
// The load average is printed beside every figure. Every loop is bounded; traffic stays on loopback.
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { hashPassword } from '../../api/auth/password'
import { databaseFile, openDatabase, openPostgres } from '../../db/connection'
import { migrateToLatest } from '../../db/migrate'
import { startPostgresCluster } from '../../db/postgres-cluster'
import { seedDatabase } from '../../db/seed'
import { freePort, listenOnLoopback, serverProcess, type ServerProcess } from '../chaos/server-process'
import { BROWSER_HEADERS, loadAverageNote, loadTest, sequentialLatency, type LoadResult } from './load'
import { BIG_TOWN_SHARE, seedFarmers, seedFarmersPostgres } from './seed'

const WARM_REQUESTS = 200
const COLD_REQUESTS = 10
const LOAD_SECONDS = 5
const LOAD_CONNECTIONS = 16
const LOAD_ROUNDS = 3

type Latency = { p50: number; p99: number; max: number }

/** The run with the median req/s. */
function median(results: readonly LoadResult[]): LoadResult {
  return [...results].sort((a, b) => a.rps - b.rps)[Math.floor(results.length / 2)]!
}

function quantiles(times: number[]): Latency {
  const sorted = [...times].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN
  return { p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1] ?? NaN }
}

/** Sequential GETs as a browser asks, each after `before()`; client-side times in ms. */
async function coldLatency(url: string, requests: number, before: () => Promise<unknown>): Promise<Latency> {
  const times: number[] = []
  for (let i = 0; i < requests; i++) {
    await before()
    const started = performance.now()
    const res = await fetch(url, { headers: BROWSER_HEADERS })
    await res.arrayBuffer()
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`)
    times.push(performance.now() - started)
  }
  return quantiles(times)
}

/**
 * A small reverse proxy (round robin over `targets`, keep-alive upstream connections), standing in
 * for the Caddy of compose.yaml. It streams bodies both ways and answers 502 when a target fails.
 */
async function roundRobinProxy(targets: readonly string[]): Promise<{ url: string; close(): Promise<void> }> {
  const upstreams = targets.map((target) => new URL(target))
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 })
  let next = 0
  const server = http.createServer((req, res) => {
    const target = upstreams[next++ % upstreams.length]!
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '127.0.0.1' }, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502)
      res.end()
    })
    req.pipe(upstream)
  })
  const port = await listenOnLoopback(server)
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      agent.destroy()
    },
  }
}

const ADMIN = { ADMIN_EMAIL: 'bench@vitifarmers.org.fj', ADMIN_PASSWORD: 'Bench-Admin!2026' }
const admin = { email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD }

export async function printPostgresBench(count = 100_000): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'vf-bench-pg-'))
  const servers: ServerProcess[] = []
  let cluster: Awaited<ReturnType<typeof startPostgresCluster>> | undefined
  try {
    console.log(`\nDirectory on PostgreSQL beside SQLite at ${count.toLocaleString('en')} listed farmers (${loadAverageNote()} at start; ${(BIG_TOWN_SHARE * 100).toFixed(0)} % of farmers in one town; each server in its own process, NODE_ENV=production)`)

    // ---- SQLite: the seeded file, then its server
    const sqliteDir = path.join(work, 'sqlite')
    const sqliteHandle = openDatabase({ file: databaseFile(sqliteDir) })
    await migrateToLatest(sqliteHandle.db)
    await seedDatabase(sqliteHandle.db, { demo: false, admin, hashPassword })
    let started = performance.now()
    const { produce, towns } = seedFarmers(sqliteHandle.sqlite, count)
    const sqliteSeedS = (performance.now() - started) / 1000
    const produceId = (sqliteHandle.sqlite.prepare('select id from produce where name = ?').get(produce[0]) as { id: number }).id
    await sqliteHandle.close()

    // ---- PostgreSQL: a throw-away cluster, a migrated database, the same rows in bulk
    started = performance.now()
    cluster = await startPostgresCluster()
    const clusterS = (performance.now() - started) / 1000
    const admin0 = new pg.Client({ connectionString: cluster.url })
    await admin0.connect()
    await admin0.query('create database vf_bench')
    await admin0.end()
    const url = new URL(cluster.url)
    url.pathname = '/vf_bench'
    const databaseUrl = url.toString()
    const pgHandle = openPostgres({ url: databaseUrl, max: 2 })
    await migrateToLatest(pgHandle.db)
    await seedDatabase(pgHandle.db, { demo: false, admin, hashPassword })
    started = performance.now()
    await seedFarmersPostgres(pgHandle.pool, count)
    const pgSeedS = (performance.now() - started) / 1000
    const pgProduceId = (await pgHandle.db.selectFrom('produce').select('id').where('name', '=', produce[0]!).executeTakeFirstOrThrow()).id
    await pgHandle.close()
    if (pgProduceId !== produceId) throw new Error(`the produce ids differ (SQLite ${produceId}, PostgreSQL ${pgProduceId})`)
    console.log(`  seeded: SQLite ${sqliteSeedS.toFixed(1)} s; PostgreSQL ${pgSeedS.toFixed(1)} s (bulk unnest batches; cluster started in ${clusterS.toFixed(1)} s) (${loadAverageNote()})`)

    const env = { ...ADMIN, TRUST_PROXY: '1', NODE_ENV: 'production' }
    const startServer = async (name: string, extra: Record<string, string>, dataDir: string) => {
      const server = serverProcess({ port: await freePort(), dataDir, logFile: path.join(work, `${name}.log`), env: { ...env, ...extra }, startTimeoutMs: 120_000 })
      servers.push(server)
      await server.start()
      return server
    }
    const sqliteServer = await startServer('sqlite', {}, sqliteDir)
    // Photos' shared directory for both PostgreSQL servers (decision 025); unused by these GETs.
    const sharedDir = path.join(work, 'shared')
    const pgServer = await startServer('postgres-a', { DATABASE_URL: databaseUrl }, sharedDir)

    const city = encodeURIComponent(towns[0]!)
    const firstProduce = encodeURIComponent(produce[0]!)
    const endpoints = [
      '/api/locations',
      '/api/produce',
      '/api/produce/availability',
      `/api/produce/availability/${produceId}/farmers?page=2`,
      '/api/farmers/locations',
      `/api/farmers/locations/${city}/farmers?page=2`,
      `/api/produce/by-location/${city}`,
      `/api/farmers/by-location-and-produce/${city}/${firstProduce}`,
      '/api/farmers',
      '/api/farmers?search=dalo&delivery=true',
      '/api/directory/snapshot',
      '/api/farms-with-ratings',
      `/api/farms-with-ratings?city=${city}&page=2`,
      '/api/farm-reviews',
    ]
    // A directory write between cold requests: the version row moves, every answer is recomputed.
    const sqliteWriter = openDatabase({ file: databaseFile(sqliteDir) })
    const pgWriter = new pg.Pool({ connectionString: databaseUrl, max: 1 })
    const bumps = {
      sqlite: async () => void sqliteWriter.sqlite.prepare('update directory_version set version = version + 1').run(),
      postgres: async () => void (await pgWriter.query('update directory_version set "version" = "version" + 1')),
    }
    const bumpReviews = {
      sqlite: async () => void sqliteWriter.sqlite.prepare('update farm_review_version set version = version + 1').run(),
      postgres: async () => void (await pgWriter.query('update farm_review_version set "version" = "version" + 1')),
    }

    type Row = { url: string; warm: Record<'sqlite' | 'postgres', Latency>; cold: Record<'sqlite' | 'postgres', Latency>; load: number }
    const rows: Row[] = []
    const failures: string[] = []
    try {
      for (const endpoint of endpoints) {
        try {
          const warm = {} as Row['warm']
          const cold = {} as Row['cold']
          for (const [dialect, server] of [['sqlite', sqliteServer], ['postgres', pgServer]] as const) {
            const target = `${server.baseUrl}${endpoint}`
            const first = await fetch(target, { headers: BROWSER_HEADERS })
            await first.arrayBuffer()
            if (first.status !== 200) throw new Error(`${dialect} answered ${first.status}`)
            const sequence = await sequentialLatency(target, { amount: WARM_REQUESTS })
            if (sequence.non2xx) throw new Error(`${dialect}: ${sequence.non2xx} non-2xx answers`)
            warm[dialect] = sequence
            const bump = endpoint.includes('review') || endpoint.includes('ratings') ? async () => Promise.all([bumps[dialect](), bumpReviews[dialect]()]) : bumps[dialect]
            cold[dialect] = await coldLatency(target, COLD_REQUESTS, bump)
          }
          rows.push({ url: endpoint, warm, cold, load: os.loadavg()[0]! })
        } catch (error) {
          failures.push(`  ${endpoint}: ${error instanceof Error ? error.message : String(error)} (${loadAverageNote()})`)
        }
      }
    } finally {
      await sqliteWriter.close()
      await pgWriter.end()
    }
    console.log(`  warm: ${WARM_REQUESTS} sequential requests on one keep-alive connection (p50 / p99 ms, latency-child.mjs in its own process); cold: ${COLD_REQUESTS} requests each right after a directory write (p50 / max ms, client-side)`)
    const f = (n: number) => n.toFixed(n < 10 ? 2 : 1).padStart(7)
    console.log(`  ${'endpoint'.padEnd(58)} ${'SQLite warm p50/p99'.padStart(20)} ${'PG warm p50/p99'.padStart(18)}  ${'SQLite cold p50/max'.padStart(20)} ${'PG cold p50/max'.padStart(18)}  load`)
    for (const r of rows) {
      console.log(
        `  ${r.url.padEnd(58)} ${f(r.warm.sqlite.p50)} ${f(r.warm.sqlite.p99)}     ${f(r.warm.postgres.p50)} ${f(r.warm.postgres.p99)}   ${f(r.cold.sqlite.p50)} ${f(r.cold.sqlite.max)}      ${f(r.cold.postgres.p50)} ${f(r.cold.postgres.max)}  ${r.load.toFixed(2)}`,
      )
    }
    for (const failure of failures) console.log(failure)

    // ---- one vs two servers on PostgreSQL, behind the round-robin proxy
    await sqliteServer.stop()
    const pgServerB = await startServer('postgres-b', { DATABASE_URL: databaseUrl }, sharedDir)
    const loadEndpoints = [`/api/farmers/locations/${city}/farmers?page=2`, '/api/farms-with-ratings', '/api/farmers?search=dalo&delivery=true']
    const one = await roundRobinProxy([pgServer.baseUrl])
    const two = await roundRobinProxy([pgServer.baseUrl, pgServerB.baseUrl])
    try {
      console.log(`\n  req/s on PostgreSQL, ${LOAD_CONNECTIONS} connections for ${LOAD_SECONDS} s, median of ${LOAD_ROUNDS} rounds taken in turn (autocannon in its own process; the proxy is this process; 2 cores shared by everything: servers, proxy, load generator, PostgreSQL):`)
      console.log(`  ${'endpoint'.padEnd(58)} ${'1 direct'.padStart(9)} ${'1 proxied'.padStart(10)} ${'2 proxied'.padStart(10)}  ${'p99 ms (2)'.padStart(10)}  ${'load'.padStart(5)}  rounds (direct/1/2)`)
      for (const endpoint of loadEndpoints) {
        try {
          // In turn, round after round, so a burst of load from elsewhere falls on every column alike.
          const rounds: LoadResult[][] = [[], [], []]
          for (let round = 0; round < LOAD_ROUNDS; round++) {
            for (const [i, base] of [pgServer.baseUrl, one.url, two.url].entries()) {
              const result = await loadTest(`${base}${endpoint}`, { connections: LOAD_CONNECTIONS, seconds: LOAD_SECONDS })
              if (result.non2xx || result.errors) throw new Error(`${result.non2xx} non-2xx answers and ${result.errors} errors under load via ${base}`)
              rounds[i]!.push(result)
            }
          }
          const [direct, oneProxied, twoProxied] = rounds.map(median) as [LoadResult, LoadResult, LoadResult]
          const each = rounds.map((results) => results.map((r) => r.rps.toFixed(0)).join(' ')).join(' / ')
          console.log(`  ${endpoint.padEnd(58)} ${direct.rps.toFixed(0).padStart(9)} ${oneProxied.rps.toFixed(0).padStart(10)} ${twoProxied.rps.toFixed(0).padStart(10)}  ${twoProxied.p99.toFixed(1).padStart(10)}  ${twoProxied.loadAverage.toFixed(2).padStart(5)}  ${each}`)
        } catch (error) {
          console.log(`  ${endpoint}: FAILED — ${error instanceof Error ? error.message : String(error)} (${loadAverageNote()})`)
          process.exitCode = 1
        }
      }
    } finally {
      await one.close()
      await two.close()
    }
    if (failures.length > 0) process.exitCode = 1
  } finally {
    for (const server of servers) await server.stop().catch(() => undefined)
    cluster?.stop()
    fs.rmSync(work, { recursive: true, force: true })
  }
}
