// `npm run bench`: the speed and size figures we report (never asserted by tests).
// 1. The public home page's initial JavaScript: the entry script and every chunk index.html
//    preloads, gzip-compressed, from the last `vite build` (dist/), when there is one.
// 2. Every public directory endpoint at 10,000 and 100,000 listed farmers (issue 12), on a temp
//    SQLite file through real HTTP on loopback:
//    - p50 / p99 of sequential requests, and the body size (plain and gzip);
//    - 'cold': the same request right after a directory write (the answer cache emptied);
//    - req/s under a bounded concurrent load, against a bare Express handler returning the same
//      JSON from memory in the same run (both plain, as a load tool sends no Accept-Encoding).
// Every loop is bounded in count and time and talks only to 127.0.0.1.
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import express from 'express'
import { DateTime } from 'luxon'
import { startTestApp, type TestApp } from '../api/testing/test-app'
import { lighthouseBench } from './bench/lighthouse'
import { printHomeJs } from './bench/home-js'
import { printOutboxBench } from './bench/outbox'

// --outbox: only P5, the outbox's drain (no build needed; a few minutes).
if (process.argv.includes('--outbox')) {
  await printOutboxBench()
  process.exit(0)
}

const SIZES = [10_000, 100_000]
const LATENCY_REQUESTS = 200
/** A slow endpoint stops its sequential loop after this long (with at least a few samples). */
const LATENCY_SECONDS = 8
const COLD_REQUESTS = 5
const LOAD_SECONDS = 1.5
const LOAD_CONCURRENCY = 8

