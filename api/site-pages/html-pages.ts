// The public pages' HTML (issue 21, decision 029). The build renders each page of `htmlPagePaths`
// and the not-found page into its `.pages/` folder (scripts/prerender-pages.ts); the server sends
// those files. The pages that list the towns (the home page, browse) are rendered once more here,
// with the towns of the directory, from the build's own SSR bundle (`.ssr/entry-server.js`, the same
// App as the browser's): a reader without JavaScript, a crawler and the first paint see the town
// list. Each is kept per directory version and Fiji day (when the towns' answer can change) as the
// bytes that go on the wire; any failure falls back to the built file, whose grid fills in once the
// app runs.
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { HTML_PAGES_DIR, htmlPageFile, type HtmlPagePath } from '../contract'
import type { FarmerLocation } from '../contract'
import { renderThread } from './render-thread'

const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** scripts/prerender-pages.ts SSR_DIR and SSR_ENTRY (not imported: the server never loads the build tooling). */
const SSR_ENTRY = path.join('.ssr', 'entry-server.js')

export type RenderPage = (template: string, path: string, data?: { locations?: readonly FarmerLocation[] }) => Promise<string>

/** One rendered page, as sent: plain, brotli and gzip. */
export interface RenderedHtml {
  plain: Buffer
  br: Buffer
  gzip: Buffer
}

/** What the towns come from: the directory's locations and the key they are current for. */
export interface TownsSource {
  /** Changes whenever the locations' answer can (the directory's data version and the Fiji day). */
  key(): Promise<string>
  locations(): Promise<FarmerLocation[]>
}

/** The pages whose first screen lists the towns. */
export const pagesWithTowns: ReadonlySet<HtmlPagePath> = new Set<HtmlPagePath>(['/', '/browse-farmers', '/browse'])

export interface HtmlPages {
  /** The built file of a page, or undefined when the build has none (an old build, a test's web dir). */
  file(page: HtmlPagePath | 'not-found'): string | undefined
  /** A page of `pagesWithTowns` with the directory's towns, or undefined (no SSR bundle, a failure: send the file). */
  withTowns(page: HtmlPagePath): Promise<RenderedHtml | undefined>
}

/** `renderPage`: the SSR bundle's (a test passes the source's); default, the build's `.ssr/entry-server.js`. */
export function htmlPages(webDir: string, towns?: TownsSource, onError: (error: unknown) => void = () => undefined, renderPage?: RenderPage): HtmlPages {
  const pagesDir = path.join(webDir, HTML_PAGES_DIR)
  let renderer: Promise<RenderPage | undefined> | undefined
  const kept = new Map<HtmlPagePath, { key: string; html: Promise<RenderedHtml | undefined> }>()

  // The build's bundle renders on a thread of its own, not in the server (render-thread.ts).
  const loadRenderer = () => {
    const entry = path.join(webDir, SSR_ENTRY)
    renderer ??= Promise.resolve(renderPage ?? (fs.existsSync(entry) ? renderThread(pathToFileURL(entry)).render : undefined))
    return renderer
  }

  const file = (page: HtmlPagePath | 'not-found') => {
    const candidate = path.join(pagesDir, htmlPageFile(page))
    return fs.statSync(candidate, { throwIfNoEntry: false })?.isFile() ? candidate : undefined
  }

  const render = async (page: HtmlPagePath): Promise<RenderedHtml | undefined> => {
    const template = path.join(webDir, 'index.html')
    const render = await loadRenderer()
    if (!render || !towns) return undefined
    const html = Buffer.from(await render(await fs.promises.readFile(template, 'utf8'), page, { locations: await towns.locations() }))
    const [br, gz] = await Promise.all([
      brotliAsync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: html.length } }),
      gzipAsync(html, { level: 9 }),
    ])
    return { plain: html, br, gzip: gz }
  }

  const withTowns = async (page: HtmlPagePath): Promise<RenderedHtml | undefined> => {
    if (!towns || !pagesWithTowns.has(page) || !file(page)) return undefined
    try {
      const key = await towns.key()
      let entry = kept.get(page)
      if (entry?.key !== key) {
        const html = render(page)
        entry = { key, html }
        kept.set(page, entry)
        // A failed render is not kept: the next request tries again.
        html.catch(() => {
          if (kept.get(page)?.html === html) kept.delete(page)
        })
      }
      return await entry.html
    } catch (error) {
      onError(error)
      return undefined
    }
  }

  // The home page is rendered as the server starts, not on the first visitor's request: loading
  // the bundle (React, Chakra: over a megabyte) on a busy machine took seconds.
  if (towns && !renderPage) setImmediate(() => void withTowns('/'))

  return { file, withTowns }
}
