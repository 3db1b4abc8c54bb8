// The public pages' HTML (issue 21, decision 029). Built by Vite as an SSR bundle (scripts/
// prerender-pages.ts): the build renders each page of `htmlPagePaths` and the not-found page in
// English into the build's `.pages/` folder, and each page of `htmlPagePaths` in iTaukei and Fiji
// Hindi into `.pages/fj/` and `.pages/hif/` (marked `<html lang>` and `data-ssr-lang`, for a reader's
// service worker to keep: decision 029, Later), and the server renders the home page again with the
// towns of the directory (api/site-pages/html-pages.ts). The same App as the browser's, at a
// StaticRouter, with the screen's code and words loaded first, and Chakra's emotion styles
// collected into one <style> in the head, which the browser's emotion cache (key `css`) adopts.
import createCache from '@emotion/cache'
import { CacheProvider, css } from '@emotion/react'
import { StrictMode, type ReactNode } from 'react'
import { prerender } from 'react-dom/static'
import { StaticRouter } from 'react-router-dom'
import type { FarmerLocation, PublicFarmer } from '../api/contract/farmers'
import { firstFarmerScript } from '../api/contract/first-farmer'
import { App } from './app/app'
import { preloadRoute } from './app/router'
import { SYSTEM_GLOBALS_ATTRIBUTE, appSystem } from './app/theme'
import { citiesWithFarmers } from './features/directory/directory-logic'
import { firstTownsScript } from './features/directory/first-towns'
import { firstAnswersScript, type FirstAnswers } from './shared/first-answers'
import { catalogPartsReady, setLocale, t, type Locale } from './i18n/runtime'
import { serverRenderedTitle } from './shared/site'

export interface PageData {
  /** The directory's towns (`GET /api/farmers/locations`): the home page lists those with farmers. */
  locations?: readonly FarmerLocation[]
  /** The farmer of a farmer page (`GET /api/farmers/:id`'s card): the page renders it and carries it for the first render. */
  farmer?: PublicFarmer
  /** API answers by URL (/experts' list, /reviews' first page): the page renders them and carries them for the app. */
  answers?: FirstAnswers
}

const ROOT = '<div id="root"></div>'
const HTML_TAG = '<html lang="en">'

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * The built index.html (`template`) with the page at `path` in its #root (marked `data-ssr` with
 * the path, so the browser hydrates it only there), its styles in the head and, given towns, the
 * towns the city grid was rendered with. The not-found page is rendered at a path no route has and
 * marked `*` (`hydrateAt`): the browser hydrates it at any path its router does not know.
 */
export function renderPage(template: string, path: string, data: PageData = {}, hydrateAt: string = path, language: Locale = 'en'): Promise<string> {
  // One at a time: the page's title and the active language are module state a render leaves behind.
  const rendered = queue.then(() => render(template, path, data, hydrateAt, language))
  queue = rendered.catch(() => undefined)
  return rendered
}

let queue: Promise<unknown> = Promise.resolve()

type Cache = ReturnType<typeof createCache>

/** The names of the <Global> styles (Chakra's layers, reset, tokens): emotion inserts them with an
 * empty selector. */
function recordGlobalNames(cache: Cache): string[] {
  const names: string[] = []
  const insert = cache.insert.bind(cache)
  cache.insert = (selector, serialized, sheet, shouldCache) => {
    if (selector === '' && !names.includes(serialized.name)) names.push(serialized.name)
    return insert(selector, serialized, sheet, shouldCache)
  }
  return names
}

/** Each <Global> style in a tag of its own marked `css-global <name>`, the tag the browser's
 * <Global> looks for and adopts: in the one `css` tag, it inserted them all again as it hydrated
 * (~60 KB of rules parsed again, then the whole page's styles recalculated — blocking time after
 * the first paint, issue 21). Then the elements' styles in one `css` tag, which the browser's
 * emotion cache adopts; the globals first, where the browser's <Global> puts its sheets. */
