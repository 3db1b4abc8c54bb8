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
