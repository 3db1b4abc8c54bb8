// Two servers on one database agree (issue 18, decision 025): what one server counts, decides or
// writes, the other sees at once. Each test talks to the two apps over HTTP, as a client behind a
// proxy that sends each request to either server would.
import { randomUUID } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOGIN_MAX_FAILURES, messages, type FarmerSignupInput, type PublicFarmerPage } from './contract'
import { signInAs } from './directory/testing'
import { createMailer } from './email/mailer'
import { productJobs, runDueJobs, type ScheduledJob } from './jobs/scheduled-jobs'
import { RATE_LIMITS } from './middleware/rate-limit'
import { createStaffUser } from './testing/staff'
import { startTwoServers, type TestServer } from './testing/two-servers'
import { uploadPhoto } from './uploads/testing'

const silent = { info: () => {}, warn: () => {} }
const received: string[] = []
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, _session, callback) {
    let text = ''
    stream.on('data', (chunk: Buffer) => (text += chunk.toString()))
    stream.on('end', () => {
      received.push(text)
      callback()
    })
  },
})

let servers: Awaited<ReturnType<typeof startTwoServers>>
let a: TestServer
let b: TestServer
let smtpUrl = ''
let admin: Record<string, string>

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()))
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}/?ignoreTLS=true`
  // Behind one trusted proxy, which names the client in X-Forwarded-For.
  servers = await startTwoServers({ config: { smtpUrl, trustProxyHops: 1 } })
  ;({ a, b } = servers)
  admin = (await signInAs(a.db, 'global_admin', 'Ana Global')).headers
}, 60_000)
afterAll(async () => {
  await servers?.close()
  await new Promise<void>((resolve) => smtp.close(() => resolve()))
})

const count = async (table: 'farmers' | 'farmer_signups' | 'outgoing_emails' | 'uploads', server = a) =>
  Number((await server.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)

const fijiToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Fiji' }).format(new Date())
const shift = (days: number) => new Date(Date.parse(`${fijiToday()}T00:00:00Z`) + days * 86400000).toISOString().slice(0, 10)

const farmerSignup = (over: Partial<FarmerSignupInput> = {}): FarmerSignupInput => ({
  name: `Litia ${randomUUID().slice(0, 6)}`,
  phone: `+679 ${Math.floor(1000000 + Math.random() * 8999999)}`,
  email: `litia.${randomUUID().slice(0, 8)}@example.com`,
  website: '',
  town: 'Nakasi',
  tikina: 'Naitasiri',
  cities: ['Suva'],
  produce: ['Dalo (Taro)'],
  subscriptionStart: shift(-1),
  subscriptionEnd: shift(89),
  mpaisaNumber: '9123456',
  mpaisaReceiptNumber: 'MP-778',
  paymentDate: shift(-1),
  comments: '',
  deliveryAvailable: false,
  isBulk: false,
  agreeToTerms: true,
  ...over,
})

async function submitSignup(server: TestServer, body = farmerSignup()): Promise<string> {
  const res = await server.postJson('/api/farmer-signup', body, { 'Idempotency-Key': randomUUID(), 'x-forwarded-for': '10.50.0.1' })
  expect(res.status, await res.clone().text()).toBe(201)
  return ((await res.json()) as { id: string }).id
}

const approve = (server: TestServer, id: string) =>
  server.fetch(`/api/admin/signups/${id}/process`, { method: 'POST', headers: { ...admin, 'content-type': 'application/json' }, body: JSON.stringify({ status: 'approved' }) })

describe('two servers on one database', () => {
  it('a session made on A works on B, and signing out on B ends it on A', async () => {
    const staff = await createStaffUser(a.db, { role: 'admin_user' })
    const login = await a.postJson('/api/auth/login', { email: staff.email, password: staff.password }, { 'x-forwarded-for': '10.1.0.1' })
    expect(login.status).toBe(200)
    const { token } = (await login.json()) as { token: string }
    const onB = await b.fetch('/api/auth/verify', { headers: { authorization: `Bearer ${token}` } })
    expect(onB.status).toBe(200)
    expect(((await onB.json()) as { user: { email: string } }).user.email).toBe(staff.email)

    expect((await b.fetch('/api/auth/logout', { method: 'POST', headers: { authorization: `Bearer ${token}` } })).status).toBeLessThan(300)
    expect((await a.fetch('/api/auth/verify', { headers: { authorization: `Bearer ${token}` } })).status).toBe(401)
  })

  it('the lockout counts wrong passwords across both: five on A and five on B lock the e-mail on both', async () => {
    const staff = await createStaffUser(a.db, { role: 'admin_user' })
    const login = (server: TestServer, password: string) => server.postJson('/api/auth/login', { email: staff.email, password }, { 'x-forwarded-for': '10.2.0.1' })
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) expect((await login(i % 2 ? b : a, 'Wrong-Password1!')).status).toBe(401)
    for (const server of [a, b]) {
      const res = await login(server, staff.password)
      expect(res.status).toBe(429)
      expect(await res.json()).toEqual({ message: messages.auth.tooManyAttempts })
      expect(Math.round(Number(res.headers.get('retry-after')) / 60)).toBe(15)
    }
  })

  // 300 requests, each counted and written: several seconds on a loaded machine.
  it('a rate limit is one budget across both: half on A, half on B, and the next request on either is refused', { timeout: 60_000 }, async () => {
    const view = (server: TestServer) => server.postJson('/api/analytics/page-view', { path: '/', visitorId: randomUUID() }, { 'x-forwarded-for': '10.3.0.1' })
    const { limit } = RATE_LIMITS.analyticsEvent
    const answers = await Promise.all(Array.from({ length: limit }, (_, i) => view(i % 2 ? b : a)))
    expect(answers.every((res) => res.status === 204)).toBe(true)
    for (const server of [a, b]) {
      const refused = await view(server)
      expect(refused.status).toBe(429)
      expect(await refused.json()).toEqual({ message: messages.common.rateLimited })
    }
    // Another address has its own budget.
    expect((await b.postJson('/api/analytics/page-view', { path: '/', visitorId: randomUUID() }, { 'x-forwarded-for': '10.3.0.2' })).status).toBe(204)
  })

  it('an Idempotency-Key retried on the other server answers the first answer and writes one row', async () => {
    const key = randomUUID()
    const body = farmerSignup()
    const first = await a.postJson('/api/farmer-signup', body, { 'Idempotency-Key': key, 'x-forwarded-for': '10.4.0.1' })
    const retry = await b.postJson('/api/farmer-signup', body, { 'Idempotency-Key': key, 'x-forwarded-for': '10.4.0.1' })
    expect(first.status).toBe(201)
    expect(retry.status).toBe(201)
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
    expect(await retry.json()).toEqual(await first.json())
    expect(await a.db.selectFrom('farmer_signups').select('id').where('phone', '=', body.phone).execute()).toHaveLength(1)
  })

  it('50 concurrent requests with one Idempotency-Key, split across both servers, write one row', async () => {
    const key = randomUUID()
    const body = farmerSignup()
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => (i % 2 ? b : a).postJson('/api/farmer-signup', body, { 'Idempotency-Key': key, 'x-forwarded-for': '10.5.0.1' })),
    )
    const ids = new Set<string>()
    for (const res of answers) {
      // The one that writes answers 201; the others replay it, or ask to retry while it is still running.
      expect([201, 409]).toContain(res.status)
      if (res.status === 201) ids.add(((await res.json()) as { id: string }).id)
    }
    expect(ids.size).toBe(1)
    expect(await a.db.selectFrom('farmer_signups').select('id').where('phone', '=', body.phone).execute()).toHaveLength(1)
  })

  it('one e-mail per approval: the same signup approved on both servers at once makes one farmer and sends one e-mail', async () => {
    const signup = farmerSignup()
    const id = await submitSignup(a, signup)
    received.length = 0
    const answers = await Promise.all([approve(a, id), approve(b, id)])
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409])
    expect(await a.db.selectFrom('farmers').select('id').where('email', '=', signup.email!.toLowerCase()).execute()).toHaveLength(1)
    const rows = await a.db.selectFrom('outgoing_emails').select(['status']).where('to', '=', signup.email!).execute()
    expect(rows).toEqual([{ status: 'sent' }])
    // Both servers' outbox jobs find nothing left to send.
    const later = new Date(Date.now() + 10 * 60_000)
    for (const server of [a, b]) await createMailer({ smtpUrl, logger: silent }).deliverWaiting(server.db, later)
    expect(received.filter((text) => text.includes(signup.email!))).toHaveLength(1)
  })

  it('an e-mail whose server stopped before sending is sent once, by whichever outbox job claims it', async () => {
    const to = `stranded.${randomUUID().slice(0, 8)}@example.com`
    // Stored with its approval on a server that stopped before delivering it.
    await createMailer({ smtpUrl, logger: silent }).store(a.db, { from: 'register@vitifarmers.org.fj', to, subject: 'Listed', text: 'Bula' })
    received.length = 0
    const later = new Date(Date.now() + 2 * 60_000)
    const mailers = [createMailer({ smtpUrl, logger: silent }), createMailer({ smtpUrl, logger: silent })]
    const sent = await Promise.all([mailers[0]!.deliverWaiting(a.db, later), mailers[1]!.deliverWaiting(b.db, later), mailers[0]!.deliverWaiting(a.db, later)])
    expect(sent.reduce((x, y) => x + y, 0)).toBe(1)
    expect(received.filter((text) => text.includes(to))).toHaveLength(1)
    mailers.forEach((m) => m.close())
  })

  it("a farmer approved through A is in B's public directory at once, under a new ETag", async () => {
    const signup = farmerSignup({ cities: ['Levuka'] })
    const path = `/api/farmers/locations/Levuka/farmers`
    const before = await b.fetch(path)
    expect(before.status).toBe(200)
    const etag = before.headers.get('etag')
    expect(((await before.json()) as PublicFarmerPage).farmers.map((f) => f.name)).not.toContain(signup.name)

    expect((await approve(a, await submitSignup(a, signup))).status).toBe(200)
    // These servers run with answerStaleMs 0 (the production default is 5 s, decision 022): B's next request sees it.
    const after = await b.fetch(path, { headers: { 'if-none-match': etag ?? '' } })
    expect(after.status).toBe(200)
    expect(after.headers.get('etag')).not.toBe(etag)
    expect(((await after.json()) as PublicFarmerPage).farmers.map((f) => f.name)).toContain(signup.name)
  })

  it("a new visitor's first page views reaching both servers at once count one visitor: the public figure agrees with the staff summary", async () => {
    // Five new visitors, each opening eight pages at once (tabs restored), sent to either server.
    const views = await Promise.all(
      Array.from({ length: 5 }, (_, v) => {
        const visitorId = randomUUID()
        return Array.from({ length: 8 }, (_, i) => (i % 2 ? b : a).postJson('/api/analytics/page-view', { path: '/', visitorId }, { 'x-forwarded-for': `10.6.0.${v + 1}` }))
      }).flat(),
    )
    expect(views.map((res) => res.status)).toEqual(Array.from({ length: 40 }, () => 204))
    const shown = (await (await b.fetch('/api/analytics/live')).json()) as { uniqueVisitors: number; totalPageViews: number }
    const staff = (await (await b.fetch('/api/analytics/live?days=7', { headers: admin })).json()) as { uniqueVisitors: number; totalPageViews: number }
    expect(shown).toMatchObject({ uniqueVisitors: staff.uniqueVisitors, totalPageViews: staff.totalPageViews })
  })

  it('a photo uploaded through A is served by B byte for byte (one shared photo directory)', async () => {
    const photoUrl = await uploadPhoto(a)
    const fromA = Buffer.from(await (await a.fetch(photoUrl)).arrayBuffer())
    const fromB = await b.fetch(photoUrl)
    expect(fromB.status).toBe(200)
    expect(Buffer.from(await fromB.arrayBuffer()).equals(fromA)).toBe(true)
  })

  it('a scheduled purge runs once across both servers, however often each checks', async () => {
    const runs: string[] = []
    const counting = (holder: string): ScheduledJob => ({ name: `purge-${servers.database.dataDir}`, everyMs: 60 * 60_000, run: async () => (runs.push(holder), 0) })
    const ticks = Array.from({ length: 10 }, (_, i) => (i % 2 ? b : a))
    await Promise.all(ticks.map((server) => runDueJobs(server.db, [counting(server.name)], `server-${server.name}`, silent)))
    expect(runs).toHaveLength(1)

    // The product's jobs: an unreferenced photo older than a day is deleted by one server.
    const uploadsBefore = await count('uploads')
    await a.db.insertInto('uploads').values({ id: randomUUID(), kind: 'farmer', status: 'stored', createdAt: '2020-01-01T00:00:00.000Z' }).execute()
    const jobsOf = (server: TestServer) => productJobs({ db: server.db, dataDir: servers.database.dataDir, mailer: createMailer({ smtpUrl, logger: silent }) })
    const ran = await Promise.all([runDueJobs(a.db, jobsOf(a), 'server-A', silent), runDueJobs(b.db, jobsOf(b), 'server-B', silent)])
    expect(ran.flat().sort()).toEqual(['mail-outbox', 'shared-state-purge', 'upload-cleanup'])
    expect(await count('uploads')).toBe(uploadsBefore)
  })
})
