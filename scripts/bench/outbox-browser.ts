// P5 in a real browser: the same drain as outbox.ts, run by the same engine (sync/outbox) in
// Chromium on its own IndexedDB, beside raw fetch PUTs of the same photo Blobs from the same page.
// - The page and its script (sync/outbox bundled by esbuild at bench time, in memory: nothing is
//   written to dist/ or shipped) are answered by Playwright's route for /__outbox-bench* URLs on the
//   API server's own origin, so the engine's requests are same-origin exactly as in the app. The
//   route is removed before anything is timed: while a route is set, Playwright pauses every request
//   of the page (not only the matching ones) to ask whether it is routed.
// - A persistent profile (a temp dir), so IndexedDB writes go to disk as on a phone (an incognito
//   context keeps them in memory), with the app's strict durability.
// - Raw PUT floor: fetch PUTs of the same Blobs, one after another, to a bare sink on another
//   loopback port (CORS; Access-Control-Max-Age, so the preflight is paid once, before the clock).
// - Shaped: the same through scripts/bench/shaped-link.ts (the page served on the proxy's origin).
// BENCH_IDB_DURABILITY=relaxed opens the outbox without the app's strict flushes (to see what they cost).
// BENCH_KEEP_ROUTE=1 leaves the route on during the drain (to see what it costs).
// BENCH_BROWSER_PROFILE=<dir>: a CDP CPU profile of the page during the loopback drain and the
// server's --cpu-prof, written there. Figures only: nothing here is asserted.
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { chromium, type BrowserContext, type Page } from '@playwright/test'
import { build } from 'esbuild'
import { CHAOS_ENDPOINTS, type Submission } from '../chaos/fixtures'
import { listenOnLoopback, REPO_ROOT } from '../chaos/server-process'
import { loadAverageNote } from './load'
import { AGENT, SHAPED, processCpuMs, shapedSignupCount, signups, withBenchServer, type BenchServer } from './outbox'
import type { OutboxBenchPage, PageDrain, PageItem } from './outbox-browser-page'
import { startShapedLink } from './shaped-link'

const CHROME_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking']

export interface BrowserDrainFigures extends PageDrain {
  signups: number
  photoBytes: number
  loadAverage: number
  /** CPU ms over the drain: the page's main thread (CDP TaskDuration), every Chromium process, the server. */
  cpuMs: { pageThread: number; browser: Record<string, number> | null; server: number | null }
}

export interface OutboxBrowserBench {
  browserVersion: string
  loopback: BrowserDrainFigures & { rawPutMs: number; preflights: number; rawPutLoadAverage: number }
  shaped: BrowserDrainFigures & { floorMs: number }
}

/** sync/outbox (engine, Dexie) and the page's bench functions as one classic script. */
async function bundlePage(): Promise<string> {
  const result = await build({
    entryPoints: [path.join(REPO_ROOT, 'scripts/bench/outbox-browser-page.ts')],
    bundle: true, format: 'iife', platform: 'browser', target: 'chrome120', write: false, minify: false, logLevel: 'silent',
  })
  return result.outputFiles[0]!.text
}

/** Which Chromium process: the browser itself, or its --type (renderer) / --utility-sub-type's last word (NetworkService, StorageService). */
function chromiumRole(pid: number): string {
  // Chromium rewrites its children's titles: one string, arguments joined by spaces.
  const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/)
  const value = (name: string) => args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3)
  return value('utility-sub-type')?.split('.').pop() ?? value('type') ?? 'browser'
}

/** CPU ms of every Chromium process descended from this one, by role (the browser, renderer, network, storage, GPU...). */
function chromiumCpuMs(): Record<string, number> | null {
  try {
    const parents = new Map<number, number>()
    const names = new Map<number, string>()
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue
      try {
        const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8')
        parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]))
        names.set(Number(entry), stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')))
      } catch {
        // Gone since the listing.
      }
    }
    const isOurs = (pid: number): boolean => {
      for (let at = pid, hops = 0; at > 1 && hops < 20; at = parents.get(at) ?? 0, hops++) if (at === process.pid) return true
      return false
    }
    const byRole: Record<string, number> = {}
    for (const [pid, name] of names) {
      if (!/chrom/i.test(name) || !isOurs(pid)) continue
      try {
        const role = chromiumRole(pid)
        byRole[role] = (byRole[role] ?? 0) + (processCpuMs(pid) ?? 0)
      } catch {
        // Gone since the listing.
      }
    }
    return byRole
  } catch {
    return null
  }
}

function cpuSpent(before: Record<string, number> | null, after: Record<string, number> | null): Record<string, number> | null {
  if (before === null || after === null) return null
  return Object.fromEntries(Object.entries(after).map(([role, ms]) => [role, ms - (before[role] ?? 0)]).filter(([, ms]) => (ms as number) > 0))
}

