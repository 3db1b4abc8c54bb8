// The public pages' HTML (issue 21, decision 029). The build renders each page of `htmlPagePaths`
// and the not-found page into its `.pages/` folder (scripts/prerender-pages.ts); the server sends
// those files. The pages whose first screen shows data (the towns of the home page and browse, the
// experts, the reviews' first page) are rendered once more here, with that data, from the build's own
// SSR bundle (`.ssr/entry-server.js`, the same App as the browser's, on a thread of its own:
// render-thread.ts): a reader without JavaScript, a crawler and the first paint see it. Each is kept
// per key of its data (the directory's version and Fiji day, the reviews' version, the experts'
// answer) as the bytes that go on the wire; after a write the page from before it goes out while the
// new one renders, within the public answers' bound (ANSWER_STALE_MS, decision 022). Any failure
// falls back to the built file, whose lists fill in once the app runs. Each is rendered in the
// reader's language as asked, and browse's steps (its query string) too, a bounded number of them.
// A listed farmer's page is rendered by the same bundle with the farmer (`farmerPage`), kept per
// farmer card and language; when no render is ready in time the caller sends its plain card (farmer-page.ts).
import fs from 'node:fs'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { HTML_PAGES_DIR, htmlPageFile, htmlPageFileIn, type HtmlPageLanguage, type HtmlPagePath } from '../contract'
import type { FarmerLocation, PublicFarmer } from '../contract'
import type { Locale } from '../contract/locales'
import { farmerPagePath } from '../contract/public-pages'
import { renderThread } from './render-thread'

const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** scripts/prerender-pages.ts SSR_DIR and SSR_ENTRY (not imported: the server never loads the build tooling). */
const SSR_ENTRY = path.join('.ssr', 'entry-server.js')

/** What a page renders with: the directory's towns, a farmer, API answers by URL (the app's query keys). */
export interface RenderData {
  locations?: readonly FarmerLocation[]
  farmer?: PublicFarmer
  answers?: Readonly<Record<string, unknown>>
}

/** web/entry-server.tsx's renderPage: the page at `path`, hydrated at `hydrateAt` (default `path`), in `language` (default English). */
export type RenderPage = (template: string, path: string, data?: RenderData, hydrateAt?: string, language?: Locale) => Promise<string>

/** How long a farmer page's request waits for its render (a render thread starting on a busy
 * machine can take seconds) before the plain card goes out instead; the render goes on, and is kept. */
export const FARMER_RENDER_WAIT_MS = 400
/** Farmer pages rendering at once, at most: a crawler walking the sitemap gets plain cards beyond. */
const FARMER_RENDERS_AT_ONCE = 2
/** Farmer renders started per second, at most (a burst of as many, then that rate): each is 10–24 ms
 * of a core, so a crawler walking 100,000 farmers' pages takes at most an eighth of one, not all of it. */
export const FARMER_RENDERS_PER_SECOND = 5
/** Farmer pages kept, the most recently asked for (~65 KB of HTML each). */
const FARMER_PAGES_KEPT = 64
/** Pages with a query string kept (browse's steps, by language), the most recently asked for: each
 * is kept as sent, plain and compressed (~90 KB). */
const QUERY_PAGES_KEPT = 64

/** Pages with a query string (browse's steps) rendering at once, at most, and started per second,
 * as for farmer pages: the two together take at most a quarter of a core. */
const QUERY_RENDERS_AT_ONCE = 2
const QUERY_RENDERS_PER_SECOND = 5
/** How long a query page's request waits for its render before the page as at its path goes out:
 * longer than a farmer page's, as that fallback shows another step (the towns), not the same card. */
const QUERY_RENDER_WAIT_MS = 1_500

/** Renders started at most `perSecond` (a burst of as many) and `atOnce` running. */
function renderAllowance(perSecond: number, atOnce: number) {
  let running = 0
  const budget = { tokens: perSecond, at: Date.now() }
  return {
    /** True, and one render fewer left, when the rate allows a render now. */
    mayStart(): boolean {
      const now = Date.now()
      budget.tokens = Math.min(perSecond, budget.tokens + ((now - budget.at) / 1000) * perSecond)
      budget.at = now
      if (running >= atOnce || budget.tokens < 1) return false
      budget.tokens -= 1
      return true
    },
    async counted<T>(rendering: () => Promise<T>): Promise<T> {
      running++
      try {
        return await rendering()
      } finally {
        running--
      }
    },
  }
}

/** `html`, or undefined when it takes longer than `waitMs` (the render goes on). */
async function withinRenderWait<T>(html: Promise<T | undefined>, waitMs: number): Promise<T | undefined> {
  const waiting = new AbortController()
  try {
    return await Promise.race([html, sleep(waitMs, undefined, { signal: waiting.signal }).catch(() => undefined)])
  } finally {
    waiting.abort()
  }
}

/** One rendered page, as sent: plain, brotli and gzip. */
export interface RenderedHtml {
  plain: Buffer
  br: Buffer
  gzip: Buffer
}

