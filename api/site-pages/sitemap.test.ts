import { describe, expect, it } from 'vitest'
import { sitemapXml } from './sitemap'

describe('sitemap.xml', () => {
  it('lists the public pages with absolute addresses, and no staff page', () => {
    const xml = sitemapXml('https://example.fj')
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/)
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
    for (const page of ['/', '/browse-farmers', '/reviews', '/experts', '/about']) expect(locs).toContain(`https://example.fj${page}`)
    expect(locs.some((loc) => /\/(admin|login|outbox)/.test(loc!))).toBe(false)
  })

  it("lists each listed farmer's page after the public pages", () => {
    const ids = ['b2c3d4e5-0000-4000-8000-000000000002', 'a1b2c3d4-0000-4000-8000-000000000001']
    const locs = [...sitemapXml('https://example.fj', ids).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
    expect(locs.slice(-2)).toEqual([`https://example.fj/farmers/${ids[1]}`, `https://example.fj/farmers/${ids[0]}`])
  })
})
