// The public site's page paths and which of them count as public page views. Its own file, with no
// imports, so the page-view tracker on the public home pulls in nothing of the back office.

/** Public site and field-app pages, outside /admin. */
export const publicPagePaths = [
  '/',
  '/browse-farmers',
  '/browse',
  '/farmer-signup',
  '/expert-signup',
  '/experts',
  '/reviews',
  '/reviews/farms',
  '/about',
  '/how-it-works',
  '/terms-of-use',
  '/contact-us',
  '/analytics',
  '/login',
  '/outbox',
] as const

export type PublicPagePath = (typeof publicPagePaths)[number]

/** The page of one farmer (issue 21): a link worth sharing, rendered by the server with its preview meta. */
export const FARMER_PAGE_PATTERN = '/farmers/:id'
/** The only pattern with a parameter; the id must look like a farmer's (a UUID), or the path is no page. */
const FARMER_ID_SHAPE = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
const farmerPagePattern = new RegExp(`^/farmers/(${FARMER_ID_SHAPE})/?$`, 'i')
const farmerIdPattern = new RegExp(`^${FARMER_ID_SHAPE}$`, 'i')

/** Whether `value` has a farmer id's shape (a UUID); anything else (a link cut short in a chat) names no farmer. */
export function isFarmerIdShaped(value: string): boolean {
  return farmerIdPattern.test(value)
}

export const farmerPagePath = (farmerId: string) => `/farmers/${farmerId}`

/**
 * Stands for the site's origin in a farmer page's render (kept per farmer, served to every host):
 * the server puts the request's public origin in its place (api/site-pages/farmer-page.ts), so the
 * share link of the HTML works before the scripts run, or without them. Letters and hyphens only:
 * it reads the same inside a URL-encoded link.
 */
export const SITE_ORIGIN_MARK = 'vf-site-origin-mark'

/** The farmer id a /farmers/<id> path names (lower case, as stored), or undefined for any other path. */
export function farmerIdOfPath(pathname: string): string | undefined {
  return farmerPagePattern.exec(pathname)?.[1]?.toLowerCase()
}

/** Staff pages: sign-in and the data agent's outbox. With /admin, never a public page view. */
const staffPublicPaths = new Set<string>(['/login', '/outbox'])

/**
 * True when a visit to `pathname` is a public page view for analytics (issue 17): a public page,
 * not /admin, not the sign-in page, not the outbox, not a path the app has no screen for. The
 * browser sends only these and the server records only these, so staff at their desks never
 * inflate the numbers the public analytics page shows.
 */
export function isPublicPageView(pathname: string): boolean {
  const clean = (pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname).toLowerCase()
  return (publicPagePaths as readonly string[]).includes(clean) && !staffPublicPaths.has(clean)
}

/**
 * The public pages that arrive as HTML (issue 21, decision 029): rendered at build time, in English
 * and in each of `htmlPageLanguages` (scripts/prerender-pages.ts), into the build's `.pages/` folder, served by the server for their
 * exact path with no query string, precached by the service worker under their own URL, and
 * hydrated in the browser. The rest (forms, sign-in, outbox, analytics) still start from the shell.
 */
export const htmlPagePaths = ['/', '/browse-farmers', '/browse', '/experts', '/reviews', '/reviews/farms', '/about', '/how-it-works', '/terms-of-use', '/contact-us'] as const

export type HtmlPagePath = (typeof htmlPagePaths)[number]

/** The path the not-found page is rendered for (any path the router does not know shows it). */
export const NOT_FOUND_RENDER_PATH = '/page-not-found'

/** The folder of the build (a dot folder: never served as a file of its own) holding one file per HTML page. */
export const HTML_PAGES_DIR = '.pages'

/** A page's file under HTML_PAGES_DIR: `/` is home.html, the not-found page 404.html, `/reviews/farms` reviews/farms.html. */
export function htmlPageFile(pagePath: HtmlPagePath | 'not-found'): string {
  if (pagePath === 'not-found') return '404.html'
  return pagePath === '/' ? 'home.html' : `${pagePath.slice(1)}.html`
}

