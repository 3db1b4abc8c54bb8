// The attacks of issue 8 item 1, walked over every guarded route the app serves: another case,
// a trailing or doubled slash, HEAD and OPTIONS, an absolute-form or '*' request target. Each must
// be refused before any handler runs, and nothing may change.
import http from 'node:http'
import { afterAll, describe, expect, it } from 'vitest'
import { contractRouter } from '../http/contract-router'
import type { RouteKey } from '../contract'
import { registeredRoutes } from '../testing/registered-routes'
import { bearer, createStaffUser, tokenFor } from '../testing/staff'
import { startTestApp } from '../testing/test-app'

const api = await startTestApp()
afterAll(() => api.close())

const agent = await createStaffUser(api.db, { role: 'data_agent' })
const agentToken = await tokenFor(api.db, agent.id)
const { hostname: host, port } = new URL(api.baseUrl)

/** A raw HTTP/1.1 request, so the request target is sent exactly as written (fetch would normalise it). */
function raw(method: string, target: string, headers: Record<string, string> = {}, body?: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const bodyHeaders = body === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }
    // A fresh connection per request: a refusal that leaves the body unread must not poison the next call.
    const req = http.request({ host, port, method, path: target, agent: false, headers: { ...headers, ...bodyHeaders } }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (text += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
    })
    req.on('error', reject)
    req.end(body)
  })
}

const guarded = registeredRoutes(api.app).filter((route) => /^\/api\/(admin|auth|data-agent)\//.test(route.path) && route.path !== '/api/auth/login')
const concrete = (path: string) => path.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000')

/** Spellings of one route that Express alone would still have routed to its handler. */
function variants(route: { method: string; path: string }) {
  const path = concrete(route.path)
  const upperSegment = path.replace(/^\/api\/(\w)/, (_m, first: string) => `/api/${first.toUpperCase()}`)
  const list = [
    { name: 'upper-case segment', method: route.method, target: upperSegment },
    { name: 'upper-case path', method: route.method, target: path.toUpperCase() },
    { name: 'upper-case prefix', method: route.method, target: path.replace('/api/', '/API/') },
    { name: 'trailing slash', method: route.method, target: `${path}/` },
    { name: 'doubled slash', method: route.method, target: path.replace('/api/', '/api//') },
    { name: 'leading doubled slash', method: route.method, target: `/${path}` },
    { name: 'absolute-form target', method: route.method, target: `http://${host}:${port}${path}` },
    { name: 'OPTIONS', method: 'OPTIONS', target: path },
  ]
  if (route.method === 'GET') list.push({ name: 'HEAD', method: 'HEAD', target: path })
  return list
}

const cases = guarded.flatMap((route) =>
  variants(route).flatMap((variant) =>
    (['anonymous', 'data_agent'] as const).map((caller) => ({ key: `${route.method} ${route.path}`, caller, ...variant })),
  ),
)

describe('every guarded route, spelled another way, is refused before any handler', () => {
  it('walks every guarded route the app serves', () => {
    expect(guarded.length).toBeGreaterThanOrEqual(12)
    expect(cases.length).toBeGreaterThan(guarded.length * 16)
  })

  it.each(cases)('$key, $name, as $caller', async ({ method, target, caller }) => {
    const headers = caller === 'anonymous' ? {} : bearer(agentToken)
    const res = await raw(method, target, headers, method === 'GET' || method === 'HEAD' || method === 'OPTIONS' ? undefined : '{}')
    expect([400, 404, 405]).toContain(res.status)
    if (method !== 'HEAD') expect(JSON.parse(res.body)).toHaveProperty('message')
  })
})

describe('the attacks issue 8 reported change nothing', () => {
  const counts = async () => ({
    users: (await api.db.selectFrom('admin_users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
    audit: (await api.db.selectFrom('audit_logs').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
  })
  const newAdmin = JSON.stringify({ name: 'Mallory', email: 'mallory@example.fj', password: 'Str0ng&Secret!', role: 'global_admin' })

  it('a data agent cannot create a global admin through /api/ADMIN/users or an absolute-form target', async () => {
    const before = await counts()
    for (const target of ['/api/ADMIN/users', '/API/ADMIN/USERS', '/api/admin/users/', `http://${host}:${port}/api/admin/users`]) {
      const res = await raw('POST', target, bearer(agentToken), newAdmin)
      expect([400, 404, 405], target).toContain(res.status)
    }
    expect(await api.db.selectFrom('admin_users').select('id').where('email', '=', 'mallory@example.fj').executeTakeFirst()).toBeUndefined()
    expect(await counts()).toEqual(before)
  })

  it('anonymous callers cannot read the staff list or the audit log by HEAD or another case', async () => {
    for (const [method, target] of [['HEAD', '/api/admin/users'], ['GET', '/api/Admin/users'], ['GET', '/api/admin/audit-logs/'], ['HEAD', '/api/admin/audit-logs']]) {
      const res = await raw(method!, target!)
      expect([404, 405], `${method} ${target}`).toContain(res.status)
      expect(res.body).not.toContain('@')
    }
  })

  it('the plain route still answers 403 to a data agent and 401 to nobody', async () => {
    expect((await raw('POST', '/api/admin/users', bearer(agentToken), newAdmin)).status).toBe(403)
    expect((await raw('GET', '/api/admin/audit-logs')).status).toBe(401)
  })

  it('answers 405 with Allow for a contract path called with another method', async () => {
    const res = await api.fetch('/api/admin/users', { method: 'PUT' })
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toBe('GET, POST')
  })

  it("an odd request target ('*') is refused with 400", async () => {
    expect((await raw('OPTIONS', '*')).status).toBe(400)
  })
})

describe('a handler can only be registered for a contract route', () => {
  it('refuses a route key the contract does not list', () => {
    const { on } = contractRouter()
    expect(() => on('GET /api/admin/backdoor' as RouteKey, (_req, res) => res.end())).toThrow(/Unknown route/)
  })

  it('registers the contract path with its access check and the query-parameter gate in front', () => {
    const { router, on } = contractRouter()
    const handler = () => undefined
    on('GET /api/admin/users', handler)
    const layer = (router as unknown as { stack: { route: { path: string; stack: { handle: unknown }[] } }[] }).stack[0]!
    expect(layer.route.path).toBe('/api/admin/users')
    expect(layer.route.stack.map((s) => s.handle)).toHaveLength(3)
    expect(layer.route.stack[2]!.handle).toBe(handler)
  })
})
