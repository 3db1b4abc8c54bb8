// The routers as one handler (contractRoutes): each request reaches only the router that holds the
// contract route the gate matched; anything else passes every router by.
import type { AddressInfo } from 'node:net'
import express, { type RequestHandler } from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { refuseUnlistedRoutes } from '../auth/access'
import { registeredRoutes } from '../testing/registered-routes'
import { contractRouter, contractRoutes, type ContractRoutes } from './contract-router'

const reached: string[] = []

/** A real contract router for `key`, answering `name`, that notes each request it is handed. */
function router(name: string, key: Parameters<ReturnType<typeof contractRouter>['on']>[0]): ContractRoutes {
  const { router: routes, on } = contractRouter()
  on(key, (_req, res) => void res.type('text').send(name))
  const noting: RequestHandler = (req, res, next) => {
    reached.push(`${name} ${req.method} ${req.path}`)
    routes(req, res, next)
  }
  return Object.assign(noting, { stack: routes.stack, keys: routes.keys })
}

const health = router('health', 'GET /api/health')
const locations = router('locations', 'GET /api/locations')
const app = express()
app.set('case sensitive routing', true)
app.use(refuseUnlistedRoutes())
app.use(contractRoutes([health, locations]))
app.use((_req, res) => void res.status(404).type('text').send('after the routers'))
app.use(((error, _req, res, _next) => void res.status((error as { status?: number }).status ?? 500).type('text').send('refused')) as express.ErrorRequestHandler)

let base = ''
let server: ReturnType<typeof app.listen>
beforeAll(async () => {
  server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

async function get(path: string, method = 'GET') {
  reached.length = 0
  const res = await fetch(`${base}${path}`, { method })
  return { status: res.status, text: await res.text(), reached: [...reached] }
}

describe('contractRoutes', () => {
  it('hands each request to the one router holding its route, whichever comes first', async () => {
    expect(await get('/api/locations')).toEqual({ status: 200, text: 'locations', reached: ['locations GET /api/locations'] })
    expect(await get('/api/health')).toEqual({ status: 200, text: 'health', reached: ['health GET /api/health'] })
    expect(await get('/api/locations?x=1')).toMatchObject({ status: 400, reached: ['locations GET /api/locations'] })
    // A contract route no router holds passes them all by.
    expect(await get('/api/farmers')).toEqual({ status: 404, text: 'after the routers', reached: [] })
  })

  it('hands no router a request the gate matched to no route: a page, a file, another case, another method', async () => {
    expect(await get('/about')).toEqual({ status: 404, text: 'after the routers', reached: [] })
    expect(await get('/assets/index.js')).toEqual({ status: 404, text: 'after the routers', reached: [] })
    for (const [path, method, status] of [['/API/health', 'GET', 404], ['/api/health/', 'GET', 404], ['/api/health', 'POST', 405], ['/api/health', 'HEAD', 405]] as const) {
      const res = await get(path, method)
      expect([res.status, res.reached], `${method} ${path}`).toEqual([status, []])
    }
  })

  it('refuses, as the server starts, a route registered by two routers or one the gate would never match', () => {
    expect(() => contractRoutes([health, router('again', 'GET /api/health')])).toThrow('GET /api/health is registered by two routers')
    // Such a route would never be handed on: the gate names no contract route outside /api and /objects.
    const outside: ContractRoutes = Object.assign((() => undefined) as RequestHandler, { stack: [], keys: new Set(['GET /about']) })
    expect(() => contractRoutes([health, outside])).toThrow('GET /about is outside the paths the gate matches to routes')
  })

  it("keeps every router's routes readable for the tests that list what the server serves", () => {
    expect(registeredRoutes(app)).toEqual(expect.arrayContaining([{ method: 'GET', path: '/api/health' }, { method: 'GET', path: '/api/locations' }]))
  })
})
