// `npm run bench`, web part: the installed app opened with the network off (issue 21) — first
// paint (FCP) and largest paint (LCP) with the service worker answering, 4× CPU slowdown, beside
// a one-line reference page opened in the same browser with the same slowdown, median of
// OFFLINE_OPEN_RUNS (7), every page opened once per round, in turn.
// The home page was opened once online (so the worker is installed and its precache filled);
// /browse-farmers never was, as a phone meets a route it has not opened yet. A second context
// line: the same one-line page answered from Cache Storage by a minimal service worker with the
// network off — the floor of any page a worker serves offline (the worker's share of the gap).
// Two more rows open `/` as an iTaukei reader's installed app (the language chosen on the phone):
// with the worker keeping the pages in iTaukei (decision 029, Later), and with those pages taken out
// of its cache, as before that: English HTML held back by the language gate until the app draws it.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import { chromium, type Browser, type BrowserContext } from '@playwright/test'
import { htmlPagePaths } from '../../api/contract/public-pages'

const CPU_SLOWDOWN = 4
const REFERENCE_HTML = '<!doctype html><html lang="en"><meta name="viewport" content="width=device-width"><title>Reference</title><p>Viti Farmers</p></html>'

/** Path of the one-line page under the minimal worker, its worker, and a page that installs it. */
const SW_REFERENCE = '/sw-reference/'
const SW_REFERENCE_WORKER = `${SW_REFERENCE}sw.js`
const SW_REFERENCE_INSTALL = `${SW_REFERENCE}install`
// Caches the page at install, answers every navigation in its scope from that cache: nothing else.
const SW_REFERENCE_WORKER_JS = `
self.addEventListener('install', (event) => event.waitUntil(caches.open('reference').then((cache) =>
  cache.put(${JSON.stringify(SW_REFERENCE)}, new Response(${JSON.stringify(REFERENCE_HTML)}, { headers: { 'content-type': 'text/html; charset=utf-8' } })))))
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()))
self.addEventListener('fetch', (event) => { if (event.request.mode === 'navigate') event.respondWith(caches.match(${JSON.stringify(SW_REFERENCE)})) })
`
const SW_REFERENCE_INSTALL_HTML = `<!doctype html><title>Install</title><script>navigator.serviceWorker.register(${JSON.stringify(SW_REFERENCE_WORKER)}, { scope: ${JSON.stringify(SW_REFERENCE)} })</script>`

/** The reference server: the one-line page, and the minimal worker with its install page. */
function referenceAnswer(url: string | undefined): { type: string; body: string } {
  if (url === SW_REFERENCE_WORKER) return { type: 'text/javascript', body: SW_REFERENCE_WORKER_JS }
  if (url === SW_REFERENCE_INSTALL) return { type: 'text/html; charset=utf-8', body: SW_REFERENCE_INSTALL_HTML }
  return { type: 'text/html; charset=utf-8', body: REFERENCE_HTML }
}

type Paint = { fcpMs: number; lcpMs: number }

/** Opens `url` in a fresh tab with the CPU slowed, and reads the page's own paint timings. */
async function openAndPaint(context: BrowserContext, url: string): Promise<Paint> {
  const page = await context.newPage()
  try {
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    await page.goto(url, { waitUntil: 'load' })
    // The app's scripts start only after the first paint (scripts/app-loader.ts), so `load` can come
    // before them: wait until React holds #root (hydrated or rendered), so that what the app adds later
    // (the offline-copy notice) must be counted too. The reference page has no #root.
    await page.waitForFunction(
      () => {
        const root = document.getElementById('root')
        return !root || Object.keys(root).some((key) => key.startsWith('__reactContainer'))
      },
      undefined,
      { timeout: 30_000 },
    )
    // A page the language gate holds back paints only after React has drawn it in the reader's
    // language, which on a loaded machine can be seconds after React took #root: wait for that paint.
    // A page that never paints is a run without figures (NaN), not the end of the bench.
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, { timeout: 30_000 }).catch(() => undefined)
    // LCP settles once the page stops adding larger content: wait for a quiet second.
    await page.waitForTimeout(1_500)
    return await page.evaluate(
      () =>
        new Promise<Paint>((resolve) => {
          const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN
          let lcp = Number.NaN
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) lcp = entry.startTime
          }).observe({ type: 'largest-contentful-paint', buffered: true })
          setTimeout(() => resolve({ fcpMs: fcp, lcpMs: lcp }), 50)
        }),
    )
  } finally {
    await page.close()
  }
}