/** A page's data as it is now: what it is current for, and the data itself. */
export interface PageDataNow {
  /** Moves whenever the data can: a page rendered for the same key is sent again. */
  key: string
  /** A page rendered for an older key may go out while the new one renders only within the same
   * scope (the towns: the Fiji day, as a farmer's listing ends with it). */
  scope: string
  data(): Promise<RenderData>
}

/** The data of a page rendered at run time. */
export interface PageDataSource {
  now(): Promise<PageDataNow>
  /**
   * The page with a query string (no `?`; browse's town and produce steps): its data now, or
   * undefined when the query names nothing this source renders (then the page is sent as built, and
   * the app draws the rest). Rendered for navigations only, whatever `navigationsOnly` says: its
   * data is the app's own answers.
   */
  withQuery?(query: string): Promise<PageDataNow | undefined>
  /**
   * Rendered only for a browser's navigation or a client that says nothing of it (a crawler): data
   * the app takes as its own answers must never reach a cache that outlives the request (the
   * worker's precache asks with `Sec-Fetch-Dest: empty` and gets the built page).
   */
  navigationsOnly?: boolean
}

/** The pages rendered with data at run time, and how stale a page may go out while its successor renders. */
export interface PageSources {
  pages: Partial<Record<HtmlPagePath, PageDataSource>>
  /**
   * How long after it was last known current a page may still be sent, in the same scope, while the
   * page for a newer key renders (decision 022's bound, ANSWER_STALE_MS); 0 or unset: never.
   */
  staleForMs?: number
}

export interface HtmlPages {
  /** The built file of a page, or undefined when the build has none (an old build, a test's web dir). */
  file(page: HtmlPagePath | 'not-found'): string | undefined
  /** The built file of a page in another language (`?hl=fj`), or undefined when the build has none. */
  fileIn(language: HtmlPageLanguage, page: HtmlPagePath): string | undefined
  /** Whether `page` is rendered with data only for navigations (PageDataSource.navigationsOnly). */
  isForNavigationsOnly(page: HtmlPagePath): boolean
  /** A page of the sources with its data, in `language` (default English), with `query` (no `?`;
   * default none) when its source renders that query, or undefined (no data for it, no SSR bundle, a
   * failure, too many renders of queries this second: send the file). */
  withData(page: HtmlPagePath, language?: Locale, query?: string): Promise<RenderedHtml | undefined>
  /** The farmer's page as the app renders it, in `language` (default English), or undefined (no SSR
   * bundle, a failure, too busy, not ready within `waitMs`): then the caller sends the plain card.
   * Kept per farmer card and language. */
  farmerPage(farmer: PublicFarmer, options?: { waitMs?: number; language?: Locale }): Promise<string | undefined>
}

