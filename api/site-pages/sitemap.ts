// sitemap.xml: the public pages a search engine should show, then every listed farmer's page
// (issue 21). Served by the server (api/web-app.ts), not written at build time, so a farmer listed
// today is in it today. Plain strings; the farmers come from the directory's own listing rule.
import { farmerPagePath, isAppPage, type PublicPagePath } from '../contract/app-pages.ts'

/** Public pages worth a search result (not the sign-in, the Outbox, the back office or the /browse alias). */
export const sitemapPaths = [
  '/',
  '/browse-farmers',
  '/experts',
  '/reviews',
  '/reviews/farms',
  '/farmer-signup',
  '/expert-signup',
  '/about',
  '/how-it-works',
  '/terms-of-use',
  '/contact-us',
  '/analytics',
] as const satisfies readonly PublicPagePath[]

const xmlEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** `siteUrl` without a trailing slash; `farmerIds` the listed farmers, in any order (they are sorted). */
export function sitemapXml(siteUrl: string, farmerIds: readonly string[] = []): string {
  for (const p of sitemapPaths) if (!isAppPage(p)) throw new Error(`sitemap path ${p} is not a page of the app`)
  const paths = [...sitemapPaths, ...[...farmerIds].sort().map(farmerPagePath)]
  const urls = paths.map((p) => `  <url><loc>${xmlEscape(siteUrl + p)}</loc></url>`)
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n')
}