/** A sink that reads PUT bodies and answers 200, with CORS for `origin`; counts preflights. */
async function startSink(origin: string) {
  let preflights = 0
  const cors = { 'access-control-allow-origin': origin, 'access-control-allow-methods': 'PUT', 'access-control-allow-headers': 'content-type', 'access-control-max-age': '600' }
  const sink = http.createServer((req, res) => {
    if (req.method === 'OPTIONS') preflights++
    req.resume()
    req.on('end', () => res.writeHead(req.method === 'OPTIONS' ? 204 : 200, { ...cors, 'content-length': '0' }).end())
  })
  const url = `http://127.0.0.1:${await listenOnLoopback(sink)}/upload`
  return { url, preflights: () => preflights, close: () => new Promise<void>((resolve) => sink.close(() => resolve())) }
}

/** A page on `origin` with the bench script and `photos` loaded; the route is gone when this resolves. */
async function openBenchPage(context: BrowserContext, origin: string, script: string, photos: Buffer[]): Promise<Page> {
  // A page answered by a route has no address, so Chromium takes it for a public one and would refuse
  // its requests to the sink on loopback (Local Network Access) without this.
  await context.grantPermissions(['local-network-access'], { origin })
  const page = await context.newPage()
  page.on('console', (message) => message.type() === 'warning' && console.warn(`  [page] ${message.text()}`))
  await page.route('**/__outbox-bench**', (route) => {
    const url = new URL(route.request().url())
    if (url.pathname === '/__outbox-bench') return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>outbox bench</title><script src="/__outbox-bench/page.js"></script>' })
    if (url.pathname === '/__outbox-bench/page.js') return route.fulfill({ contentType: 'text/javascript', body: script })
    const photo = /^\/__outbox-bench\/photo\/(\d+)$/.exec(url.pathname)
    if (photo && photos[Number(photo[1])]) return route.fulfill({ contentType: 'image/png', body: photos[Number(photo[1])] })
    return route.fulfill({ status: 404, body: '' })
  })
  await page.goto(`${origin}/__outbox-bench`)
  await page.evaluate((count) => (globalThis as unknown as { outboxBench: OutboxBenchPage }).outboxBench.loadPhotos(count), photos.length)
  if (!process.env.BENCH_KEEP_ROUTE) await page.unrouteAll({ behavior: 'wait' })
  return page
}

async function drainInPage(page: Page, items: Submission[], bench: BenchServer, profileTo?: string): Promise<BrowserDrainFigures> {
  const pageItems: PageItem[] = items.map((item, index) => ({ payload: item.payload as PageItem['payload'], photos: [index] }))
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Performance.enable')
  const taskSeconds = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0
  const agent = { id: bench.agent.id, name: AGENT.name, token: bench.agent.token }
  // As JSON text: Playwright's typing of a deep argument is more than tsc will instantiate.
  await page.evaluate((json) => {
    const { list, who, endpoint, durability } = JSON.parse(json) as { list: PageItem[]; who: { id: string; name: string; token: string }; endpoint: string; durability?: 'relaxed' }
    return (globalThis as unknown as { outboxBench: OutboxBenchPage }).outboxBench.queue(list, who, endpoint, durability)
  }, JSON.stringify({ list: pageItems, who: agent, endpoint: CHAOS_ENDPOINTS.dataAgentSignup, durability: process.env.BENCH_IDB_DURABILITY === 'relaxed' ? 'relaxed' : undefined }))
  if (profileTo) {
    await cdp.send('Profiler.enable')
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
    await cdp.send('Profiler.start')
  }
  const before = { task: await taskSeconds(), browser: chromiumCpuMs(), server: processCpuMs(bench.server.pid) }
  const result = await page.evaluate(() => (globalThis as unknown as { outboxBench: OutboxBenchPage }).outboxBench.drain())
  const loadAverage = os.loadavg()[0]!
  const after = { task: await taskSeconds(), browser: chromiumCpuMs(), server: processCpuMs(bench.server.pid) }
  if (profileTo) {
    const { profile } = await cdp.send('Profiler.stop')
    fs.writeFileSync(path.join(profileTo, `page-${Date.now()}.cpuprofile`), JSON.stringify(profile))
  }
  await cdp.detach()
  return {
    ...result,
    signups: items.length,
    photoBytes: items.reduce((sum, item) => sum + item.photos.reduce((s, p) => s + p.length, 0), 0),
    loadAverage,
    cpuMs: {
      pageThread: (after.task - before.task) * 1000,
      browser: cpuSpent(before.browser, after.browser),
      server: before.server === null || after.server === null ? null : after.server - before.server,
    },
  }
}

