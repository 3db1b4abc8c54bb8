// `npm run bench`, web part: the public pages as `npm start` serves them (a fresh build, the real
// server on a fresh demo-seeded data dir), measured the way a cheap Android phone on slow 4G
// meets them:
// 1. the home page's initial JavaScript over the wire (brotli and gzip, as the server sends it);
// 2. Lighthouse 12 mobile (simulated slow 4G, 4× CPU; system Chromium, CHROME_PATH), median of
//    RUNS runs per page: performance, accessibility, LCP, CLS, TBT, FCP, with the machine's load
//    average beside each page — the four public pages and one farmer's page (from the sitemap);
// 3. the installed app opened offline beside a one-line page (scripts/bench/offline-open.ts).
import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { printOfflineOpen } from './offline-open'
import { initialJsFiles } from '../app-loader'
import { SERVER_BUNDLE } from '../build-server'

export const lighthousePages = ['/', '/browse-farmers', '/reviews', '/experts'] as const

const chromeFlags = [
  '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
]

type Scores = { performance: number; accessibility: number; lcpMs: number; cls: number; tbtMs: number; fcpMs: number }

type LighthouseResult = {
  categories: Record<string, { score: number | null }>
  audits: Record<string, { numericValue?: number }>
}

/** Bytes a browser receives for `urlPath` when it accepts only `encoding`. */
function wireBytes(origin: string, urlPath: string, encoding: 'br' | 'gzip'): Promise<{ bytes: number; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    http.get(`${origin}${urlPath}`, { headers: { 'accept-encoding': encoding } }, (res) => {
      let bytes = 0
      res.on('data', (chunk: Buffer) => (bytes += chunk.length))
      res.on('end', () => resolve({ bytes, encoding: res.headers['content-encoding'] }))
    }).on('error', reject)
  })
}

/** Below this a compressed copy is rarely smaller than the file (gzip's header alone is 18 bytes). */
const TINY_FILE_BYTES = 1024

async function homeInitialJsOverTheWire(origin: string) {
  const html = await (await fetch(`${origin}/`)).text()
  const files = initialJsFiles(html)
  const total = { br: 0, gzip: 0 }
  for (const file of files) {
    for (const encoding of ['br', 'gzip'] as const) {
      const sent = await wireBytes(origin, file, encoding)
      // precompress writes no copy that would not be smaller (a 55-byte chunk), so such a file
      // goes out as it is; anything larger sent uncompressed is a serving bug worth stopping on.
      const isTinyAsIs = sent.encoding === undefined && sent.bytes < TINY_FILE_BYTES
      if (sent.encoding !== encoding && !isTinyAsIs) throw new Error(`${file} was not sent with ${encoding} (got ${sent.encoding ?? 'identity'})`)
      total[encoding] += sent.bytes
    }
  }
  return { files: files.length, ...total }
}

/** Lighthouse now and then loses its own trace on a busy machine (NO_NAVSTART): such a run is
 * taken again, up to ATTEMPTS times, so the bench runs to its end. */
const ATTEMPTS = 3

function runLighthouse(url: string, chromePath: string): Scores {
  for (let attempt = 1; ; attempt++) {
    try {
      return runLighthouseOnce(url, chromePath)
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error
      console.log(`  (${new URL(url).pathname}: Lighthouse failed — ${String((error as Error).message).split('\n')[0]!.slice(0, 120)}; run again)`)
    }
  }
}

