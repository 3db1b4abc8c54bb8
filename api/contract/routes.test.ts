import { describe, expect, expectTypeOf, it } from 'vitest'
import { buildPath, findRoute, methodsFor, getRoute, isKnownAccess, queuedRoutes, routeKey, routes } from './routes'
import type { RouteBody, RouteDef, RouteResponse } from './routes'

const all = routes as readonly RouteDef[]

describe('route list', () => {
  it('every access is public, session or a known capability', () => {
    for (const r of all) expect(isKnownAccess(r.access), routeKey(r)).toBe(true)
  })
  it('has no duplicate method + path', () => {
    const keys = all.map(routeKey)
    expect(new Set(keys).size).toBe(keys.length)
  })
  it('queues exactly the five outbox endpoints, all POST with a body schema', () => {
    expect(queuedRoutes.map(routeKey).sort()).toEqual(
      [
        'POST /api/data-agent/signup',
        'POST /api/farm-reviews',
        'POST /api/farmer-signup',
        'POST /api/public/expert-signup',
        'POST /api/public/reviews',
      ].sort(),
    )
    for (const r of queuedRoutes) {
      expect(r.method).toBe('POST')
      expect(r.body).toBeDefined()
    }
  })
  it('every :param has a params schema', () => {
    for (const r of all) if (r.path.includes(':')) expect(r.params, routeKey(r)).toBeDefined()
  })
  it('covers both specs and the product additions', () => {
    for (const key of [
      'POST /api/auth/login',
      'POST /api/auth/logout',
      'GET /api/health',
      'PUT /api/uploads/:id',
      'GET /api/admin/signups/data-agent',
      'POST /api/analytics/page-view',
      'POST /api/analytics/search',
      'POST /api/analytics/farmer-click',
      'DELETE /api/admin/audit-logs/purge',
      'PATCH /api/admin/subject-matter-experts/:id/toggle-status',
      'GET /api/admin/farmers/payments/report',
    ]) {
      expect(all.some((r) => routeKey(r) === key), key).toBe(true)
    }
  })
  it('the data-agent signup needs its capability; admin routes are never public', () => {
    expect(getRoute('POST /api/data-agent/signup').access).toBe('dataAgent.signup')
    for (const r of all) if (r.path.startsWith('/api/admin/')) expect(r.access, routeKey(r)).not.toBe('public')
  })
})

describe('findRoute', () => {
  it('matches concrete paths, preferring literal segments', () => {
    expect(findRoute('GET', '/api/admin/reviews/pending')?.path).toBe('/api/admin/reviews/pending')
    expect(findRoute('PATCH', '/api/admin/reviews/5b1c')?.path).toBe('/api/admin/reviews/:id')
    expect(findRoute('DELETE', '/api/admin/signups/purge')?.path).toBe('/api/admin/signups/purge')
    expect(findRoute('GET', '/api/farmers/by-location-and-produce/Suva/Dalo?x=1')?.path).toBe(
      '/api/farmers/by-location-and-produce/:city/:produce',
    )
    expect(findRoute('POST', '/api/admin/users/:id/reset-password')?.access).toBe('users.manage')
  })
  it('answers undefined for unknown routes', () => {
    expect(findRoute('GET', '/api/nope')).toBeUndefined()
    expect(findRoute('DELETE', '/api/locations')).toBeUndefined()
  })
  it.each([
    ['GET', '/api/ADMIN/users'],
    ['GET', '/API/admin/users'],
    ['GET', '/api/admin/users/'],
    ['GET', '/api//admin/users'],
    ['GET', '//api/admin/users'],
    ['HEAD', '/api/admin/users'],
    ['get', '/api/admin/users'],
    ['OPTIONS', '/api/admin/users'],
    ['PATCH', '/api/admin/users//'],
    ['GET', 'http://localhost/api/admin/users'],
    ['GET', '*'],
    ['GET', '/api/%61dmin/users'],
  ])('matches nothing for %s %s (no spelling of a path reaches a route it does not name exactly)', (method, path) => {
    expect(findRoute(method, path)).toBeUndefined()
  })
  it('methodsFor lists the methods served on a path', () => {
    expect(methodsFor('/api/admin/users')).toEqual(['GET', 'POST'])
    expect(methodsFor('/api/admin/users/abc')).toEqual(['PATCH', 'DELETE'])
    expect(methodsFor('/api/nope')).toEqual([])
  })
  it('buildPath fills and encodes params', () => {
    expect(buildPath('/api/produce/by-location/:city', { city: 'Nadi Town' })).toBe('/api/produce/by-location/Nadi%20Town')
    expect(() => buildPath('/api/admin/users/:id')).toThrow()
  })
})

describe('route types', () => {
  it('RouteBody and RouteResponse follow the schemas', () => {
    type SignupBody = RouteBody<'POST /api/farmer-signup'>
    type LoginAnswer = RouteResponse<'POST /api/auth/login'>
    expectTypeOf<SignupBody['agreeToTerms']>().toEqualTypeOf<boolean>()
    expectTypeOf<LoginAnswer['user']['role']>().toEqualTypeOf<'global_admin' | 'admin_user' | 'data_agent'>()
    expectTypeOf<RouteBody<'GET /api/locations'>>().toEqualTypeOf<undefined>()
  })
})