function stylesOf(cache: Cache, globalNames: readonly string[]): string {
  const rules = Object.entries(cache.inserted).filter((entry): entry is [string, string] => typeof entry[1] === 'string')
  const globals = rules.filter(([name]) => globalNames.includes(name))
  const elements = rules.filter(([name]) => !globalNames.includes(name))
  // The system's own global styles are marked with their name: the browser adopts them by it, never computing them (app/theme.ts).
  const mark = (name: string) => (name === systemGlobalsName() ? ` ${SYSTEM_GLOBALS_ATTRIBUTE}="${name}"` : '')
  return [
    ...globals.map(([name, css]) => `<style data-emotion="css-global ${name}"${mark(name)}>${css}</style>`),
    `<style data-emotion="css ${elements.map(([name]) => name).join(' ')}">${elements.map(([, css]) => css).join('')}</style>`,
  ].join('')
}

let systemGlobals: string | undefined

/** The name emotion's <Global> gives the system's global styles (`css` serializes as <Global> does). */
const systemGlobalsName = () => (systemGlobals ??= css(appSystem()._global).name)

async function render(template: string, path: string, data: PageData, hydrateAt: string, language: Locale): Promise<string> {
  if (!template.includes(ROOT)) throw new Error('The page template has no empty #root')
  if (!template.includes(HTML_TAG)) throw new Error('The page template has no <html lang="en">')
  // The language first: the screen's words are loaded with its code, in the active language.
  await setLocale(language, false)
  // A path may carry a query string (browse's steps): the router reads it, the screen is the path's.
  await preloadRoute(path.split('?')[0] ?? path)
  // The head's description and the no-script line are the page's words too (static.page.*).
  await catalogPartsReady(['static'])
  serverRenderedTitle.current = undefined
  const cache = createCache({ key: 'css' })
  // Styles go into cache.inserted instead of <style> tags beside each element.
  cache.compat = true
  const globalNames = recordGlobalNames(cache)
  const towns = data.locations ? citiesWithFarmers(data.locations) : undefined
  const Router = ({ children }: { children: ReactNode }) => <StaticRouter location={path}>{children}</StaticRouter>
  const { prelude } = await prerender(
    <StrictMode>
      <CacheProvider value={cache}>
        <App Router={Router} towns={towns} farmer={data.farmer} answers={data.answers} />
      </CacheProvider>
    </StrictMode>,
    // Never outline a finished boundary (React does once the bytes before it and its own pass 12.8 KB,
    // e.g. the home page with its towns): that writes it as hidden HTML and an inline script that
    // moves it in place, which the CSP refuses (no 'unsafe-inline'), and the page fails to hydrate.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  )
  const markup = await new Response(prelude).text()
  const style = stylesOf(cache, globalNames)
  // An empty list goes too: the page then says no farmers are listed yet, not "Loading…" for ever.
  const dataScripts = (towns ? firstTownsScript(towns) : '') + (data.farmer ? firstFarmerScript(data.farmer) : '') + (data.answers ? firstAnswersScript(data.answers) : '')
  // The screen's own tab title (useDocumentTitle), as the browser will set it.
  const title = serverRenderedTitle.current
  return template
    // Another language's page says so: the browser's language gate holds back only a page not in the reader's.
    .replace(HTML_TAG, () => `<html lang="${language}">`)
    .replace(/<title>[^<]*<\/title>/, (whole) => (title ? `<title>${escapeHtml(title)}</title>` : whole))
    // What a search result or a shared link shows under the title, and what a reader without scripts reads, in the page's language.
    .replace(/<meta\s+name="description"\s+content="[^"]*"\s*\/>/, () => `<meta name="description" content="${escapeHtml(t('static.page.description'))}" />`)
    .replace(/<noscript>[^<]*<\/noscript>/, () => `<noscript>${escapeHtml(t('static.page.noscript'))}</noscript>`)
    .replace('</head>', () => `${style}</head>`)
    .replace(ROOT, () => `<div id="root" data-ssr="${escapeHtml(hydrateAt)}"${language === 'en' ? '' : ` data-ssr-lang="${language}"`}>${markup}</div>${dataScripts}`)
}
