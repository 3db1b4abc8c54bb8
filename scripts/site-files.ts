// Build step: robots.txt, written as a real file beside index.html (the server sends it as a file,
// never the app); SITE_URL is the public address of the deployment (default: the product's domain).
// sitemap.xml is the server's (api/site-pages/sitemap.ts): it lists the farmers listed today.
import type { Plugin } from 'vite'

export const defaultSiteUrl = 'https://vitifarmers.org.fj'

export function robotsTxt(siteUrl: string): string {
  return ['User-agent: *', 'Disallow: /admin', 'Disallow: /login', 'Disallow: /outbox', 'Disallow: /api/', 'Disallow: /objects/', '', `Sitemap: ${siteUrl}/sitemap.xml`, ''].join('\n')
}

/** Vite plugin: emits robots.txt for SITE_URL. */
export function siteFiles(siteUrl = (process.env.SITE_URL || defaultSiteUrl).replace(/\/+$/, '')): Plugin {
  return {
    name: 'viti:site-files',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'robots.txt', source: robotsTxt(siteUrl) })
    },
  }
}