export async function benchOutboxBrowser(options: { loopbackSignups?: number; shapedSignups?: number } = {}): Promise<OutboxBrowserBench> {
  const executablePath = process.env.CHROME_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p))
  if (!executablePath) throw new Error('no Chromium found (set CHROME_PATH)')
  const profileTo = process.env.BENCH_BROWSER_PROFILE
  if (profileTo) fs.mkdirSync(profileTo, { recursive: true })
  const script = await bundlePage()
  return withBenchServer(async (bench) => {
    const context = await chromium.launchPersistentContext(path.join(bench.tempDir, 'chromium-profile'), { executablePath, args: CHROME_ARGS, headless: true })
    try {
      const browserVersion = context.browser()?.version() ?? 'Chromium'
      const loopbackItems = signups(options.loopbackSignups ?? 200, 1, bench.reference)
      const loopbackPhotos = loopbackItems.flatMap((item) => item.photos)
      const page = await openBenchPage(context, bench.server.baseUrl, script, loopbackPhotos)
      const loopback = await drainInPage(page, loopbackItems, bench, profileTo)
      const sink = await startSink(bench.server.baseUrl)
      let rawPutMs: number
      try {
        rawPutMs = await page.evaluate((url) => (globalThis as unknown as { outboxBench: OutboxBenchPage }).outboxBench.rawPuts(url), sink.url)
      } finally {
        await sink.close()
      }
      const rawPutLoadAverage = os.loadavg()[0]!
      await page.close()

      const link = await startShapedLink({ target: { host: '127.0.0.1', port: Number(new URL(bench.server.baseUrl).port) }, ...SHAPED })
      try {
        const shapedItems = signups(options.shapedSignups ?? shapedSignupCount(), 2, bench.reference)
        const shapedPage = await openBenchPage(context, link.url, script, shapedItems.flatMap((item) => item.photos))
        const shaped = await drainInPage(shapedPage, shapedItems, bench)
        await shapedPage.close()
        return {
          browserVersion,
          loopback: { ...loopback, rawPutMs, preflights: sink.preflights(), rawPutLoadAverage },
          shaped: { ...shaped, floorMs: (shaped.photoBytes * 8 * 1000) / SHAPED.bitsPerSecond },
        }
      } finally {
        await link.close()
      }
    } finally {
      await context.close()
    }
  }, profileTo ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileTo)}`] : undefined)
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`
const perSignup = (ms: number | null, count: number) => (ms === null ? '?' : (ms / count).toFixed(1))
const cpuNote = ({ cpuMs, signups }: BrowserDrainFigures) => {
  const roles = cpuMs.browser && Object.entries(cpuMs.browser).sort((a, b) => b[1] - a[1])
  const chromium = roles === null ? '?' : `${perSignup(roles.reduce((sum, [, ms]) => sum + ms, 0), signups)} ms (${roles.map(([role, ms]) => `${role} ${perSignup(ms, signups)}`).join(', ')})`
  return `CPU per signup: page main thread ${perSignup(cpuMs.pageThread, signups)} ms; all Chromium processes ${chromium}; server ${perSignup(cpuMs.server, signups)} ms`
}

export async function printOutboxBrowserBench(): Promise<void> {
  const { browserVersion, loopback, shaped } = await benchOutboxBrowser()
  console.log(`\nP5 outbox drain in Chromium ${browserVersion} (the same engine on the browser's IndexedDB, on disk; photo PUTs by XMLHttpRequest; same origin as the server):`)
  console.log(`  loopback: ${loopback.sent}/${loopback.signups} sent in ${s(loopback.drainMs)} (${loopback.requests} requests, ${(loopback.writes / loopback.signups).toFixed(2)} IndexedDB writes per signup, each a strict flush); ${loadAverageNote(loopback.loadAverage)}` +
    `; raw fetch PUTs of the same Blobs to a bare sink (cross-origin, ${loopback.preflights} preflight, cached) ${s(loopback.rawPutMs)}; ${loadAverageNote(loopback.rawPutLoadAverage)}` +
    `; ratio ${(loopback.drainMs / loopback.rawPutMs).toFixed(1)}× (target ≤1.5×); ${cpuNote(loopback)}`)
  console.log(`  shaped ${SHAPED.bitsPerSecond / 1e6} Mbps / ${SHAPED.rttMs} ms RTT, ${shaped.signups} signups: ${shaped.sent}/${shaped.signups} sent in ${s(shaped.drainMs)} (${shaped.requests} requests, ${(shaped.writes / shaped.signups).toFixed(2)} IndexedDB writes per signup)` +
    `; photo bytes ÷ bandwidth ${s(shaped.floorMs)}; ratio ${(shaped.drainMs / shaped.floorMs).toFixed(2)}× (target ≤1.15×); ${loadAverageNote(shaped.loadAverage)}; ${cpuNote(shaped)}`)
}
