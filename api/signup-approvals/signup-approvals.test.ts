// Signup approvals over HTTP: approve makes the listed farmer (with photos), the payment and the e-mail
// in one go; reject needs a reason; decisions are final; duplicates are flagged and refused with 409;
// the purge is for global admins. Bad input changes nothing.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages, type FarmerSignupInput, type FarmerSignupRecord, type PublicFarmerPage } from '../contract'
import { insertFarmer, signInAs } from '../directory/testing'
import { startTestApp, type TestApp } from '../testing/test-app'
import { uploadPhoto } from '../uploads/testing'

const m = messages.signups
let api: TestApp
let admin: Record<string, string>
let agent: Record<string, string>
let adminUser: Record<string, string>

beforeAll(async () => {
  api = await startTestApp()
  admin = (await signInAs(api.db, 'global_admin', 'Ana Global')).headers
  adminUser = (await signInAs(api.db, 'admin_user', 'Eroni Admin')).headers
  agent = (await signInAs(api.db, 'data_agent', 'Sera Agent')).headers
})
afterAll(() => api.close())

const fijiToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Fiji' }).format(new Date())
const shift = (days: number) => new Date(Date.parse(`${fijiToday()}T00:00:00Z`) + days * 86400000).toISOString().slice(0, 10)

const signup = (over: Partial<FarmerSignupInput> = {}): FarmerSignupInput => ({
  name: `Litia ${randomUUID().slice(0, 6)}`,
  phone: `+679 ${Math.floor(1000000 + Math.random() * 8999999)}`,
  email: `litia.${randomUUID().slice(0, 8)}@example.com`,
  cities: ['Suva'],
  produce: ['Dalo (Taro)'],
  subscriptionStart: shift(-1),
  subscriptionEnd: shift(89),
  mpaisaNumber: '9123456',
  mpaisaReceiptNumber: 'MP-778',
  paymentDate: shift(-1),
  agreeToTerms: true,
  ...over,
})

async function submit(body: FarmerSignupInput): Promise<string> {
  const res = await api.fetch('/api/data-agent/signup', {
    method: 'POST',
    headers: { ...agent, 'content-type': 'application/json', 'Idempotency-Key': randomUUID() },
    body: JSON.stringify(body),
  })
  expect(res.status, await res.clone().text()).toBe(201)
  return ((await res.json()) as { id: string }).id
}

