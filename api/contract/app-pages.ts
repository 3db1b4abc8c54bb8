// The web app's page paths (spec 000 §2, spec 001 §2), shared by the browser router
// (web/app/router.tsx renders each) and the server (api/web-app.ts answers any other path 404
// with the app's not-found screen). No zod needed: plain data, safe in every bundle.
import { adminScreens } from './permissions.ts'
import { farmerIdOfPath, publicPagePaths } from './public-pages.ts'

export {
  FARMER_PAGE_PATTERN, HTML_LANGUAGE_PARAM, HTML_PAGES_DIR, NOT_FOUND_RENDER_PATH, farmerIdOfPath, farmerPagePath, htmlPageFile, htmlPageFileIn, htmlPageLanguages, htmlPageOf,
  htmlPagePaths, isHtmlPageLanguage, isPublicPageView, publicPagePaths, type HtmlPageLanguage, type HtmlPagePath, type PublicPagePath,
} from './public-pages.ts'

/** Every path the app renders a screen for: the public pages, /admin and each /admin/* screen with its aliases. */
export const appPagePaths: readonly string[] = [
  ...publicPagePaths,
  ...adminScreens.flatMap((screen): string[] => [screen.path, ...('aliases' in screen ? screen.aliases : [])]),
]

const knownPaths = new Set(appPagePaths.map((p) => p.toLowerCase()))

/**
 * True when the app shows a real screen (not its not-found screen) at `pathname`. Matches as
 * React Router does: case-insensitive, one trailing slash allowed. A farmer page's path is a page
 * here; whether that farmer is listed is the server's question (api/farmer-page.ts answers 404).
 */
export function isAppPage(pathname: string): boolean {
  const clean = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname
  return knownPaths.has(clean.toLowerCase()) || farmerIdOfPath(pathname) !== undefined
}