/**
 * The languages besides English each page of `htmlPagePaths` is also rendered in at build time, into
 * `<HTML_PAGES_DIR>/<language>/` (the not-found page stays English). The server sends one at the page's
 * path with `?hl=<language>` (HTML_LANGUAGE_PARAM); the service worker keeps a reader's own, so an
 * iTaukei or Fiji Hindi reader's installed app paints their words from HTML too (decision 029, Later).
 */
export const htmlPageLanguages = ['fj', 'hif'] as const
export type HtmlPageLanguage = (typeof htmlPageLanguages)[number]
export const HTML_LANGUAGE_PARAM = 'hl'

/** A page's file in another language, under HTML_PAGES_DIR: `fj/home.html`. */
export function htmlPageFileIn(language: HtmlPageLanguage, pagePath: HtmlPagePath): string {
  return `${language}/${htmlPageFile(pagePath)}`
}

/** The page tells its service worker the reader's language: `{ type, language }`. */
export const READER_LANGUAGE_MESSAGE_TYPE = 'VITI_READER_LANGUAGE'

export function isHtmlPageLanguage(value: unknown): value is HtmlPageLanguage {
  return (htmlPageLanguages as readonly unknown[]).includes(value)
}

/** The HTML page for an exact path (case and all, no trailing slash), or undefined. */
export function htmlPageOf(pathname: string): HtmlPagePath | undefined {
  return (htmlPagePaths as readonly string[]).includes(pathname) ? (pathname as HtmlPagePath) : undefined
}

/** The public expert directory's answer: /experts' HTML carries it (`firstAnswers`). */
export const PUBLIC_EXPERTS_URL = '/api/public/experts'
/** Approved platform reviews, a page at a time; /reviews' HTML carries the first page. */
export const PUBLIC_REVIEWS_URL = '/api/public/reviews'
export const PUBLIC_REVIEWS_PER_PAGE = 20
/** Listed farms with their ratings, a page at a time; /reviews/farms' HTML carries the first page and the towns. */
export const FARMS_WITH_RATINGS_URL = '/api/farms-with-ratings'
export const FARMS_PER_PAGE = 24
/** The directory's towns with their farmer counts (the home page's grid, the farm reviews' town filter). */
export const FARMER_LOCATIONS_URL = '/api/farmers/locations'

/** A town's produce with their farmer counts (browse's second step, the town dialog). */
export const produceInCityUrl = (city: string) => `/api/produce/by-location/${encodeURIComponent(city)}`
/** A town's listed farmers, a page at a time (browse's "all farmers" step, the town dialog). */
export const cityFarmersUrl = (city: string) => `/api/farmers/locations/${encodeURIComponent(city)}/farmers`
/** A town's listed farmers of one produce, a page at a time. */
export const cityProduceFarmersUrl = (city: string, produce: string) => `/api/farmers/by-location-and-produce/${encodeURIComponent(city)}/${encodeURIComponent(produce)}`
/** Farmer cards a page of browse's and the search's lists holds. */
export const BROWSE_FARMERS_PER_PAGE = 24

/** Browse's steps after the first, in its URL (web/features/directory/browse-page.tsx): a town, then
 * all its farmers (`all`) or those of one produce. */
export type BrowseStep = { city: string; produce?: string; all?: true }

/** The query string of `step` as the app writes it (react-router's URLSearchParams). */
export function browseStepQuery(step: BrowseStep): string {
  const params = new URLSearchParams({ city: step.city })
  if (step.produce !== undefined) params.set('produce', step.produce)
  else if (step.all) params.set('all', '1')
  return params.toString()
}

/** The step a browse query string (no `?`) names, only in the exact form the app writes it; else
 * undefined (any other form: the page is the app's to draw). */
export function browseStepOf(query: string): BrowseStep | undefined {
  const params = new URLSearchParams(query)
  const city = params.get('city')
  if (!city) return undefined
  const produce = params.get('produce')
  const step: BrowseStep = produce ? { city, produce } : params.get('all') === '1' ? { city, all: true } : { city }
  return browseStepQuery(step) === query ? step : undefined
}

/** The URL of one page of a paged list (`url` may already carry a query): also the app's query key for it. */
export function pageUrl(url: string, page: number, limit: number): string {
  return `${url}${url.includes('?') ? '&' : '?'}page=${page}&limit=${limit}`
}
