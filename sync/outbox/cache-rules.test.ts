import { describe, expect, it } from 'vitest'
import { routes } from '../../api/contract'
import { NAVIGATE_FALLBACK_DENYLIST, isDirectoryRequest, isPhotoRequest, isPhotoThumbnailRequest } from './cache-rules'

const origin = 'https://vitifarmers.example'
const get = (path: string, method = 'GET') => ({ method, url: new URL(path, origin), origin })

describe('what the service worker caches', () => {
  it('caches the public directory GETs', () => {
    for (const path of [
      '/api/locations', '/api/produce', '/api/produce/availability', '/api/produce/by-location/Nausori',
      '/api/farmers/locations', '/api/farmers/by-location-and-produce/Nausori/Dalo', '/api/farms-with-ratings',
      '/api/farm-reviews', '/api/farm-reviews?farmId=abc', '/api/public/reviews', '/api/public/experts',
      '/api/public/expert-fields', '/api/analytics/live',
      // The pages after each list's first one (issue 12), each under its own URL.
      '/api/produce/availability/3/farmers?page=2&limit=20', '/api/farmers/locations/Nadi/farmers?page=1&limit=24',
      '/api/farmers/by-location-and-produce/Nausori/Dalo?page=2&limit=20&delivery=true',
      // A language's staff corrections, so they hold offline (issue 20).
      '/api/i18n/fj', '/api/i18n/hif',
    ]) expect([path, isDirectoryRequest(get(path))]).toEqual([path, true])
  })

  it('never caches a write, a signed-in answer, another origin or the admin analytics', () => {
    expect(isDirectoryRequest(get('/api/public/reviews', 'POST'))).toBe(false)
    expect(isDirectoryRequest(get('/api/farm-reviews', 'POST'))).toBe(false)
    expect(isDirectoryRequest(get('/api/analytics/live?days=7'))).toBe(false)
    expect(isDirectoryRequest({ ...get('/api/locations'), url: new URL('/api/locations', 'https://elsewhere.example') })).toBe(false)
    for (const route of routes) {
      if (route.access === 'public' && route.method === 'GET') continue
      expect([route.method, route.path, isDirectoryRequest(get(route.path.replace(/:(\w+)/g, 'x'), route.method))]).toEqual([route.method, route.path, false])
    }
  })

  it('caches photos under /objects/ and nothing else as a photo', () => {
    expect(isPhotoRequest(get('/objects/uploads/0b5f3c1e-2f7a-4c55-9a55-3f1d3c2e8b11'))).toBe(true)
    expect(isPhotoRequest(get('/api/uploads/0b5f3c1e-2f7a-4c55-9a55-3f1d3c2e8b11', 'PUT'))).toBe(false)
    expect(isPhotoRequest(get('/objects/uploads/x', 'DELETE'))).toBe(false)
  })

  it('keeps thumbnails in their own cache, apart from full photos', () => {
    const id = '0b5f3c1e-2f7a-4c55-9a55-3f1d3c2e8b11'
    expect(isPhotoThumbnailRequest(get(`/objects/uploads/${id}/thumb`))).toBe(true)
    expect(isPhotoRequest(get(`/objects/uploads/${id}/thumb`))).toBe(false)
    expect(isPhotoThumbnailRequest(get(`/objects/uploads/${id}`))).toBe(false)
    expect(isPhotoThumbnailRequest(get(`/objects/uploads/${id}/thumb`, 'PUT'))).toBe(false)
  })

  it('never answers the API or a photo with the app shell', () => {
    expect(NAVIGATE_FALLBACK_DENYLIST.some((pattern) => pattern.test('/api/locations'))).toBe(true)
    expect(NAVIGATE_FALLBACK_DENYLIST.some((pattern) => pattern.test('/objects/uploads/x'))).toBe(true)
    expect(NAVIGATE_FALLBACK_DENYLIST.some((pattern) => pattern.test('/farmers/Nausori'))).toBe(false)
  })
})

describe('reading a write back', () => {
  it('sends no-cache, no-store and reload requests to the network first', async () => {
    const { wantsFreshAnswer } = await import('./cache-rules')
    expect(wantsFreshAnswer({ cache: 'no-cache' })).toBe(true)
    expect(wantsFreshAnswer({ cache: 'no-store' })).toBe(true)
    expect(wantsFreshAnswer({ cache: 'reload' })).toBe(true)
    expect(wantsFreshAnswer({ cache: 'default' })).toBe(false)
    expect(wantsFreshAnswer({})).toBe(false)
  })
})
