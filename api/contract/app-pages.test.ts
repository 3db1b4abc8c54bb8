import { describe, expect, it } from 'vitest'
import { farmerIdOfPath, isAppPage } from './app-pages'

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
  it('knows a farmer page by its UUID, nothing else under /farmers', () => {
    const id = '3f2b8c1e-9a4d-4e6f-8b1a-2c3d4e5f6a7b'
    expect(isAppPage(`/farmers/${id}`)).toBe(true)
    expect(isAppPage(`/Farmers/${id.toUpperCase()}/`)).toBe(true)
    expect(farmerIdOfPath(`/farmers/${id.toUpperCase()}`)).toBe(id)
    for (const path of ['/farmers', '/farmers/', '/farmers/nope', `/farmers/${id}/extra`, `/farmers/${id}x`]) expect(isAppPage(path), path).toBe(false)
  })
})