function homeInitialJs(distDir = 'dist') {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8')
  const files = [...html.matchAll(/<(?:script[^>]+type="module"[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map((m) => m[1]!)
  const sizes = files.map((file) => {
    const bytes = fs.readFileSync(path.join(distDir, file))
    return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length }
  })
  return { sizes, gzipTotal: sizes.reduce((sum, s) => sum + s.gzip, 0) }
}

/** N listed farmers in one transaction through one prepared statement (the triggers fill the pairs). */
function seedFarmers(api: TestApp, count: number) {
  const produce = (api.sqlite.prepare('select name from produce where isActive = 1').all() as { name: string }[]).map((r) => r.name)
  const towns = (api.sqlite.prepare('select name from locations where isActive = 1').all() as { name: string }[]).map((r) => r.name)
  const today = DateTime.now().setZone('Pacific/Fiji').startOf('day')
  const start = today.minus({ days: 10 }).toUTC().toISO()!
  const end = today.plus({ days: 80 }).toUTC().toISO()!
  const insert = api.sqlite.prepare(
    `insert into farmers (id, name, phone, email, town, tikina, cities, produce, subscriptionStart, subscriptionEnd, isActive, isPremium, deliveryAvailable, isBulk)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?)`,
  )
  // Half the farms rated, twice each: the farm reviews page's counts and averages have work to do.
  const review = api.sqlite.prepare('insert into farm_reviews (id, farmId, rating, comment, createdAt) values (?, ?, ?, ?, ?)')
  api.sqlite.transaction(() => {
    for (let i = 0; i < count; i++) {
      const town = towns[i % towns.length]!
      const id = crypto.randomUUID()
      insert.run(
        id,
        `Bench Farm ${i}`,
        `+679 9${String(100000 + (i % 900000)).slice(-6)}`,
        `bench${i}@example.fj`,
        town,
        `Tikina ${i % 40}`,
        JSON.stringify([town, towns[(i * 7 + 3) % towns.length]!]),
        JSON.stringify([...new Set([0, 1, 2].map((k) => produce[(i * 3 + k * 7) % produce.length]!))]),
        start,
        end,
        i % 5 === 0 ? 1 : 0,
        i % 3 === 0 ? 1 : 0,
        i % 4 === 0 ? 1 : 0,
      )
      if (i % 2 === 0) {
        for (const k of [0, 1]) review.run(crypto.randomUUID(), id, 1 + ((i + k) % 5), `Bench review ${k} of farm ${i}`, today.minus({ minutes: i * 2 + k }).toUTC().toISO()!)
      }
    }
  })()
  api.sqlite.exec('analyze')
  return { produce, towns }
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

async function latency(base: string, url: string, requests: number, before?: () => void) {
  const times: number[] = []
  const until = performance.now() + LATENCY_SECONDS * 1000
  for (let i = 0; i < requests && (i < 5 || performance.now() < until); i++) {
    before?.()
    const started = performance.now()
    const { status } = await get(base, url)
    if (status !== 200) throw new Error(`${url} answered ${status}`)
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(times.length * q))]!
  return { p50: at(0.5), p99: at(0.99), max: times[times.length - 1]!, samples: times.length }
}

/** Requests completed per second by LOAD_CONCURRENCY loops, for LOAD_SECONDS. */
async function requestsPerSecond(base: string, url: string) {
  const until = performance.now() + LOAD_SECONDS * 1000
  let done = 0
  const loop = async () => {
    while (performance.now() < until) {
      const { status } = await get(base, url)
      if (status !== 200) throw new Error(`${url} answered ${status}`)
      done++
    }
  }
  const started = performance.now()
  await Promise.all(Array.from({ length: LOAD_CONCURRENCY }, loop))
  return done / ((performance.now() - started) / 1000)
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
  const api = await startTestApp({ demo: false })
  const seeding = performance.now()
  const { produce, towns } = seedFarmers(api, count)
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
      const gzip = await get(api.baseUrl, url, { 'accept-encoding': 'gzip' })
      const warm = await latency(api.baseUrl, url, LATENCY_REQUESTS)
      const cold = await latency(api.baseUrl, url, COLD_REQUESTS, () => bumpVersion.run())

      const json: unknown = await (await fetch(`${api.baseUrl}${url}`)).json()
      const bare = express()
      bare.get('/bare', (_req, res) => void res.json(json))
      const bareServer = await listen(bare)
      const bareRps = await requestsPerSecond(bareServer.base, '/bare')
      const rps = await requestsPerSecond(api.baseUrl, url)
      await bareServer.close()
      rows.push({ url, plainKB: plain.bytes / 1024, gzipKB: gzip.bytes / 1024, warm, cold, rps, bareRps })
    } catch (error) {
      failures.push(`  ${url}: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  await api.close()

  console.log(`  ${'endpoint'.padEnd(62)} ${'body KB'.padStart(8)} ${'gzip KB'.padStart(8)}  ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)}  ${'cold p50'.padStart(8)} ${'cold max'.padStart(8)}  ${'req/s'.padStart(7)} ${'bare'.padStart(7)} ${'ratio'.padStart(6)}`)
  for (const r of rows) {
    console.log(
      `  ${r.url.padEnd(62)} ${r.plainKB.toFixed(1).padStart(8)} ${r.gzipKB.toFixed(1).padStart(8)}  ${r.warm.p50.toFixed(2).padStart(7)} ${r.warm.p99.toFixed(2).padStart(7)}  ${r.cold.p50.toFixed(1).padStart(8)} ${r.cold.max.toFixed(1).padStart(8)}  ${r.rps.toFixed(0).padStart(7)} ${r.bareRps.toFixed(0).padStart(7)} ${`${((r.rps / r.bareRps) * 100).toFixed(0)}%`.padStart(6)}`,
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
  `\nPublic directory endpoints: ${LATENCY_REQUESTS} sequential requests each (or ${LATENCY_SECONDS} s; warm), ${COLD_REQUESTS} right after a write (cold), ` +
    `then ${LOAD_CONCURRENCY} concurrent loops for ${LOAD_SECONDS} s against a bare Express handler with the same JSON.`,
)
// --quick: 10,000 only; --large: 100,000 only.
const sizes = process.argv.includes('--quick') ? [SIZES[0]!] : process.argv.includes('--large') ? [SIZES[1]!] : SIZES
for (const count of sizes) await directoryAt(count)
agent.destroy()

await lighthouseBench()
// P1 as really served (scripts/bench/home-js.ts) and P5, the outbox's drain (scripts/bench/outbox.ts).
await printHomeJs()
await printOutboxBench()
