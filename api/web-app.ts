// Serves the built PWA. Text files go out precompressed (the .br/.gz copies the build writes,
// scripts/precompress.ts), picked by Accept-Encoding; hashed assets are immutable, while
// index.html, the service worker and the manifest are always revalidated so a new deployment is
// seen (and then offered, prompt mode). A path the app has no screen for answers 404 with
// index.html, whose router then shows the not-found screen. Two pages are the server's own (issue
// 21, api/site-pages/): a listed farmer's /farmers/<id>, the app's render of the farmer's card with
// its share preview (or, when no render is ready in time, index.html with a plain card; an unknown
// or unlisted farmer: 404, the not-found screen), and sitemap.xml.
// The public pages arrive as HTML (decision 029, api/site-pages/html-pages.ts): each page of
// `htmlPagePaths` at its exact path gets its own built file (the home page and browse, rendered again
// with the directory's towns), with `?hl=fj` or `?hl=hif` its file built in that language, and a path
// with no screen the built not-found page, still with status 404. A browser's navigation gets a
// public page and a farmer's page in its reader's language (their cookie, else Accept-Language).
import fs from 'node:fs'
import path from 'node:path'
import compression from 'compression'
import { parse as parseCookies } from 'cookie'
import { Router, type Request, type Response } from 'express'
import { isDatabaseUnavailable } from '../db'
import { DATABASE_RETRY_AFTER_SECONDS, HttpError } from './errors'
import { HTML_LANGUAGE_PARAM, farmerIdOfPath, farmerPagePath, htmlPageOf, isAppPage, isHtmlPageLanguage, messages } from './contract'
import { LOCALE_COOKIE, firstGuess, type Locale } from './contract/locales'
import { farmerPageHtml, withFarmerHead } from './site-pages/farmer-page'
import { htmlPages, type HtmlPages, type RenderedHtml } from './site-pages/html-pages'
import type { SitePages } from './site-pages/site-pages'
import { sitemapXml } from './site-pages/sitemap'

const alwaysRevalidate = /(^|[/\\])(index\.html|sw\.js|registerSW\.js|workbox-[^/\\]+\.js|manifest\.webmanifest)$|[/\\]\.pages[/\\].+\.html$/
const precompressedSuffix = /\.(br|gz)$/
/** Best first: brotli is ~15 % smaller than gzip on our chunks. */
const encodings = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const

type Encoding = (typeof encodings)[number]

/** The encodings the client accepts (q=0 refuses one); `*` counts for any not named. */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>()
  const refused = new Set<string>()
  let wildcard = false
  for (const part of (header ?? '').split(',')) {
    const [token = '', ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    const isRefused = q !== undefined && Number(q.slice(2)) === 0
    if (token === '*') wildcard = !isRefused
    else if (token) (isRefused ? refused : accepted).add(token)
  }
  if (wildcard) for (const e of encodings) if (!refused.has(e.name)) accepted.add(e.name)
  return accepted
}

/** The file under webDir a URL path names, or undefined when it leaves webDir or is no file. */
function fileFor(webDir: string, urlPath: string): string | undefined {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return undefined
  }
  // No NUL bytes and no dotfiles (nor a '..' climb, which path.join would resolve).
  if (decoded.includes('\0') || decoded.split('/').some((segment) => segment.startsWith('.'))) return undefined
  // A file's compressed copies go out as that file (Content-Encoding), never as downloads of their own.
  if (precompressedSuffix.test(decoded)) return undefined
  const file = path.join(webDir, decoded)
  if (!file.startsWith(webDir + path.sep)) return undefined
  return fs.statSync(file, { throwIfNoEntry: false })?.isFile() ? file : undefined
}

/** The precompressed copies of `file`; a copy older than the file (edited after the build) is ignored. */
function variantsOf(file: string): Encoding[] {
  const original = fs.statSync(file, { throwIfNoEntry: false })
  if (!original) return []
  return encodings.filter((e) => {
    const copy = fs.statSync(file + e.suffix, { throwIfNoEntry: false })
    return copy !== undefined && copy.isFile() && copy.mtimeMs >= original.mtimeMs
  })
}

const FOR_ONE_READER = 'viti.forOneReader'

/** `Cache-Control` for an answer, `private` when its language was read from this reader's request. */
const cacheControlOf = (res: Response, value: string) => (res.locals[FOR_ONE_READER] === true ? `private, ${value.replace(/^public, /, '')}` : value)

function cacheControlFor(file: string): string {
  const original = file.replace(precompressedSuffix, '')
  if (alwaysRevalidate.test(original)) return 'no-cache'
  if (original.includes(`${path.sep}assets${path.sep}`)) return 'public, max-age=31536000, immutable'
  return 'public, max-age=0'
}