/** The median of the runs that painted; NaN (printed as such) only if none did. */
function median(values: number[]) {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b)
  return sorted.length === 0 ? Number.NaN : sorted[Math.floor(sorted.length / 2)]!
}

type Row = { name: string; url: string; offline: boolean; paints: Paint[]; load: number[]; context?: BrowserContext }

/**
 * Opens every row once per round, in turn, for `runs` rounds: a change in the machine's load then
 * falls on the reference and the app alike, where row after row it would fall on one of them.
 */
async function paintsInTurn(context: BrowserContext, rows: Row[], runs: number) {
  for (let round = 0; round < runs; round++) {
    for (const row of rows) {
      const opener = row.context ?? context
      await opener.setOffline(row.offline)
      row.load.push(os.loadavg()[0]!)
      row.paints.push(await openAndPaint(opener, row.url))
      await opener.setOffline(false)
    }
  }
}

/** A context whose installed app an iTaukei reader uses; `keptPages`: whether its worker keeps the pages in iTaukei. */
async function iTaukeiReader(browser: Browser, origin: string, keptPages: boolean): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'allow' })
  await context.addInitScript(() => localStorage.setItem('viti.locale', 'fj'))
  const page = await context.newPage()
  await page.goto(`${origin}/`)
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  await page.reload()
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 })
  const keptCount = () => page.evaluate(async () => {
    const name = (await caches.keys()).find((key) => key.startsWith('pages-in-fj-'))
    return name ? (await (await caches.open(name)).keys()).length : 0
  })
  const deadline = Date.now() + 60_000
  while ((await keptCount()) < htmlPagePaths.length && Date.now() < deadline) await page.waitForTimeout(250)
  if (!keptPages) await page.evaluate(async () => void (await Promise.all((await caches.keys()).filter((key) => key.startsWith('pages-in-fj-')).map((key) => caches.delete(key)))))
  await page.close()
  return context
}

/** Prints the offline open of `/` and an unopened route against the reference page. */
export async function printOfflineOpen(origin: string, chromePath: string, runs: number) {
  const reference = http.createServer((req, res) => {
    const { type, body } = referenceAnswer(req.url)
    res.writeHead(200, { 'content-type': type }).end(body)
  })
  await new Promise<void>((resolve) => reference.listen(0, '127.0.0.1', resolve))
  const referenceUrl = `http://127.0.0.1:${(reference.address() as AddressInfo).port}/`
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-gpu'] })
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'allow' })
    const first = await context.newPage()
    await first.goto(`${origin}/`)
    // Installed: the worker is active (its precache filled) and controls the page.
    await first.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
    await first.reload()
    await first.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 })
    await first.close()
    const swReference = await context.newPage()
    await swReference.goto(new URL(SW_REFERENCE_INSTALL, referenceUrl).href)
    await swReference.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
    await swReference.close()

    const row = (name: string, url: string, offline: boolean, opener?: BrowserContext): Row => ({ name, url, offline, paints: [], load: [], context: opener })
    const [kept, notKept] = [await iTaukeiReader(browser, origin, true), await iTaukeiReader(browser, origin, false)]
    const rows = [
      row('one-line reference (online)', referenceUrl, false),
      row('one-line, minimal worker (off)', new URL(SW_REFERENCE, referenceUrl).href, true),
      ...['/', '/browse-farmers'].map((route) => row(`offline ${route}`, `${origin}${route}`, true)),
      row('offline / iTaukei, pages kept', `${origin}/`, true, kept),
      row('offline / iTaukei, not kept', `${origin}/`, true, notKept),
    ]
    await paintsInTurn(context, rows, runs)
    await Promise.all([context.close(), kept.close(), notKept.close()])

    const lcp = (r: Row) => median(r.paints.map((p) => p.lcpMs))
    const referenceLcp = lcp(rows[0]!)
    console.log(`\nInstalled app opened offline (service worker, network off, ${CPU_SLOWDOWN}× CPU), median of ${runs}, the pages opened in turn:`)
    console.log(`  ${'page'.padEnd(30)} FCP (s)  LCP (s)  LCP ÷ reference  load during runs`)
    for (const r of rows) {
      const fcp = median(r.paints.map((p) => p.fcpMs))
      console.log(
        `  ${r.name.padEnd(30)} ${(fcp / 1000).toFixed(2).padStart(7)}  ${(lcp(r) / 1000).toFixed(2).padStart(7)}  ${`${(lcp(r) / referenceLcp).toFixed(2)}×`.padStart(15)}  ${r.load.map((l) => l.toFixed(2)).join(', ')}`,
      )
    }
  } finally {
    await browser.close()
    reference.close()
  }
}
