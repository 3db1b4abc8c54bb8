import { describe, expect, it } from 'vitest'
import { robotsTxt, sitemapXml } from './site-files'

describe('robots.txt and sitemap.xml', () => {
  it('lets crawlers in, keeps them out of the back office and the API, and names the sitemap', () => {
    const robots = robotsTxt('https://example.fj')
    expect(robots).toMatch(/^User-agent: \*$/m)
    for (const path of ['/admin', '/login', '/outbox', '/api/']) expect(robots).toContain(`Disallow: ${path}`)
    expect(robots).not.toMatch(/^Disallow: \/$/m)
    expect(robots).toContain('Sitemap: https://example.fj/sitemap.xml')
  })

  it('lists the public pages with absolute addresses, and no staff page', () => {
    const xml = sitemapXml('https://example.fj')
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/)
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
    for (const page of ['/', '/browse-farmers', '/reviews', '/experts', '/about']) expect(locs).toContain(`https://example.fj${page}`)
    expect(locs.some((loc) => /\/(admin|login|outbox)/.test(loc!))).toBe(false)
  })
})