const call = (method: string, path: string, body?: unknown, headers = admin) =>
  api.fetch(path, { method, headers: { ...headers, ...(body !== undefined && { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) })
const process = (id: string, body: unknown, headers = admin) => call('POST', `/api/admin/signups/${id}/process`, body, headers)
const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message
const count = async (table: 'farmers' | 'farmer_payments' | 'outgoing_emails' | 'audit_logs') =>
  Number((await api.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)

describe('approve', () => {
  it('creates the listed farmer with its photo, the payment row, the e-mail and an audit row', async () => {
    const photo = await uploadPhoto(api)
    const body = signup({ photoUrls: [photo] })
    const id = await submit(body)

    const res = await process(id, { status: 'approved' })
    expect(res.status).toBe(200)
    const record = (await res.json()) as FarmerSignupRecord
    expect(record).toMatchObject({ status: 'approved', processedBy: 'Ana Global', rejectionReason: null, dataAgentName: 'Sera Agent' })

    const listed = ((await (await api.fetch(`/api/farmers?search=${encodeURIComponent(body.name)}`)).json()) as PublicFarmerPage).farmers
    expect(listed).toHaveLength(1)
    expect(listed[0]!.photoUrls).toEqual([photo])

    const farmer = await api.db.selectFrom('farmers').selectAll().where('name', '=', body.name).executeTakeFirstOrThrow()
    const payment = await api.db.selectFrom('farmer_payments').selectAll().where('farmerId', '=', farmer.id).executeTakeFirstOrThrow()
    expect(payment).toMatchObject({ farmerName: body.name, farmerPhone: body.phone, mpaisaNumber: '9123456', mpaisaReceiptNumber: 'MP-778' })
    const email = await api.db.selectFrom('outgoing_emails').selectAll().where('to', '=', body.email!).executeTakeFirstOrThrow()
    expect(email).toMatchObject({ from: 'register@vitifarmers.org.fj', status: 'stored' })
    expect(email.body).toContain(body.name)
    const audit = await api.db.selectFrom('audit_logs').selectAll().where('action', '=', 'approve_signup').where('targetId', '=', id).executeTakeFirstOrThrow()
    expect(audit).toMatchObject({ userName: 'Ana Global', targetName: body.name })
  })

  it('the e-mail gives the listing dates on the Fiji calendar, even for a start stamped 07:00 in Fiji', async () => {
    // 07:00 on 2 March in Fiji (UTC+12) is still 1 March in UTC.
    const body = signup({ subscriptionStart: '2027-03-01T19:00:00.000Z', subscriptionEnd: '2027-05-30T19:00:00.000Z' })
    const id = await submit(body)
    expect((await process(id, { status: 'approved' })).status).toBe(200)
    const email = await api.db.selectFrom('outgoing_emails').select('body').where('to', '=', body.email!).executeTakeFirstOrThrow()
    expect(email.body).toContain('Your listing runs from 2 March 2027 to 31 May 2027.')
  })

  it('an admin user may approve; no e-mail is stored when the signup gave none', async () => {
    const before = await count('outgoing_emails')
    const id = await submit(signup({ email: '' }))
    expect((await process(id, { status: 'approved' }, adminUser)).status).toBe(200)
    expect(await count('outgoing_emails')).toBe(before)
  })

  it('flags a possible duplicate and refuses approval with 409 on an existing e-mail, writing nothing', async () => {
    const existing = await insertFarmer(api.db, { name: 'Existing', email: 'taken@example.com' })
    expect(existing).toBeTruthy()
    const id = await submit(signup({ email: 'TAKEN@example.com' }))
    const list = (await (await call('GET', '/api/admin/signups')).json()) as FarmerSignupRecord[]
    expect(list.find((s) => s.id === id)?.possibleDuplicate).toBe(true)

    const before = await Promise.all([count('farmers'), count('farmer_payments'), count('audit_logs')])
    const res = await process(id, { status: 'approved' })
    expect(res.status).toBe(409)
    expect(await messageOf(res)).toBe(m.duplicateFarmerEmail)
    expect(await Promise.all([count('farmers'), count('farmer_payments'), count('audit_logs')])).toEqual(before)
    expect((await api.db.selectFrom('farmer_signups').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('pending')
  })

  it('two signups with one new e-mail approved at once by two staff: one 200, one 409, the other stays pending', async () => {
    // On PostgreSQL the two approvals run in parallel transactions, each finding no farmer with the
    // e-mail; the unique index decides. SQLite runs them one after the other.
    const colleague = (await signInAs(api.db, 'admin_user', 'Vika Admin')).headers
    for (let round = 0; round < 3; round++) {
      const email = `twice.${randomUUID().slice(0, 8)}@example.com`
      const ids = [await submit(signup({ email })), await submit(signup({ email: email.toUpperCase() }))]
      const answers = await Promise.all([process(ids[0]!, { status: 'approved' }), process(ids[1]!, { status: 'approved' }, colleague)])
      expect(answers.map((res) => res.status).sort()).toEqual([200, 409])
      const loser = answers.findIndex((res) => res.status === 409)
      expect(await messageOf(answers[loser]!)).toBe(m.duplicateFarmerEmail)
      expect(await api.db.selectFrom('farmers').select('id').where('email', '=', email).execute()).toHaveLength(1)
      const signups = await api.db.selectFrom('farmer_signups').select(['id', 'status', 'farmerId', 'processedAt']).where('id', 'in', ids).execute()
      expect(signups.find((s) => s.id === ids[loser])).toMatchObject({ status: 'pending', farmerId: null, processedAt: null })
      expect(signups.find((s) => s.id === ids[1 - loser])).toMatchObject({ status: 'approved' })
      expect(await api.db.selectFrom('audit_logs').select('targetId').where('action', '=', 'approve_signup').where('targetId', 'in', ids).execute()).toEqual([{ targetId: ids[1 - loser] }])
    }
  })

  it('a decision is final (409) and an unknown signup is 404', async () => {
    const id = await submit(signup())
    expect((await process(id, { status: 'approved' })).status).toBe(200)
    const again = await process(id, { status: 'rejected', rejectionReason: 'Changed my mind' })
    expect(again.status).toBe(409)
    expect(await messageOf(again)).toBe(m.alreadyProcessed)
    expect((await process(randomUUID(), { status: 'approved' })).status).toBe(404)
  })

  it('is refused to a data agent', async () => {
    const id = await submit(signup())
    expect((await process(id, { status: 'approved' }, agent)).status).toBe(403)
    expect((await call('GET', '/api/admin/signups', undefined, agent)).status).toBe(403)
  })
})

describe('reject', () => {
  it('needs a non-blank reason (400, nothing written)', async () => {
    const id = await submit(signup())
    const audits = await count('audit_logs')
    for (const body of [{ status: 'rejected' }, { status: 'rejected', rejectionReason: '   ' }, { status: 'maybe' }]) {
      const res = await process(id, body)
      expect(res.status).toBe(400)
    }
    expect(await messageOf(await process(id, { status: 'rejected', rejectionReason: ' ' }))).toBe(m.rejectionReasonRequired)
    expect(await count('audit_logs')).toBe(audits)
    expect((await api.db.selectFrom('farmer_signups').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('pending')
  })

  it('stores the reason and creates no farmer', async () => {
    const body = signup()
    const id = await submit(body)
    const farmers = await count('farmers')
    const res = await process(id, { status: 'rejected', rejectionReason: 'Receipt number not found' })
    expect(((await res.json()) as FarmerSignupRecord)).toMatchObject({ status: 'rejected', rejectionReason: 'Receipt number not found' })
    expect(await count('farmers')).toBe(farmers)
  })
})

describe('data-agent report and purge', () => {
  it('lists only signups made by data agents, for global admins', async () => {
    await api.postJson('/api/farmer-signup', signup({ name: 'Public Person' }))
    const res = await call('GET', '/api/admin/signups/data-agent?range=today')
    const list = (await res.json()) as FarmerSignupRecord[]
    expect(list.length).toBeGreaterThan(0)
    expect(list.every((s) => s.dataAgentName === 'Sera Agent')).toBe(true)
    expect((await call('GET', '/api/admin/signups/data-agent?range=yesterday')).status).toBe(400)
    expect((await call('GET', '/api/admin/signups/data-agent', undefined, adminUser)).status).toBe(403)
  })

  it('purges processed signups in the range only, keeps pending ones; global admins only', async () => {
    const pending = await submit(signup())
    const range = { startDate: shift(-1), endDate: shift(0) }
    expect((await call('DELETE', '/api/admin/signups/purge', range, adminUser)).status).toBe(403)
    const bad = await call('DELETE', '/api/admin/signups/purge', { startDate: shift(0), endDate: shift(-1) })
    expect(bad.status).toBe(400)
    expect(await messageOf(bad)).toBe(messages.purge.startAfterEnd)
    expect(await messageOf(await call('DELETE', '/api/admin/signups/purge', { startDate: '' }))).toBe(messages.purge.bothDatesRequired)

    const res = await call('DELETE', '/api/admin/signups/purge', range)
    const { deletedCount } = (await res.json()) as { deletedCount: number }
    expect(deletedCount).toBeGreaterThan(0)
    const left = await api.db.selectFrom('farmer_signups').select(['id', 'status']).execute()
    expect(left.every((s) => s.status === 'pending')).toBe(true)
    expect(left.map((s) => s.id)).toContain(pending)
    // The approved farmers stay.
    expect(await count('farmers')).toBeGreaterThan(0)
  })
})
