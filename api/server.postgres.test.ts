// The real server process on PostgreSQL (DATABASE_URL) against an empty database in the test
// cluster: it migrates and seeds at start-up as on SQLite, then a visitor's and a staff member's
// walk works end to end: health, the public directory, a signup, sign-in, approval, the listing.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPostgresDatabase } from '../db/testing'
import { freePort, serverProcess, type ServerProcess } from '../scripts/chaos/server-process'
import { SignupCreatedResponseSchema, type FarmerSignupInput } from './contract'

const ADMIN = { email: 'admin@pg.vitifarmers.test', password: 'Pg-Admin!2026x' }
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

let dir: string
let database: Awaited<ReturnType<typeof createPostgresDatabase>>
let server: ServerProcess

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vf-pg-server-'))
  database = await createPostgresDatabase({ migrated: false })
  server = serverProcess({
    port: await freePort(),
    dataDir: path.join(dir, 'data'),
    logFile: path.join(dir, 'server.log'),
    env: { DATABASE_URL: database.url, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    startTimeoutMs: 90_000,
  })
  await server.start()
}, 120_000)

afterAll(async () => {
  await server?.stop()
  await database?.drop()
  fs.rmSync(dir, { recursive: true, force: true })
}, 60_000)

const get = (url: string, headers: Record<string, string> = {}) => fetch(`${server.baseUrl}${url}`, { headers })
const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.baseUrl}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })

describe('npm start with DATABASE_URL (PostgreSQL)', () => {
  it('serves health, the directory, a signup, sign-in and an approval that lists the farmer', async () => {
    const health = await get('/api/health')
    expect(health.status).toBe(200)
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'ok' })

    // The reference seed ran at start-up: the public lists hold Fiji's towns and produce.
    const locations = (await (await get('/api/locations')).json()) as { name: string }[]
    expect(locations.map((l) => l.name)).toContain('Suva')
    const empty = await get('/api/farmers')
    expect(empty.status).toBe(200)

    const signup: FarmerSignupInput = {
      name: 'Postgres Vuniwai', phone: '+679 923 4567', email: 'vuniwai@example.com', website: '', town: 'Nausori', tikina: 'Rewa',
      cities: ['Suva'], produce: ['Dalo (Taro)'], subscriptionStart: day(-1), subscriptionEnd: day(60),
      mpaisaNumber: '9234567', mpaisaReceiptNumber: 'MP9', paymentDate: day(-1), comments: '', deliveryAvailable: true, isBulk: false, agreeToTerms: true,
    }
    const created = await post('/api/farmer-signup', signup, { 'Idempotency-Key': randomUUID() })
    expect(created.status).toBe(201)
    const { id } = SignupCreatedResponseSchema.parse(await created.json())

    const login = await post('/api/auth/login', { email: ADMIN.email.toUpperCase(), password: ADMIN.password })
    expect(login.status).toBe(200)
    const { token } = (await login.json()) as { token: string }
    const staff = { authorization: `Bearer ${token}` }
    expect((await get('/api/auth/verify', staff)).status).toBe(200)

    const approved = await post(`/api/admin/signups/${id}/process`, { status: 'approved' }, staff)
    expect(approved.status).toBe(200)
    const listed = await get('/api/farmers?search=vuniwai')
    expect(listed.status).toBe(200)
    expect(JSON.stringify(await listed.json())).toContain('Postgres Vuniwai')
    expect(await (await get('/api/farmers/locations/suva/farmers')).text()).toContain('Postgres Vuniwai')
  }, 60_000)
})
