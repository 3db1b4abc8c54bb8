// The web app's page paths (spec 000 §2, spec 001 §2), shared by the browser router
// (web/app/router.tsx renders each) and the server (api/web-app.ts answers any other path 404
// with the app's not-found screen). No zod needed: plain data, safe in every bundle.
import { adminScreens } from './permissions.ts'
import { publicPagePaths } from './public-pages.ts'

export { isPublicPageView, publicPagePaths, type PublicPagePath } from './public-pages.ts'

/** Every path the app renders a screen for: the public pages, /admin and each /admin/* screen with its aliases. */
export const appPagePaths: readonly string[] = [
  ...publicPagePaths,
  ...adminScreens.flatMap((screen): string[] => [screen.path, ...('aliases' in screen ? screen.aliases : [])]),
]

const knownPaths = new Set(appPagePaths.map((p) => p.toLowerCase()))

/** The page of one farmer (issue 21): a link worth sharing, rendered by the server with its preview meta. */
export const FARMER_PAGE_PATTERN = '/farmers/:id'
/** The only pattern with a parameter; the id must look like a farmer's (a UUID), or the path is no page. */
const farmerPagePattern = /^\/farmers\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i

export const farmerPagePath = (farmerId: string) => `/farmers/${farmerId}`

/** The farmer id a /farmers/<id> path names (lower case, as stored), or undefined for any other path. */
export function farmerIdOfPath(pathname: string): string | undefined {
  return farmerPagePattern.exec(pathname)?.[1]?.toLowerCase()
}

/**
 * True when the app shows a real screen (not its not-found screen) at `pathname`. Matches as
 * React Router does: case-insensitive, one trailing slash allowed. A farmer page's path is a page
 * here; whether that farmer is listed is the server's question (api/farmer-page.ts answers 404).
 */
export function isAppPage(pathname: string): boolean {
  const clean = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname
  return knownPaths.has(clean.toLowerCase()) || farmerIdOfPath(pathname) !== undefined
}

