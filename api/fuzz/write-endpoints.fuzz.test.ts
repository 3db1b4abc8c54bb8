// A fast-check fuzz of every write route of the contract (POST, PUT, PATCH, DELETE in
// api/contract/routes.ts, so a route added there is fuzzed with no change here), against the real
// app on a real SQLite file, and again on PostgreSQL (project api-postgres), with the demo data: odd params, odd query strings, arbitrary and
// malformed bodies, wrong types per field of the route's own schema, huge and deeply nested
// bodies; as a global admin for guarded routes and anonymously for public ones (and now and then
// the other way round, or with a bad token). What must hold for every request:
// - never a 5xx (a route not built yet answers 404, which is fine);
// - every refusal is a 4xx with a JSON `{ message }` string, and a 400's is a product text
//   (messages.ts, or the Idempotency-Key middleware's), never zod's own English;
// - a refusal (a 400 above all) wrote nothing: every table (listed by kysely's introspection) and the
//   uploads folder unchanged.
// Seeded: FUZZ_SEED=<n> replays a run (the seed is printed); FUZZ_RUNS=<n> requests per route.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uploadsDir } from '../../db/connection'
import { routeKey, routes, type RouteDef } from '../contract'
import { isProductText } from '../contract/test-helpers'
import { IDEMPOTENCY_MESSAGES } from '../../sync/server/idempotency'
import { createStaffUser, tokenFor } from '../testing/staff'
import { startTestApp, type TestApp } from '../testing/test-app'
import { bodyShape, type BodyShape } from './body-shapes'
import { databaseValues, dbState, type PoolValue } from './db-state'
import { renderBody, requestArb, type FuzzRequest } from './requests'

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) | 0 : (Math.random() * 2 ** 31) | 0
const RUNS = Number(process.env.FUZZ_RUNS ?? 30)
const writeRoutes = (routes as readonly RouteDef[]).filter((route) => route.method !== 'GET')

let api: TestApp
let fuzzAdminId = ''
let pool: { ids: PoolValue[]; names: PoolValue[] } = { ids: [], names: [] }
/** Statuses seen per route, printed at the end (a route answering only 404 is not built yet). */
const seen = new Map<string, Record<number, number>>()

beforeAll(async () => {
  console.log(`fuzz: seed ${SEED} (rerun with FUZZ_SEED=${SEED}), ${RUNS} requests per route, ${writeRoutes.length} write routes`)
  api = await startTestApp({ demo: true })
  fuzzAdminId = (await createStaffUser(api.db, { role: 'global_admin', name: 'Fuzz Admin' })).id
  pool = await databaseValues(api.db)
}, 60_000)

afterAll(async () => {
  const lines = [...seen].map(([key, statuses]) => `  ${key.padEnd(58)} ${Object.entries(statuses).map(([s, n]) => `${s}×${n}`).join(' ')}`)
  console.log(`fuzz: statuses per route (seed ${SEED})\n${lines.join('\n')}`)
  await api?.close()
})

function urlOf(route: RouteDef, request: FuzzRequest): string {
  return route.path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => request.params[name]!) + request.query
}

async function send(route: RouteDef, request: FuzzRequest, shape: BodyShape) {
  const headers: Record<string, string> = {}
  if (request.caller === 'staff') {
    // A fresh session each time: the fuzz may log out, change the password or demote this very user.
    await api.db.updateTable('admin_users').set({ role: 'global_admin', mustChangePassword: 0, failedLoginCount: 0, lockedUntil: null }).where('id', '=', fuzzAdminId).execute()
    headers.authorization = `Bearer ${await tokenFor(api.db, fuzzAdminId)}`
  }
  if (request.caller === 'bad-token') headers.authorization = 'Bearer not-a-session-token'
  if (request.idempotencyKey !== undefined) headers['idempotency-key'] = request.idempotencyKey
  const { body, contentType } = renderBody(request.body, shape.sample)
  if (contentType) headers['content-type'] = contentType
  const before = await dbState(api.db, uploadsDir(api.dataDir))
  const response = await api.fetch(urlOf(route, request), { method: route.method, headers, body: body as BodyInit | undefined })
  const text = await response.text()
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', text, before }
}

