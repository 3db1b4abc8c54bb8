// `npm run bench`: the speed and size figures we report (never asserted by tests).
// 1. The public home page's initial JavaScript: the entry script and every chunk index.html
//    preloads, gzip-compressed, from the last `vite build` (dist/).
// 2. Public API latency on a directory of 2,000 listed farmers (real SQLite file, real HTTP).
import fs from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { DateTime } from 'luxon'
import { startTestApp } from '../api/testing/test-app'
import { printHomeJs } from './bench/home-js'
import { printOutboxBench } from './bench/outbox'

function homeInitialJs(distDir = 'dist') {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8')
  const files = [...html.matchAll(/<(?:script[^>]+type="module"[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map((m) => m[1]!)
  const sizes = files.map((file) => {
    const bytes = fs.readFileSync(path.join(distDir, file))
    return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length }
  })
  return { sizes, gzipTotal: sizes.reduce((sum, s) => sum + s.gzip, 0) }
}

async function apiLatency() {
  const api = await startTestApp({ demo: false })
  const produce = await api.db.selectFrom('produce').select('name').execute()
  const towns = await api.db.selectFrom('locations').select('name').execute()
  const today = DateTime.now().setZone('Pacific/Fiji').startOf('day')
  const farmers = Array.from({ length: 2000 }, (_, i) => ({
    id: crypto.randomUUID(),
    name: `Bench Farm ${i}`,
    phone: `+679 9${String(100000 + i).slice(-6)}`,
    email: `bench${i}@example.fj`,
    town: towns[i % towns.length]!.name,
    cities: JSON.stringify([towns[i % towns.length]!.name, towns[(i * 7) % towns.length]!.name]),
    produce: JSON.stringify([0, 1, 2].map((k) => produce[(i * 3 + k) % produce.length]!.name)),
    subscriptionStart: today.minus({ days: 10 }).toUTC().toISO()!,
    subscriptionEnd: today.plus({ days: 80 }).toUTC().toISO()!,
    isActive: 1 as const,
    isPremium: (i % 5 === 0 ? 1 : 0) as 0 | 1,
  }))
  for (let i = 0; i < farmers.length; i += 200) await api.db.insertInto('farmers').values(farmers.slice(i, i + 200)).execute()

  const city = encodeURIComponent(towns[0]!.name)
  const endpoints = [
    '/api/locations',
    '/api/produce/availability',
    '/api/farmers/locations',
    `/api/produce/by-location/${city}`,
    `/api/farmers/by-location-and-produce/${city}/${encodeURIComponent(produce[0]!.name)}`,
    '/api/farmers?search=dalo&delivery=false',
    '/api/farms-with-ratings',
  ]
  const results = []
  for (const endpoint of endpoints) {
    const times: number[] = []
    for (let i = 0; i < 60; i++) {
      const started = performance.now()
      const res = await api.fetch(endpoint)
      await res.arrayBuffer()
      if (!res.ok) throw new Error(`${endpoint} answered ${res.status}`)
      times.push(performance.now() - started)
    }
    times.sort((a, b) => a - b)
    results.push({ endpoint, p50: times[Math.floor(times.length * 0.5)]!, p95: times[Math.floor(times.length * 0.95)]! })
  }
  await api.close()
  return results
}

const home = homeInitialJs()
console.log('Home page initial JS (gzip):')
for (const s of home.sizes) console.log(`  ${s.file.padEnd(48)} ${(s.gzip / 1024).toFixed(2)} KB`)
console.log(`  total ${(home.gzipTotal / 1024).toFixed(2)} KB (budget 150 KB)`)
console.log('\nPublic API latency, 2,000 listed farmers, 60 requests each (ms):')
for (const r of await apiLatency()) console.log(`  ${r.endpoint.padEnd(64)} p50 ${r.p50.toFixed(1)}  p95 ${r.p95.toFixed(1)}`)
// P1 as really served (scripts/bench/home-js.ts) and P5, the outbox's drain (scripts/bench/outbox.ts).
await printHomeJs()
await printOutboxBench()