/** `renderPage`: the SSR bundle's (a test passes the source's); default, the build's `.ssr/entry-server.js`. */
export function htmlPages(webDir: string, sources?: PageSources, onError: (error: unknown) => void = () => undefined, renderPage?: RenderPage): HtmlPages {
  const pagesDir = path.join(webDir, HTML_PAGES_DIR)
  let renderer: { render: RenderPage | undefined } | undefined
  /** Each page's render (by language and path) for the newest key seen (perhaps still running). */
  const kept = new Map<string, { key: string; scope: string; html: Promise<RenderedHtml | undefined> }>()
  /** Each page's last finished render (by language and path), and when its key was last read current. */
  const ready = new Map<string, { key: string; scope: string; html: RenderedHtml; verifiedAt: number }>()

  // The build's bundle renders on a thread of its own, not in the server (render-thread.ts).
  const rendererOf = (): RenderPage | undefined => {
    const entry = path.join(webDir, SSR_ENTRY)
    renderer ??= { render: renderPage ?? (fs.existsSync(entry) ? renderThread(pathToFileURL(entry)).render : undefined) }
    return renderer.render
  }

  const existing = (candidate: string) => (fs.statSync(candidate, { throwIfNoEntry: false })?.isFile() ? candidate : undefined)
  const file = (page: HtmlPagePath | 'not-found') => existing(path.join(pagesDir, htmlPageFile(page)))
  const fileIn = (language: HtmlPageLanguage, page: HtmlPagePath) => existing(path.join(pagesDir, htmlPageFileIn(language, page)))

  const render = async (pagePath: string, now: PageDataNow, language: Locale): Promise<RenderedHtml | undefined> => {
    const template = path.join(webDir, 'index.html')
    const render = rendererOf()
    if (!render) return undefined
    const html = Buffer.from(await render(await fs.promises.readFile(template, 'utf8'), pagePath, await now.data(), pagePath, language))
    const [br, gz] = await Promise.all([
      brotliAsync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: html.length } }),
      gzipAsync(html, { level: 9 }),
    ])
    return { plain: html, br, gzip: gz }
  }

  // Farmer pages and query pages each have their own allowance: a crawler walking the one never
  // leaves the other to its fallback (the plain card; the page as at its path).
  const farmerRenders = renderAllowance(FARMER_RENDERS_PER_SECOND, FARMER_RENDERS_AT_ONCE)
  const queryRenders = renderAllowance(QUERY_RENDERS_PER_SECOND, QUERY_RENDERS_AT_ONCE)

  /** The pages with a query string kept, oldest asked for first (their ids in `kept` and `ready`). */
  const queryPages = new Set<string>()
  const keepQueryPage = (id: string) => {
    queryPages.delete(id)
    queryPages.add(id)
    if (queryPages.size <= QUERY_PAGES_KEPT) return
    const oldest = queryPages.values().next().value!
    queryPages.delete(oldest)
    kept.delete(oldest)
    ready.delete(oldest)
  }

  const withData = async (page: HtmlPagePath, language: Locale = 'en', query = ''): Promise<RenderedHtml | undefined> => {
    const source = sources?.pages[page]
    // A language's page with data only where the build made that language's page.
    if (!source || !(language === 'en' ? file(page) : fileIn(language, page))) return undefined
    if (query !== '' && !source.withQuery) return undefined
    const pagePath = query === '' ? page : `${page}?${query}`
    const id = `${language} ${pagePath}`
    try {
      // Read before rendering: a page is never taken for newer than its data.
      const at = Date.now()
      const now = query === '' ? await source.now() : await source.withQuery!(query)
      if (!now) return undefined
      const { key, scope } = now
      const last = ready.get(id)
      if (last && last.key === key && last.scope === scope) {
        last.verifiedAt = at
        if (query !== '') keepQueryPage(id)
        return last.html
      }
      let entry = kept.get(id)
      if (entry?.key !== key || entry.scope !== scope) {
        // A query's page is one of many a crawler could ask for: rendered as its allowance allows,
        // else sent as built (never one older than the bound), and then the pages kept stay as they are.
        if (query !== '' && !queryRenders.mayStart()) return undefined
        const started = { key, scope, html: query === '' ? render(pagePath, now, language) : queryRenders.counted(() => render(pagePath, now, language)) }
        entry = started
        kept.set(id, started)
        started.html.then(
          (html) => {
            // A slower render of an older key never replaces a newer one.
            if (html && kept.get(id) === started) ready.set(id, { key, scope, html, verifiedAt: at })
          },
          // A failed render is not kept: the next request tries again.
          () => {
            if (kept.get(id) === started) kept.delete(id)
          },
        )
      }
      if (query !== '') keepQueryPage(id)
      // The page from before a write goes out at once while its successor renders (off the
      // request path: a render thread that had ended starts again, ~0.2 s), within the bound.
      if (last && last.scope === scope && at - last.verifiedAt < (sources?.staleForMs ?? 0)) return last.html
      // A query's page waits for its render only so long (which goes on, and is kept).
      return query === '' ? await entry.html : await withinRenderWait(entry.html, QUERY_RENDER_WAIT_MS)
    } catch (error) {
      onError(error)
      return undefined
    }
  }

  /** Each farmer's last render by language and farmer, with its card (a changed card renders again); oldest asked for first. */
  const farmerPages = new Map<string, { card: string; html: Promise<string | undefined> }>()
  const renderFarmer = (farmer: PublicFarmer, render: RenderPage, language: Locale): Promise<string | undefined> =>
    farmerRenders.counted(async () => {
      try {
        const pagePath = farmerPagePath(farmer.id)
        return await render(await fs.promises.readFile(path.join(webDir, 'index.html'), 'utf8'), pagePath, { farmer }, pagePath, language)
      } catch (error) {
        onError(error)
        return undefined
      }
    })

  const farmerPage = async (farmer: PublicFarmer, { waitMs = FARMER_RENDER_WAIT_MS, language = 'en' }: { waitMs?: number; language?: Locale } = {}): Promise<string | undefined> => {
    const render = rendererOf()
    if (!render) return undefined
    const card = JSON.stringify(farmer)
    const id = `${language} ${farmer.id}`
    let entry = farmerPages.get(id)
    if (entry?.card !== card) {
      if (!farmerRenders.mayStart()) return undefined
      entry = { card, html: renderFarmer(farmer, render, language) }
      const started = entry
      // A failed render is not kept: the next request tries again.
      void started.html.then((html) => html === undefined && farmerPages.get(id) === started && farmerPages.delete(id))
    }
    // Most recently asked for last; the oldest goes beyond the bound.
    farmerPages.delete(id)
    farmerPages.set(id, entry)
    if (farmerPages.size > FARMER_PAGES_KEPT) farmerPages.delete(farmerPages.keys().next().value!)
    return withinRenderWait(entry.html, waitMs)
  }

  // The home page is rendered as the server starts, not on the first visitor's request: loading
  // the bundle (React, Chakra: over a megabyte) on a busy machine took seconds.
  if (sources?.pages['/'] && !renderPage) setImmediate(() => void withData('/'))

  const isForNavigationsOnly = (page: HtmlPagePath) => sources?.pages[page]?.navigationsOnly === true

  return { file, fileIn, isForNavigationsOnly, withData, farmerPage }
}
