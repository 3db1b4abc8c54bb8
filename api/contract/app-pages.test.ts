import { describe, expect, it } from 'vitest'
import { isAppPage } from './app-pages'

describe('isAppPage (the server answers any other path 404)', () => {
  it('knows the public pages, /admin, each admin screen and its aliases', () => {
    for (const path of ['/', '/browse-farmers', '/reviews/farms', '/outbox', '/admin', '/admin/audit-trail', '/admin/payments']) expect(isAppPage(path), path).toBe(true)
  })
  it('matches as the router does: any case, one trailing slash', () => {
    expect(isAppPage('/About')).toBe(true)
    expect(isAppPage('/experts/')).toBe(true)
  })
  it('refuses unknown paths and sub-paths of pages', () => {
    for (const path of ['/nope', '/admin/nope', '/reviews/farms/extra', '/index.html', '']) expect(isAppPage(path), path).toBe(false)
  })
})