/**
 * The schema-valid sample may still be refused by the service (a city that is not a listed
 * location): swap one field at a time through the values its schema accepts, keeping a swap that
 * gets the request further (another refusal message, or a success). Routes with path params are
 * left as they are (their sample meets a random id anyway). Bounded; it may write, as any success.
 */
async function settleSample(route: RouteDef, shape: BodyShape): Promise<void> {
  const sample = shape.sample
  if (!sample || !shape.isSampleValid || route.path.includes(':')) return
  const attempt = async () => {
    const request: FuzzRequest = { params: {}, query: '', caller: route.access === 'public' ? 'anonymous' : 'staff', idempotencyKey: route.isQueued ? crypto.randomUUID() : undefined, body: { kind: 'json', value: sample } }
    const answer = await send(route, request, shape)
    expect(answer.status, `${routeKey(route)} answered ${answer.status} ${answer.text.slice(0, 300)} to its sample`).toBeLessThan(500)
    return answer.status === 400 ? String(messageOf(answer.text)) : null
  }
  let refusal = await attempt()
  let budget = 150
  const tried = new Set<string>()
  while (refusal !== null && budget > 0) {
    // Fields the refusal names ('Please choose towns/cities …' → town, cities) are tried first.
    const named = (field: string) => refusal!.toLowerCase().includes(field.toLowerCase().replace(/s$/, ''))
    const name = [...shape.accepted.keys()].filter((n) => !tried.has(n)).sort((a, b) => Number(named(b)) - Number(named(a)))[0]
    if (name === undefined) return
    tried.add(name)
    const kept = sample[name]
    for (const option of shape.accepted.get(name)!.slice(1)) {
      if (budget-- <= 0) break
      sample[name] = option
      const next = await attempt()
      if (next !== refusal) {
        refusal = next
        break
      }
      sample[name] = kept
    }
  }
}

/** The Idempotency-Key middleware's own texts (sync/server), besides the contract's. */
const idempotencyTexts = new Set<string>(Object.values(IDEMPOTENCY_MESSAGES))
const isRefusalText = (message: string) => isProductText(message) || idempotencyTexts.has(message)

function messageOf(text: string): unknown {
  try {
    return (JSON.parse(text) as { message?: unknown }).message
  } catch {
    return undefined
  }
}

describe('every write route of the contract, fuzzed', () => {
  it('covers every write route', () => {
    expect(writeRoutes.length).toBeGreaterThan(30)
  })

  writeRoutes.forEach((route, index) => {
    const key = routeKey(route)
    it(`${key}: no 5xx, every refusal a 4xx { message } in the product's words that wrote nothing`, async () => {
      const shape = bodyShape(route.body, [...pool.names, ...pool.ids])
      await settleSample(route, shape)
      const statuses: Record<number, number> = {}
      seen.set(`${key}${shape.sample && !shape.isSampleValid ? ' (no valid sample)' : ''}`, statuses)
      await fc.assert(
        fc.asyncProperty(requestArb(route, shape, pool.ids.map((p) => p.value)), async (request) => {
          const answer = await send(route, request, shape)
          statuses[answer.status] = (statuses[answer.status] ?? 0) + 1
          const what = `${route.method} ${urlOf(route, request).slice(0, 200)} answered ${answer.status} ${answer.text.slice(0, 300)}`
          expect(answer.status, what).toBeLessThan(500)
          if (answer.status >= 400) {
            expect(answer.contentType, what).toMatch(/^application\/json/)
            const message = messageOf(answer.text)
            expect(typeof message === 'string' && message.length > 0, what).toBe(true)
            if (answer.status === 400) expect(isRefusalText(String(message)), `${what}: not a text of messages.ts`).toBe(true)
          }
          if (answer.status >= 400) {
            expect(await dbState(api.db, uploadsDir(api.dataDir)), `${what}: a refused request changed the database`).toEqual(answer.before)
          }
        }),
        // endOnFailure: the first failing request is reported as it was sent (shrinking would resend many).
        { seed: (SEED + index * 7_919) | 0, numRuns: RUNS, endOnFailure: true },
      )
    }, 120_000)
  })
})