function runLighthouseOnce(url: string, chromePath: string): Scores {
  const json = execFileSync(
    path.resolve('node_modules/.bin/lighthouse'),
    [url, '--form-factor=mobile', '--only-categories=performance,accessibility', '--output=json', '--output-path=stdout', '--quiet', `--chrome-flags=${chromeFlags.join(' ')}`],
    { env: { ...process.env, CHROME_PATH: chromePath }, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' },
  )
  const report = JSON.parse(json) as LighthouseResult
  // LIGHTHOUSE_REPORT_DIR keeps each run's full report (traces' long tasks, the LCP element).
  if (process.env.LIGHTHOUSE_REPORT_DIR) {
    fs.mkdirSync(process.env.LIGHTHOUSE_REPORT_DIR, { recursive: true })
    const name = `${new URL(url).pathname.replace(/\W+/g, '_') || 'home'}-${Date.now()}.json`
    fs.writeFileSync(path.join(process.env.LIGHTHOUSE_REPORT_DIR, name), json)
  }
  const audit = (id: string) => report.audits[id]?.numericValue ?? Number.NaN
  return {
    performance: Math.round((report.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((report.categories.accessibility?.score ?? 0) * 100),
    lcpMs: audit('largest-contentful-paint'),
    cls: audit('cumulative-layout-shift'),
    tbtMs: audit('total-blocking-time'),
    fcpMs: audit('first-contentful-paint'),
  }
}

/** One listed farmer's page, as the sitemap gives it to search engines. */
/** The sitemap's first `count` farmer pages (the demo set's ids are new in each bench). */
async function farmerPages(origin: string, count: number): Promise<string[]> {
  const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text()
  const pages = [...sitemap.matchAll(/<loc>[^<]*?(\/farmers\/[0-9a-f-]{36})<\/loc>/g)].map((m) => m[1]!).slice(0, count)
  if (pages.length === 0) throw new Error('the sitemap lists no farmer page')
  return pages
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

async function waitForHealth(origin: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300))
  }
  throw new Error(`the server at ${origin} did not start`)
}

/** Builds, serves as `npm start` does, prints the wire bytes and the Lighthouse scores.
 * `offlineOpenOnly` (`npm run bench -- --offline-open`): the installed app's offline open alone, a few
 * minutes where the Lighthouse rows before it take a quarter of an hour on a shared machine. */
export async function lighthouseBench({ port = Number(process.env.BENCH_PORT ?? 3999), runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3), offlineOpenOnly = false } = {}) {
  const chromePath = process.env.CHROME_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p))
  if (!chromePath) {
    console.log('\nLighthouse: no Chromium found (set CHROME_PATH); skipped.')
    return
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'vf-bench-web-'))
  const webDir = path.join(work, 'dist')
  execFileSync(path.resolve('node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], { env: { ...process.env, WEB_DIR: webDir }, stdio: 'inherit' })
  // The server as `npm start` runs it: the bundle the build just wrote.
  const server = spawn(process.execPath, [SERVER_BUNDLE], {
    env: { ...process.env, PORT: String(port), DATA_DIR: path.join(work, 'data'), WEB_DIR: webDir, SEED_DEMO: '1', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  })
  const origin = `http://localhost:${port}`
  try {
    await waitForHealth(origin)
    if (offlineOpenOnly) return await printOfflineOpen(origin, chromePath, Number(process.env.OFFLINE_OPEN_RUNS ?? 7))
    const wire = await homeInitialJsOverTheWire(origin)
    console.log(`\nHome page initial JS over the wire (${wire.files} files): brotli ${(wire.br / 1024).toFixed(1)} KB, gzip ${(wire.gzip / 1024).toFixed(1)} KB`)

    console.log(`\nLighthouse 12 mobile (simulated slow 4G, 4× CPU), median of ${runs}:`)
    console.log(`  ${'page'.padEnd(16)} perf  a11y   LCP (s)  CLS     TBT (ms)  FCP (s)   load during runs`)
    // LIGHTHOUSE_PAGES=/,/reviews measures a subset while working on one page; LIGHTHOUSE_FARMER_PAGES=5
    // measures five farmers' pages (with LIGHTHOUSE_PAGES= , those alone).
    const farmers = await farmerPages(origin, Number(process.env.LIGHTHOUSE_FARMER_PAGES ?? 1))
    const named = process.env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean)
    const pages = named ? [...named, ...(process.env.LIGHTHOUSE_FARMER_PAGES ? farmers : [])] : [...lighthousePages, ...farmers]
    for (const page of pages) {
      const load: number[] = []
      const results = Array.from({ length: runs }, () => {
        load.push(os.loadavg()[0]!)
        return runLighthouse(`${origin}${page}`, chromePath)
      })
      const pick = (key: keyof Scores) => median(results.map((r) => r[key]))
      const name = farmers.includes(page) ? (farmers.length > 1 ? `/farmers/<${farmers.indexOf(page) + 1}>` : '/farmers/<id>') : page
      console.log(
        `  ${name.padEnd(16)} ${String(pick('performance')).padStart(4)}  ${String(pick('accessibility')).padStart(4)}   ${(pick('lcpMs') / 1000).toFixed(2).padStart(7)}  ${pick('cls').toFixed(3)}   ${Math.round(pick('tbtMs')).toString().padStart(8)}  ${(pick('fcpMs') / 1000).toFixed(2).padStart(7)}` +
          `   ${load.map((l) => l.toFixed(2)).join(', ')}   (performance runs: ${results.map((r) => r.performance).join(', ')})`,
      )
    }
    // A one-line page's ~0.1 s is the ratio's denominator: 3 runs moved it by a quarter between benches.
    if (!process.env.LIGHTHOUSE_PAGES) await printOfflineOpen(origin, chromePath, Number(process.env.OFFLINE_OPEN_RUNS ?? 7))
  } finally {
    const exited = new Promise((resolve) => server.once('exit', resolve))
    server.kill('SIGTERM')
    await exited
    fs.rmSync(work, { recursive: true, force: true })
  }
}

// `tsx scripts/bench/lighthouse.ts` runs the web part alone.
if (import.meta.url === `file://${process.argv[1]}`) await lighthouseBench()