/** Sends `file` (or its best accepted precompressed copy) with its own Content-Type. */
function sendWebFile(req: Request, res: Response, file: string, status = 200): Promise<void> {
  const variants = variantsOf(file)
  const accepted = acceptedEncodings(req.get('accept-encoding'))
  const chosen = variants.find((v) => accepted.has(v.name))
  // Caches must keep one copy per encoding, even of the identity answer.
  if (variants.length > 0) res.vary('Accept-Encoding')
  res.status(status)
  res.type(path.extname(file))
  res.setHeader('Cache-Control', cacheControlOf(res, cacheControlFor(file)))
  if (chosen) res.setHeader('Content-Encoding', chosen.name)
  return new Promise((resolve, reject) => {
    res.sendFile(chosen ? file + chosen.suffix : file, {
      dotfiles: 'allow',
      cacheControl: false,
      // A range of a 404 page makes no sense; a 200 keeps them (send applies them to the sent bytes).
      acceptRanges: status === 200,
    }, (error) => (error ? reject(error) : resolve()))
  })
}

/**
 * A Host header as browsers send it: a DNS name (a trailing dot, and the underscores of Docker's
 * service names, too) or an IP (v6 in brackets), and an optional port.
 */
const PLAIN_HOST = /^(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i

/**
 * The public origin for absolute links: SITE_URL, else the request's own (behind TRUST_PROXY, the
 * proxy's), taken only as http(s) and a plain host: Express passes X-Forwarded-Proto through as sent
 * (`javascript` made `javascript://…` links), and a Host that is not a host name becomes `localhost`.
 */
const originOf = (req: Request, pages: SitePages) => {
  if (pages.siteUrl !== undefined) return pages.siteUrl
  const host = req.get('host')
  return `${req.protocol.toLowerCase() === 'https' ? 'https' : 'http'}://${host !== undefined && PLAIN_HOST.test(host) ? host : 'localhost'}`
}

/**
 * The language a page's HTML goes out in. A browser's navigation (`Sec-Fetch-Dest: document`) gets
 * its reader's, as the app will guess it (web/main.tsx): the choice they made (LOCALE_COOKIE), else
 * the first of their browser's languages we speak (Accept-Language), so a first visit in iTaukei paints
 * iTaukei and hydrates. Any other fetch (the worker's precache, a crawler, curl) gets English: what a
 * cache keeps under a page's path is the English page. The answer varies on what was read.
 */
function languageOfNavigation(req: Request, res: Response): Locale {
  res.vary('Sec-Fetch-Dest')
  if (req.get('sec-fetch-dest') !== 'document') return 'en'
  res.vary('Cookie')
  res.vary('Accept-Language')
  // Chosen for this reader: a shared cache that ignores Vary (some CDNs do) must not hand it to the next.
  res.locals[FOR_ONE_READER] = true
  let chosen: string | undefined
  try {
    chosen = parseCookies(req.get('cookie') ?? '')[LOCALE_COOKIE]
  } catch {
    // A cookie header the parser refuses is no choice.
  }
  return firstGuess(chosen, req.acceptsLanguages())
}

/** Says the language of a page that is not English (English is the site's own, `<html lang="en">`). */
const markLanguage = (res: Response, language: Locale) => language !== 'en' && res.setHeader('Content-Language', language)

/** A listed farmer's page: the app's render of it in the reader's language (else index.html with the
 * plain card) with its preview meta (English: it is read by whoever the link is sent to); never kept
 * by a shared cache (the listing changes). */
async function sendFarmerPage(req: Request, res: Response, indexFile: string, pages: SitePages, html: HtmlPages, farmerId: string): Promise<boolean> {
  const farmer = await pages.farmer(farmerId)
  if (!farmer) return false
  const origin = originOf(req, pages)
  const pageUrl = origin + farmerPagePath(farmer.id)
  const language = languageOfNavigation(req, res)
  const rendered = await html.farmerPage(farmer, { language })
  const page = rendered ? withFarmerHead(rendered, farmer, pageUrl, origin) : farmerPageHtml(await fs.promises.readFile(indexFile, 'utf8'), farmer, pages.words, pageUrl, origin)
  if (rendered) markLanguage(res, language)
  res.status(200).type('html').setHeader('Cache-Control', cacheControlOf(res, 'no-cache'))
  res.send(page)
  return true
}

/** A page rendered with the towns, in the best encoding the client accepts. */
function sendRendered(req: Request, res: Response, html: RenderedHtml): void {
  const accepted = acceptedEncodings(req.get('accept-encoding'))
  const encoding = encodings.find((e) => accepted.has(e.name))
  res.status(200).type('html').setHeader('Cache-Control', cacheControlOf(res, 'no-cache'))
  res.vary('Accept-Encoding')
  if (encoding) res.setHeader('Content-Encoding', encoding.name)
  res.send(encoding ? html[encoding.name === 'br' ? 'br' : 'gzip'] : html.plain)
}

/** The request's query string as sent, without its `?` ('' when none). */
function queryStringOf(req: Request): string {
  const at = req.originalUrl.indexOf('?')
  return at < 0 ? '' : req.originalUrl.slice(at + 1)
}

/** A public page's HTML at its exact path: true when sent (else the caller sends the shell). */
async function sendHtmlPage(req: Request, res: Response, html: HtmlPages): Promise<boolean> {
  const page = htmlPageOf(req.path)
  if (!page) return false
  // `?hl=fj`: the page built in that language (what a reader's service worker keeps), as built.
  const asked = req.query[HTML_LANGUAGE_PARAM]
  if (isHtmlPageLanguage(asked)) {
    const file = html.fileIn(asked, page)
    if (!file) return false
    markLanguage(res, asked)
    await sendWebFile(req, res, file)
    return true
  }
  const language = languageOfNavigation(req, res)
  // Data the app takes as its own answers goes only to a navigation (or a client that does not say,
  // a crawler): the worker's precache fetches with `Sec-Fetch-Dest: empty` and keeps the built page.
  const destination = req.get('sec-fetch-dest')
  const isNavigation = destination === undefined || destination === 'document'
  const mayHaveData = !html.isForNavigationsOnly(page) || isNavigation
  // A page its query string shapes (browse's steps, `?city=…`), rendered with that step's data:
  // navigations only, as the app's own answers are. Any other query: the page as at its path.
  const query = queryStringOf(req)
  if (query !== '' && isNavigation) {
    const rendered = await html.withData(page, language, query)
    if (rendered) {
      markLanguage(res, language)
      sendRendered(req, res, rendered)
      return true
    }
  }
  if (language !== 'en') {
    // The reader's language with the data, else as built in it (its lists fill in once the app
    // runs): better than English held back by the language gate.
    const rendered = mayHaveData ? await html.withData(page, language) : undefined
    const file = rendered ? undefined : html.fileIn(language, page)
    if (rendered || file) markLanguage(res, language)
    if (rendered) {
      sendRendered(req, res, rendered)
      return true
    }
    if (file) {
      await sendWebFile(req, res, file)
      return true
    }
  }
  const rendered = mayHaveData ? await html.withData(page) : undefined
  if (rendered) {
    sendRendered(req, res, rendered)
    return true
  }
  const file = html.file(page)
  if (!file) return false
  await sendWebFile(req, res, file)
  return true
}

export function webAppRouter(webDir: string, pages?: SitePages, onError?: (error: unknown) => void) {
  const root = path.resolve(webDir)
  const indexFile = path.join(root, 'index.html')
  const html = htmlPages(root, pages?.sources, onError, pages?.renderPage)
  // A farmer page is made per request (its head names the request's origin): compressed as it goes
  // (~65 KB of HTML, Chakra's styles included, is ~10 KB in brotli), where the other pages are precompressed.
  const compressPage = compression()
  const router = Router()

  router.use(async (req, res, next) => {
    // API and photo paths are never the web app's (a missing one is their own 404).
    if (/^\/(api|objects)(\/|$)/.test(req.path)) return next()
    // The site's pages and files are only read: anything else is refused here, in the API's words,
    // not with Express's own "Cannot POST /" page.
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD')
      return next(new HttpError(405, messages.common.methodNotAllowed))
    }
    try {
      if (pages && req.path === '/sitemap.xml') {
        // Without SITE_URL its links carry the request's Host: no shared cache may hand them to another reader.
        res.type('application/xml').setHeader('Cache-Control', pages.siteUrl === undefined ? 'private, no-cache' : 'public, max-age=3600')
        res.send(sitemapXml(originOf(req, pages), await pages.listedFarmerIds()))
        return
      }
      const farmerId = farmerIdOfPath(req.path)
      if (pages && farmerId && fs.existsSync(indexFile)) {
        await new Promise<void>((resolve) => compressPage(req, res, () => resolve()))
        if (await sendFarmerPage(req, res, indexFile, pages, html, farmerId)) return
        return await sendWebFile(req, res, indexFile, 404)
      }
      if (await sendHtmlPage(req, res, html)) return
      const file = fileFor(root, req.path)
      if (file) return await sendWebFile(req, res, file)
      if (!fs.existsSync(indexFile)) return next()
      // A missing hashed file is not a page: a plain 404, never HTML where a script was asked for.
      if (req.path.startsWith('/assets/')) return next()
      if (isAppPage(req.path)) return await sendWebFile(req, res, indexFile)
      await sendWebFile(req, res, html.file('not-found') ?? indexFile, 404)
    } catch (error) {
      // A client that went away mid-file: nothing left to answer.
      if ((error as { code?: string }).code === 'ECONNABORTED' || res.headersSent) return
      // A page that needs the database while it is out of reach (a shared farmer's link): the app,
      // not the API's JSON, with 503. The app asks for its data itself, says so in the reader's
      // language, and offers to try again.
      if (isDatabaseUnavailable(error) && req.path !== '/sitemap.xml' && fs.existsSync(indexFile)) {
        res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
        try {
          return await sendWebFile(req, res, indexFile, 503)
        } catch (sending) {
          if (res.headersSent) return
          return next(sending)
        }
      }
      next(error)
    }
  })
  // What no page or file answered (a missing hashed asset): a plain 404 in the API's words.
  router.use((req, _res, next) => next(/^\/(api|objects)(\/|$)/.test(req.path) ? undefined : new HttpError(404, messages.common.notFound)))
  return router
}
