// `npm run bench`: the speed and size figures we report (never asserted by tests).
// 1. The public home page's initial JavaScript: the entry script and every chunk index.html
//    preloads, gzip-compressed, from the last `vite build` (dist/), when there is one.
// 2. Every public directory endpoint at 10,000 and 100,000 listed farmers, on a temp SQLite file
//    through real HTTP on loopback, with uneven data as the country has it (one town holds most
//    farmers, a long tail of small ones), the load generator (autocannon) in its own process and
//    every request asking as a browser asks (Accept-Encoding: br, gzip):
//    - p50 / p99 of a sequence of single requests, and the body size (plain and as sent);
//    - 'cold': the same request right after a directory write (the answer cache emptied);
//    - req/s under a bounded concurrent load, against a bare Express handler sending the same
//      bytes (same Content-Encoding) from memory in the same run.
//    The machine's load average is printed beside each figure.
// 3. A mixed load at 100,000 farmers (scripts/bench/mixed-load.ts): the server in its own process.
// 4. The directory on PostgreSQL beside SQLite at 100,000 farmers (p50/p99, warm and cold), and req/s
//    of one vs two servers on one PostgreSQL behind a small reverse proxy (scripts/bench/postgres.ts).
// 5. The outbox draining 200 photo signups on loopback and 40 through a shaped link, with the real
//    engine in node (scripts/bench/outbox.ts) and again in Chromium (scripts/bench/outbox-browser.ts).
// Every loop is bounded in count and time and talks only to 127.0.0.1. A part that fails is
// reported and the bench goes on to its end (exit code 1).
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import express from 'express'
import { startSqliteTestApp } from '../api/testing/test-app'
import { lighthouseBench } from './bench/lighthouse'
import { printHomeJs } from './bench/home-js'
import { printOutboxBench } from './bench/outbox'
import { printOutboxBrowserBench } from './bench/outbox-browser'
import { BROWSER_HEADERS, asSent, benchPart, loadAverageNote, loadTest } from './bench/load'
import { BIG_TOWN_SHARE, seedFarmers } from './bench/seed'
import { printMixedLoad } from './bench/mixed-load'
import { printPostgresBench } from './bench/postgres'
import { initialJsFiles } from './app-loader'

// --outbox: only P5, the outbox's drain, in node then in Chromium (no build needed; a few minutes);
// --outbox-browser: only its Chromium half.
if (process.argv.includes('--outbox') || process.argv.includes('--outbox-browser')) {
  if (process.argv.includes('--outbox')) await benchPart('Outbox drain', () => printOutboxBench())
  await benchPart('Outbox drain in a browser', () => printOutboxBrowserBench())
  process.exit()
}
// --offline-open: only the installed app opened offline beside the one-line page (scripts/bench/offline-open.ts;
// builds first, as the Lighthouse part does).
if (process.argv.includes('--offline-open')) {
  await benchPart('Offline open', () => lighthouseBench({ offlineOpenOnly: true }))
  process.exit()
}
// --mixed: only part 3, the mixed load (no build needed; --quick: 10,000 farmers).
if (process.argv.includes('--mixed')) {
  await benchPart('Mixed load', () => printMixedLoad(process.argv.includes('--quick') ? 10_000 : 100_000))
  process.exit()
}
// --postgres: only part 4, PostgreSQL beside SQLite and one vs two servers (no build needed; --quick: 10,000 farmers).
if (process.argv.includes('--postgres')) {
  await benchPart('PostgreSQL', () => printPostgresBench(process.argv.includes('--quick') ? 10_000 : 100_000))
  process.exit()
}

const SIZES = [10_000, 100_000]
const LATENCY_REQUESTS = 200
const COLD_REQUESTS = 5
const LOAD_SECONDS = 2
const LOAD_CONCURRENCY = 8


function homeInitialJs(distDir = 'dist') {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8')
  const files = initialJsFiles(html)
  const sizes = files.map((file) => {
    const bytes = fs.readFileSync(path.join(distDir, file))
    return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length }
  })
  return { sizes, gzipTotal: sizes.reduce((sum, s) => sum + s.gzip, 0) }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: LOAD_CONCURRENCY })

