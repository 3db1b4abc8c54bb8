import { describe, expect, it } from 'vitest'
import { robotsTxt } from './site-files'

describe('robots.txt', () => {
  it('lets crawlers in, keeps them out of the back office and the API, and names the sitemap', () => {
    const robots = robotsTxt('https://example.fj')
    expect(robots).toMatch(/^User-agent: \*$/m)
    for (const path of ['/admin', '/login', '/outbox', '/api/']) expect(robots).toContain(`Disallow: ${path}`)
    expect(robots).not.toMatch(/^Disallow: \/$/m)
    expect(robots).toContain('Sitemap: https://example.fj/sitemap.xml')
  })
})
