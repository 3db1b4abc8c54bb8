// contractRoutes: a request the gate matched goes to the router of its route only; one it did not
// match walks every router in order; passing on and errors behave as with one app.use() per router.
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import express, { type ErrorRequestHandler } from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { refuseUnlistedRoutes } from '../auth/access'
import { contractRouter, contractRoutes, type ContractRoutes } from './contract-router'

/** Which routers were entered, in order, for the last request. */
const entered: string[] = []
const counted = (name: string, routes: ContractRoutes): ContractRoutes =>
  Object.assign((...args: Parameters<ContractRoutes>) => {
    entered.push(name)
    routes(...args)
  }, { stack: routes.stack, keys: routes.keys })

let server: Server
let base: string
beforeAll(async () => {
  const health = contractRouter()
  health.on('GET /api/health', (_req, res) => void res.json({ from: 'health' }))
  const passing = contractRouter()
  passing.on('GET /api/farmers/locations', (_req, _res, next) => next())
  const locations = contractRouter()
  locations.on('GET /api/farmers/locations', (req, res, next) => (req.headers['x-fail'] === undefined ? void res.json({ from: 'locations' }) : next(new Error('failed'))))
  const app = express()
  app.use(refuseUnlistedRoutes())
  app.use(contractRoutes(counted('health', health.router), counted('passing', passing.router), counted('locations', locations.router)))
  app.use((_req, res) => void res.status(404).json({ from: 'after' }))
  app.use(((error, _req, res, _next) => void res.status(500).json({ from: 'errors', message: (error as Error).message })) as ErrorRequestHandler)
  server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s))
  })
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise((resolve) => server.close(resolve)))

async function get(path: string, headers: Record<string, string> = {}) {
  entered.length = 0
  const res = await fetch(`${base}${path}`, { headers })
  return { status: res.status, body: await res.json(), entered: [...entered] }
}

describe('contractRoutes', () => {
  it('sends a matched request to the routers of its route only', async () => {
    expect(await get('/api/health')).toEqual({ status: 200, body: { from: 'health' }, entered: ['health'] })
  })

  it('hands a request passed on to the next router of the same route, then past them all', async () => {
    expect(await get('/api/farmers/locations')).toEqual({ status: 200, body: { from: 'locations' }, entered: ['passing', 'locations'] })
  })

  it('sends an error to the error handlers at once', async () => {
    expect(await get('/api/farmers/locations', { 'x-fail': '1' })).toEqual({ status: 500, body: { from: 'errors', message: 'failed' }, entered: ['passing', 'locations'] })
  })

  it('walks every router, in order, for a request the gate did not match', async () => {
    expect(await get('/elsewhere')).toEqual({ status: 404, body: { from: 'after' }, entered: ['health', 'passing', 'locations'] })
  })

  it('lists every router\'s routes in its stack', () => {
    const routes = contractRoutes(...[['GET /api/health'], ['GET /api/farmers/locations']].map(([key]) => {
      const r = contractRouter()
      r.on(key as 'GET /api/health', (_req, res) => void res.end())
      return r.router
    }))
    expect(routes.stack.map((layer) => layer.route?.path)).toEqual(['/api/health', '/api/farmers/locations'])
  })
})