/** One GET on loopback: status and body bytes (as sent on the wire). */
function get(base: string, url: string, headers: Record<string, string> = {}): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${url}`, { agent, headers }, (res) => {
      let bytes = 0
      res.on('data', (chunk: Buffer) => (bytes += chunk.length))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }))
      res.on('error', reject)
    })
    req.on('error', reject)
  })
}

/** Sequential single requests right after `before()` (the cold path), as a browser asks. */
async function coldLatency(base: string, url: string, requests: number, before: () => void) {
  const times: number[] = []
  for (let i = 0; i < requests; i++) {
    before()
    const started = performance.now()
    const { status } = await get(base, url, BROWSER_HEADERS)
    if (status !== 200) throw new Error(`${url} answered ${status}`)
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return { p50: times[Math.floor(times.length / 2)]!, max: times[times.length - 1]! }
}

async function listen(app: express.Express): Promise<{ base: string; close: () => Promise<void> }> {
  const server: http.Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s))
  })
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

async function directoryAt(count: number) {
  const api = await startSqliteTestApp({ demo: false })
  const seeding = performance.now()
  const { produce, towns } = seedFarmers(api.sqlite, count)
  console.log(`\n${count.toLocaleString('en')} listed farmers (seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s)`)
  const enc = encodeURIComponent
  const city = towns[0]!
  const produceId = (api.sqlite.prepare('select id from produce where name = ?').get(produce[0]) as { id: number }).id
  const endpoints = [
    '/api/locations',
    '/api/produce',
    '/api/produce/availability',
    `/api/produce/availability/${produceId}/farmers?page=2`,
    '/api/farmers/locations',
    `/api/farmers/locations/${enc(city)}/farmers?page=2`,
    `/api/produce/by-location/${enc(city)}`,
    `/api/farmers/by-location-and-produce/${enc(city)}/${enc(produce[0]!)}`,
    '/api/farmers',
    '/api/farmers?search=dalo&delivery=true',
    '/api/directory/snapshot',
    '/api/farms-with-ratings',
    `/api/farms-with-ratings?city=${enc(city)}&page=2`,
    '/api/farm-reviews',
  ]
  const bumpVersion = api.sqlite.prepare('update directory_version set version = version + 1')

  const rows = []
  const failures: string[] = []
  for (const url of endpoints) {
    try {
      const plain = await get(api.baseUrl, url)
      if (plain.status !== 200) throw new Error(`answered ${plain.status}`)
      const sent = await asSent(`${api.baseUrl}${url}`, agent)
      const warm = await loadTest(`${api.baseUrl}${url}`, { connections: 1, amount: LATENCY_REQUESTS })
      const cold = await coldLatency(api.baseUrl, url, COLD_REQUESTS, () => bumpVersion.run())

      const bare = express()
      bare.get('/bare', (_req, res) => void res.set(sent.headers).send(sent.body))
      const bareServer = await listen(bare)
      const bareLoad = await loadTest(`${bareServer.base}/bare`, { connections: LOAD_CONCURRENCY, seconds: LOAD_SECONDS })
      const load = await loadTest(`${api.baseUrl}${url}`, { connections: LOAD_CONCURRENCY, seconds: LOAD_SECONDS })
      await bareServer.close()
      if (load.non2xx || load.errors) throw new Error(`${load.non2xx} non-2xx answers and ${load.errors} errors under load`)
      rows.push({ url, plainKB: plain.bytes / 1024, sentKB: sent.body.length / 1024, encoding: sent.headers['content-encoding'] ?? 'identity', warm, cold, rps: load.rps, bareRps: bareLoad.rps, loadAverage: load.loadAverage })
    } catch (error) {
      failures.push(`  ${url}: ${error instanceof Error ? error.message : String(error)} (${loadAverageNote()})`)
    }
  }
  await api.close()

  console.log(`  ${'endpoint'.padEnd(62)} ${'body KB'.padStart(8)} ${'sent KB'.padStart(8)}  ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)}  ${'cold p50'.padStart(8)} ${'cold max'.padStart(8)}  ${'req/s'.padStart(7)} ${'bare'.padStart(7)} ${'ratio'.padStart(6)}  load`)
  for (const r of rows) {
    console.log(
      `  ${r.url.padEnd(62)} ${r.plainKB.toFixed(1).padStart(8)} ${`${r.sentKB.toFixed(1)}${r.encoding === 'br' ? '' : ` ${r.encoding}`}`.padStart(8)}  ${r.warm.p50.toFixed(2).padStart(7)} ${r.warm.p99.toFixed(2).padStart(7)}  ${r.cold.p50.toFixed(1).padStart(8)} ${r.cold.max.toFixed(1).padStart(8)}  ${r.rps.toFixed(0).padStart(7)} ${r.bareRps.toFixed(0).padStart(7)} ${`${((r.rps / r.bareRps) * 100).toFixed(0)}%`.padStart(6)}  ${r.loadAverage.toFixed(2)}`,
    )
  }
  for (const failure of failures) console.log(failure)
}

if (fs.existsSync(path.join('dist', 'index.html'))) {
  const home = homeInitialJs()
  console.log('Home page initial JS (gzip):')
  for (const s of home.sizes) console.log(`  ${s.file.padEnd(48)} ${(s.gzip / 1024).toFixed(2)} KB`)
  console.log(`  total ${(home.gzipTotal / 1024).toFixed(2)} KB (budget 150 KB)`)
} else {
  console.log('Home page initial JS: no dist/ (run `npm run build` first)')
}
console.log(
  `\nPublic directory endpoints (${loadAverageNote()} at start; Accept-Encoding: br, gzip; ${(BIG_TOWN_SHARE * 100).toFixed(0)} % of farmers in one town): ` +
    `${LATENCY_REQUESTS} sequential requests each (warm), ${COLD_REQUESTS} right after a write (cold), ` +
    `then ${LOAD_CONCURRENCY} connections for ${LOAD_SECONDS} s from autocannon in its own process, against a bare Express handler sending the same bytes.`,
)
// --quick: 10,000 only; --large: 100,000 only.
const sizes = process.argv.includes('--quick') ? [SIZES[0]!] : process.argv.includes('--large') ? [SIZES[1]!] : SIZES
for (const count of sizes) await benchPart(`Directory at ${count.toLocaleString('en')}`, () => directoryAt(count))
agent.destroy()
// A real day (issue 19): public load, farm reviews, a staff member's list and export, a health prober.
await benchPart('Mixed load', () => printMixedLoad(process.argv.includes('--quick') ? 10_000 : 100_000))
// Issue 18: the directory on PostgreSQL beside SQLite, and one vs two servers behind a proxy.
await benchPart('PostgreSQL', () => printPostgresBench(process.argv.includes('--quick') ? 10_000 : 100_000))

await benchPart('Lighthouse', () => lighthouseBench())
// P1 as really served (scripts/bench/home-js.ts) and P5, the outbox's drain (scripts/bench/outbox.ts).
await benchPart('Home page JS as served', () => printHomeJs())
await benchPart('Outbox drain', () => printOutboxBench())
await benchPart('Outbox drain in a browser', () => printOutboxBrowserBench())
