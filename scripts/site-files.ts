// Build step: robots.txt and sitemap.xml, written as real files beside index.html (the server
// sends them as files, never the app). The sitemap lists the public pages a search engine should
// show; SITE_URL is the public address of the deployment (default: the product's domain).
import type { Plugin } from 'vite'
import { isAppPage, type PublicPagePath } from '../api/contract/app-pages.ts'

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

export const defaultSiteUrl = 'https://vitifarmers.org.fj'

export function robotsTxt(siteUrl: string): string {
  return ['User-agent: *', 'Disallow: /admin', 'Disallow: /login', 'Disallow: /outbox', 'Disallow: /api/', 'Disallow: /objects/', '', `Sitemap: ${siteUrl}/sitemap.xml`, ''].join('\n')
}

export function sitemapXml(siteUrl: string): string {
  for (const p of sitemapPaths) if (!isAppPage(p)) throw new Error(`sitemap path ${p} is not a page of the app`)
  const urls = sitemapPaths.map((p) => `  <url><loc>${siteUrl}${p === '/' ? '/' : p}</loc></url>`)
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n')
}

/** Vite plugin: emits robots.txt and sitemap.xml for SITE_URL. */
export function siteFiles(siteUrl = (process.env.SITE_URL || defaultSiteUrl).replace(/\/+$/, '')): Plugin {
  return {
    name: 'viti:site-files',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'robots.txt', source: robotsTxt(siteUrl) })
      this.emitFile({ type: 'asset', fileName: 'sitemap.xml', source: sitemapXml(siteUrl) })
    },
  }
}
