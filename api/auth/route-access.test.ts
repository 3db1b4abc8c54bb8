// Generated authorization test: every /api and /objects route the app really registers, called as
// each role, anonymously and as a user who must change the password, must answer what the
// contract's route table promises.
// A route served but missing from the contract fails (contractRouter() refuses to register one).
import { randomUUID } from 'node:crypto'
import express, { Router } from 'express'
import { afterAll, describe, expect, it } from 'vitest'
import { ERROR_CODES, PASSWORD_CHANGE_ROUTES, can, messages, roles, routeKey, routes, type Role, type RouteDef } from '../contract'
import { registeredRoutes, type RegisteredRoute } from '../testing/registered-routes'
import { bearer, createStaffUser, seededAdminId, tokenFor } from '../testing/staff'
import { startTestApp } from '../testing/test-app'

const GUARDED_PREFIXES = ['/api/admin/', '/api/auth/', '/api/data-agent/']
const isGuardedPath = (path: string) => GUARDED_PREFIXES.some((prefix) => path.startsWith(prefix))

/**
 * Contract routes no router serves yet, each under the issue that builds it. When you mount one,
 * delete its line here (the last test below fails until you do, so this list never goes stale).
 */
const notYetBuilt: string[] = [
]

// Top-level await: the cases below are generated from the live app's router stack.
const api = await startTestApp()
afterAll(() => api.close())

const contractRoutes = routes as readonly RouteDef[]
const contractByKey = new Map(contractRoutes.map((route) => [routeKey(route), route]))
// Every route the app serves, public ones included: a public route must stay reachable by everyone,
// the flagged user too.
const served = registeredRoutes(api.app).filter((route) => /^\/(api|objects)\//.test(route.path))
const servedKey = (route: RegisteredRoute) => `${route.method} ${route.path}`
const servedKeys = new Set(served.map(servedKey))

const userIds: Record<Role, string> = {
  global_admin: await seededAdminId(api.db),
  admin_user: (await createStaffUser(api.db, { role: 'admin_user' })).id,
  data_agent: (await createStaffUser(api.db, { role: 'data_agent' })).id,
}

/** A global admin flagged mustChangePassword: the strongest role, refused all but three routes. */
const mustChangePasswordId = (await createStaffUser(api.db, { role: 'global_admin', mustChangePassword: true })).id

type Caller = Role | 'anonymous' | 'mustChangePassword'
const callers: Caller[] = ['anonymous', ...roles, 'mustChangePassword']
const callerId = (caller: Exclude<Caller, 'anonymous'>) => (caller === 'mustChangePassword' ? mustChangePasswordId : userIds[caller])

/**
 * 401 without a session; 403 'password change' for a flagged user outside verify, change-password
 * and logout; 403 for a role without the capability; otherwise anything but 401 and 403.
 */
function promised(route: RouteDef, caller: Caller): 401 | 403 | 'passwordChange' | 'allowed' {
  if (route.access === 'public') return 'allowed'
  if (caller === 'anonymous') return 401
  if (caller === 'mustChangePassword') return PASSWORD_CHANGE_ROUTES.some((key) => key === routeKey(route)) ? 'allowed' : 'passwordChange'
  if (route.access === 'session') return 'allowed'
  return can(caller, route.access) ? 'allowed' : 403
}

async function call(route: RouteDef, caller: Caller) {
  // Random ids and an empty body: an allowed call ends in 400/404 (or a harmless read), never a change.
  const path = route.path.replace(/:\w+/g, () => randomUUID())
  // A fresh session per call, because an allowed POST /api/auth/logout ends the one it is given.
  const auth = caller === 'anonymous' ? {} : bearer(await tokenFor(api.db, callerId(caller)))
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE'
  return api.fetch(path, {
    method: route.method,
    headers: { ...auth, ...(hasBody && { 'content-type': 'application/json' }) },
    body: hasBody ? '{}' : undefined,
  })
}

describe('registeredRoutes reads the router stack', () => {
  it('joins mount prefixes of nested routers and lists each method', () => {
    const inner = Router()
    inner.get('/items/:id', (_req, res) => res.end())
    inner.route('/items').post((_req, res) => res.end()).delete((_req, res) => res.end())
    const outer = Router()
    outer.use('/admin', inner)
    outer.use((_req, _res, next) => next())
    const app = express()
    app.use('/api', outer)
    expect(registeredRoutes(app)).toEqual([
      { method: 'GET', path: '/api/admin/items/:id' },
      { method: 'POST', path: '/api/admin/items' },
      { method: 'DELETE', path: '/api/admin/items' },
    ])
  })

  it('refuses to guess a RegExp mount path', () => {
    const app = express()
    app.use(/^\/api\/v\d/, Router().get('/x', (_req, res) => res.end()))
    expect(() => registeredRoutes(app)).toThrow(/Cannot read a string path/)
  })
})

describe('the served routes and the contract agree', () => {
  it('serves at least the auth, users, audit and stats routes', () => {
    expect(served.length).toBeGreaterThanOrEqual(12)
  })

  it.each(served.map(servedKey))('%s is in the contract route table', (key) => {
    expect(contractByKey.has(key), `${key} is served but not in api/contract/routes.ts, so nothing guards it`).toBe(true)
  })

  it('every guarded contract route is served, or listed in notYetBuilt', () => {
    const missing = contractRoutes.map(routeKey).filter((key) => isGuardedPath(key.split(' ')[1]!) && !servedKeys.has(key) && !notYetBuilt.includes(key))
    expect(missing).toEqual([])
  })

  it('notYetBuilt lists only routes that are really missing', () => {
    expect(notYetBuilt.filter((key) => servedKeys.has(key)), 'now served: delete these lines from notYetBuilt').toEqual([])
    expect(notYetBuilt.filter((key) => !contractByKey.has(key)), 'not in the contract').toEqual([])
  })
})

const cases = served
  .filter((route) => contractByKey.has(servedKey(route)))
  .flatMap((route) => callers.map((caller) => ({ key: servedKey(route), caller, route: contractByKey.get(servedKey(route))! })))

describe('each served route × each caller answers as the contract promises', () => {
  it.each(cases)('$key as $caller', async ({ route, caller }) => {
    const expected = promised(route, caller)
    const res = await call(route, caller)
    if (expected === 'allowed') {
      expect([401, 403], `${await res.text()}`).not.toContain(res.status)
      expect(res.status).toBeLessThan(500)
    } else if (expected === 'passwordChange') {
      expect(res.status).toBe(403)
      expect(await res.json()).toEqual({ message: messages.auth.passwordChangeRequired, code: ERROR_CODES.passwordChangeRequired })
    } else {
      expect(res.status).toBe(expected)
    }
  })
})
