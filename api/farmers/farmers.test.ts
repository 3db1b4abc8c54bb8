// Farmers management over HTTP: the list's SQL filters and paging, add/edit with spec messages and
// 409, role rules per field, activate/deactivate, trials, settings, cost breakdown, payments and CSV.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DailyRateFormSchema, TrialPeriodFormSchema, messages, type AdminFarmer, type CostBreakdown, type FarmerCost, type ExpiredFarmer, type ActivePendingFarmer, type TrialFarmer, type FarmerPayment } from '../contract'
import { insertFarmer, signInAs } from '../directory/testing'
import { startTestApp, type TestApp } from '../testing/test-app'

const m = messages.farmers
let api: TestApp
let admin: Record<string, string>
let adminUser: Record<string, string>
let agent: Record<string, string>

beforeAll(async () => {
  api = await startTestApp()
  admin = (await signInAs(api.db, 'global_admin')).headers
  adminUser = (await signInAs(api.db, 'admin_user')).headers
  agent = (await signInAs(api.db, 'data_agent')).headers
  await insertFarmer(api.db, { name: 'Active Asena', email: 'asena@example.com', cities: ['Nadi'], produce: ['Cassava'] })
  await insertFarmer(api.db, { name: 'Expired Elia', from: -40, to: -5 })
  await insertFarmer(api.db, { name: 'Followup Filo', from: -100, to: -40, phone: '+679 555 1234' })
  await insertFarmer(api.db, { name: 'Pending Peni', from: 3, to: 30 })
  await insertFarmer(api.db, { name: 'Undated Uate', subscriptionStart: null, subscriptionEnd: null, isActive: 0 })
})
afterAll(() => api.close())

const call = (method: string, path: string, body?: unknown, headers = admin) =>
  api.fetch(path, { method, headers: { ...headers, ...(body !== undefined && { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) })
const names = async (query: string, headers = admin) => ((await (await call('GET', `/api/admin/farmers${query}`, undefined, headers)).json()) as AdminFarmer[]).map((f) => f.name)
const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message
const farmerCount = async () => Number((await api.db.selectFrom('farmers').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
const idOf = async (name: string) => (await api.db.selectFrom('farmers').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id

describe('GET /api/admin/farmers', () => {
  it('computes the display status and filters by it in SQL', async () => {
    const all = (await (await call('GET', '/api/admin/farmers')).json()) as AdminFarmer[]
    expect(Object.fromEntries(all.map((f) => [f.name, f.displayStatus]))).toMatchObject({
      'Active Asena': 'active',
      'Expired Elia': 'expired',
      'Followup Filo': 'expired_followup',
      'Pending Peni': 'pending',
      'Undated Uate': 'inactive',
    })
    expect(await names('?status=active')).toEqual(['Active Asena'])
    expect(await names('?status=expired')).toEqual(['Expired Elia', 'Followup Filo'])
    expect(await names('?status=followup')).toEqual(['Followup Filo'])
  })

  it('searches name, phone, e-mail and cities; filters by city and produce; pages with a total', async () => {
    expect(await names('?search=asena@')).toEqual(['Active Asena'])
    expect(await names('?search=555%201234')).toEqual(['Followup Filo'])
    expect(await names('?search=nadi')).toEqual(['Active Asena'])
    expect(await names('?search=100%25')).toEqual([])
    expect(await names('?city=nadi')).toEqual(['Active Asena'])
    expect(await names('?produce=Cassava')).toEqual(['Active Asena'])
    const page = await call('GET', '/api/admin/farmers?pageSize=2&page=2')
    expect(page.headers.get('x-total-count')).toBe('5')
    expect(((await page.json()) as AdminFarmer[]).map((f) => f.name)).toEqual(['Followup Filo', 'Pending Peni'])
    expect((await call('GET', '/api/admin/farmers?status=gone')).status).toBe(400)
  })

  it('a data agent may list and export', async () => {
    expect((await names('', agent)).length).toBe(5)
    const csv = await call('GET', '/api/admin/farmers/export', undefined, agent)
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-disposition')).toMatch(/attachment; filename="farmers-\d{4}-\d{2}-\d{2}\.csv"/)
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await csv.arrayBuffer())
    expect(text.split('\r\n')[0]).toMatch(/^\uFEFF"ID","Name","Email"/)
  })
})

describe('POST and PATCH /api/admin/farmers', () => {
  const valid = () => ({
    name: 'Vani New',
    phone: '+679 777 0000',
    email: `vani.${randomUUID().slice(0, 6)}@example.com`,
    cities: ['Suva'],
    produce: ['Dalo (Taro)'],
    subscriptionStart: new Date().toISOString(),
    subscriptionEnd: new Date(Date.now() + 30 * 86400000).toISOString(),
  })

  it('refuses bad input with the spec messages and writes nothing', async () => {
    const before = await farmerCount()
    for (const [body, message] of [
      [{ ...valid(), name: ' ' }, m.nameRequired],
      [{ ...valid(), phone: '' }, m.phoneRequired],
      [{ ...valid(), email: 'nope' }, m.emailRequired],
      [{ ...valid(), website: 'ftp://x' }, m.websiteInvalid],
      [{ ...valid(), cities: [] }, m.citiesRequired],
      [{ ...valid(), produce: ['A', 'B', 'C', 'D', 'E', 'F'] }, m.produceMax],
      [{ ...valid(), produce: ['Not A Crop'] }, m.produceNotActive],
      [{ ...valid(), subscriptionEnd: '' }, m.subscriptionEndRequired],
    ] as const) {
      const res = await call('POST', '/api/admin/farmers', body)
      expect(res.status).toBe(400)
      expect(await messageOf(res)).toBe(message)
    }
    expect(await farmerCount()).toBe(before)
  })

  it('creates (audited), answers 409 on a taken e-mail, and a data agent may not add', async () => {
    const body = valid()
    const res = await call('POST', '/api/admin/farmers', body, adminUser)
    expect(res.status).toBe(201)
    const farmer = (await res.json()) as AdminFarmer
    expect(farmer).toMatchObject({ name: 'Vani New', displayStatus: 'active', includeInCosting: true })
    expect(await api.db.selectFrom('audit_logs').select('action').where('targetId', '=', farmer.id).execute()).toEqual([{ action: 'create_farmer' }])
    const again = await call('POST', '/api/admin/farmers', { ...valid(), email: body.email.toUpperCase() })
    expect(again.status).toBe(409)
    expect(await messageOf(again)).toBe(m.emailTaken)
    expect((await call('POST', '/api/admin/farmers', valid(), agent)).status).toBe(403)
  })

  it('an admin user may toggle premium and costing but not edit fields or delete', async () => {
    const id = await idOf('Active Asena')
    const premium = await call('PATCH', `/api/admin/farmers/${id}`, { isPremium: true }, adminUser)
    expect(((await premium.json()) as AdminFarmer).isPremium).toBe(true)
    expect((await call('PATCH', `/api/admin/farmers/${id}`, { includeInCosting: false }, adminUser)).status).toBe(200)
    expect((await call('PATCH', `/api/admin/farmers/${id}`, { name: 'Renamed' }, adminUser)).status).toBe(403)
    expect((await call('DELETE', `/api/admin/farmers/${id}`, undefined, adminUser)).status).toBe(403)
    expect((await call('PATCH', `/api/admin/farmers/${id}`, { isPremium: true }, agent)).status).toBe(403)
    expect((await call('PATCH', `/api/admin/farmers/${randomUUID()}`, { isPremium: true })).status).toBe(404)
  })

  it('clearing a field is an edit: an admin user may not, even beside a toggle; a global admin may, and the trail shows it', async () => {
    const id = await insertFarmer(api.db, { name: 'Clearing Kesa' })
    const filled = { town: 'Sigatoka', tikina: 'Nadroga', website: 'kesa.example.fj', comments: 'Cassava all year' }
    expect((await call('PATCH', `/api/admin/farmers/${id}`, filled)).status).toBe(200)
    const row = () => api.db.selectFrom('farmers').select(['town', 'tikina', 'website', 'comments', 'isPremium']).where('id', '=', id).executeTakeFirstOrThrow()
    const before = await row()
    expect(before).toMatchObject({ town: 'Sigatoka', website: 'https://kesa.example.fj' })
    for (const body of [{ town: '' }, { website: '', comments: '' }, { isPremium: true, tikina: '' }, { includeInCosting: false, comments: '\u00ad' }]) {
      const refused = await call('PATCH', `/api/admin/farmers/${id}`, body, adminUser)
      expect(refused.status, JSON.stringify(body)).toBe(403)
      expect(await messageOf(refused)).toBe(messages.common.forbidden)
    }
    expect(await row()).toEqual(before)
    const cleared = (await (await call('PATCH', `/api/admin/farmers/${id}`, { website: '', town: '' })).json()) as AdminFarmer
    expect(cleared).toMatchObject({ website: null, town: null, tikina: 'Nadroga' })
    const trail = await api.db.selectFrom('audit_logs').select(['action', 'details']).where('targetId', '=', id).orderBy('createdAt', 'desc').executeTakeFirstOrThrow()
    expect(trail).toEqual({ action: 'update_farmer', details: 'website: "https://kesa.example.fj" → null; town: "Sigatoka" → null' })
  })

  it('activate gives today … +90 days; deactivate puts the farmer into expired', async () => {
    const id = await idOf('Undated Uate')
    const on = (await (await call('PATCH', `/api/admin/farmers/${id}`, { isActive: true }, adminUser)).json()) as AdminFarmer
    expect(on.displayStatus).toBe('active')
    expect(Date.parse(on.subscriptionEnd!) - Date.parse(on.subscriptionStart!)).toBe(2160 * 3600 * 1000)
    const off = (await (await call('PATCH', `/api/admin/farmers/${id}`, { isActive: false }, adminUser)).json()) as AdminFarmer
    expect(off).toMatchObject({ isActive: false, displayStatus: 'expired' })
    const actions = (await api.db.selectFrom('audit_logs').select('action').where('targetId', '=', id).execute()).map((a) => a.action)
    expect(actions).toEqual(['activate_farmer', 'deactivate_farmer'])
  })

  it('subscription edit is global-only and validates dates', async () => {
    const id = await idOf('Pending Peni')
    const body = { subscriptionStart: '2026-01-01', subscriptionEnd: '2026-12-31', isActive: true }
    expect((await call('PATCH', `/api/admin/farmers/${id}/subscription`, body, adminUser)).status).toBe(403)
    const bad = await call('PATCH', `/api/admin/farmers/${id}/subscription`, { ...body, subscriptionStart: '' })
    expect(await messageOf(bad)).toBe(m.subscriptionStartRequired)
    const res = await call('PATCH', `/api/admin/farmers/${id}/subscription`, body)
    expect(((await res.json()) as AdminFarmer).subscriptionEnd).toBe('2026-12-31')
  })

  it('a produce the farmer already lists stays through an edit after it was made inactive; a new one must be active', async () => {
    const seasonal = `Seasonal ${randomUUID().slice(0, 6)}`
    const now = new Date().toISOString()
    await api.db.insertInto('produce').values({ name: seasonal, category: '', isActive: 1, createdAt: now, updatedAt: now }).execute()
    const id = await insertFarmer(api.db, { name: 'Kept Produce Kelera', produce: ['Dalo (Taro)', seasonal] })
    await api.db.updateTable('produce').set({ isActive: 0 }).where('name', '=', seasonal).execute()

    const added = await call('PATCH', `/api/admin/farmers/${id}`, { produce: ['Dalo (Taro)', seasonal, 'Yams (Uvi)'] })
    expect(added.status, await added.clone().text()).toBe(200)
    expect(((await added.json()) as AdminFarmer).produce).toEqual(['Dalo (Taro)', seasonal, 'Yams (Uvi)'])

    const other = await insertFarmer(api.db, { name: 'New Produce Nani', produce: ['Dalo (Taro)'] })
    const refused = await call('PATCH', `/api/admin/farmers/${other}`, { produce: ['Dalo (Taro)', seasonal] })
    expect(refused.status).toBe(400)
    expect(await messageOf(refused)).toBe(m.produceNotActive)
  })

  it('delete removes the farmer (global admin), 404 for an unknown one', async () => {
    const id = await insertFarmer(api.db, { name: 'To Delete' })
    expect((await call('DELETE', `/api/admin/farmers/${id}`)).status).toBe(200)
    expect(await api.db.selectFrom('farmers').where('id', '=', id).selectAll().executeTakeFirst()).toBeUndefined()
    expect((await call('DELETE', `/api/admin/farmers/${id}`)).status).toBe(404)
  })
})

describe('lists, trial, settings and costing', () => {
  it('active-pending, expired and trial lists', async () => {
    const pending = (await (await call('GET', '/api/admin/farmers/active-pending', undefined, adminUser)).json()) as ActivePendingFarmer[]
    expect(pending.find((f) => f.name === 'Pending Peni')).toBeUndefined() // its subscription was edited above
    const expired = (await (await call('GET', '/api/admin/expired-farmers')).json()) as ExpiredFarmer[]
    expect(expired.find((f) => f.name === 'Expired Elia')?.daysSinceLastActive).toBe(5)
    expect((await call('GET', '/api/admin/expired-farmers', undefined, adminUser)).status).toBe(403)

    const id = await idOf('Expired Elia')
    expect((await call('POST', `/api/admin/farmers/${id}/activate-trial`, undefined, adminUser)).status).toBe(200)
    const again = await call('POST', `/api/admin/farmers/${id}/activate-trial`)
    expect(again.status).toBe(409)
    expect(await messageOf(again)).toBe(m.trialAlreadyActive)
    const trials = (await (await call('GET', '/api/admin/trial-farmers', undefined, adminUser)).json()) as TrialFarmer[]
    expect(trials.find((t) => t.id === id)).toMatchObject({ trialStatus: 'Active', daysInTrial: 1 })
  })

  it('a trial that has ended shows as ended on the cost page and in the export, and may be started again', async () => {
    const day = 86_400_000
    const id = await insertFarmer(api.db, {
      name: 'Lapsed Trial Losana',
      isTrialActive: 1,
      trialStartDate: new Date(Date.now() - 20 * day).toISOString(),
      trialEndDate: new Date(Date.now() - 13 * day).toISOString(),
    })
    const costRow = async () => ((await (await call('GET', '/api/admin/cost-breakdown/farmers?pageSize=200', undefined, adminUser)).json()) as FarmerCost[]).find((f) => f.id === id)!
    const exported = async () => {
      const lines = (await (await call('GET', '/api/admin/farmers/export?search=Losana')).text()).replace(/^\uFEFF/, '').trimEnd().split('\r\n')
      const header = lines[0]!.split(',')
      return lines[1]!.split('","')[header.indexOf('"Trial Active"')]
    }
    const trials = (await (await call('GET', '/api/admin/trial-farmers?pageSize=200', undefined, adminUser)).json()) as TrialFarmer[]
    expect(trials.find((t) => t.id === id)?.trialStatus).toBe('Expired')
    // The cost page shows Start Trial, not a Trial Active badge, for it.
    expect((await costRow()).isTrialActive).toBe(false)
    expect(await exported()).toBe('No')

    expect((await call('POST', `/api/admin/farmers/${id}/activate-trial`, undefined, adminUser)).status).toBe(200)
    expect((await costRow()).isTrialActive).toBe(true)
    expect(await exported()).toBe('Yes')
  })

  it('settings: defaults, spec messages, global-only save, audited', async () => {
    expect(await (await call('GET', '/api/admin/settings', undefined, adminUser)).json()).toEqual({ dailyRate: 2.5, trialPeriodDays: 7 })
    expect((await call('POST', '/api/admin/settings', { dailyRate: 3 }, adminUser)).status).toBe(403)
    expect(await messageOf(await call('POST', '/api/admin/settings', { dailyRate: -1 }))).toBe(messages.settings.dailyRatePositive)
    expect(await messageOf(await call('POST', '/api/admin/settings', { dailyRate: 2, trialPeriodDays: 0 }))).toBe(messages.settings.trialPeriodMin)
    expect(await (await call('POST', '/api/admin/settings', { dailyRate: 3, trialPeriodDays: 14 })).json()).toEqual({ dailyRate: 3, trialPeriodDays: 14 })
    expect(await api.db.selectFrom('audit_logs').select('details').where('action', '=', 'update_settings').executeTakeFirstOrThrow()).toEqual({ details: 'dailyRate: 2.5 → 3; trialPeriodDays: 7 → 14' })
  })

  it('settings: absurd values are refused with the form\'s words and change nothing', async () => {
    const before = await (await call('GET', '/api/admin/settings')).json()
    const refused = async (body: unknown, message: string) => {
      const res = await call('POST', '/api/admin/settings', body)
      expect(res.status).toBe(400)
      expect(await messageOf(res)).toBe(message)
    }
    await refused({ dailyRate: 1e308 }, messages.settings.dailyRateMax)
    await refused({ dailyRate: 1000.01 }, messages.settings.dailyRateMax)
    await refused({ dailyRate: 2.555 }, messages.settings.dailyRateCents)
    await refused({ dailyRate: 3, trialPeriodDays: 100000 }, messages.settings.trialPeriodMax)
    expect(await (await call('GET', '/api/admin/settings')).json()).toEqual(before)
    // The bounds themselves are accepted, and the form's schema agrees with the server's.
    expect(DailyRateFormSchema.safeParse({ dailyRate: 1e308 }).error?.issues[0]?.message).toBe(messages.settings.dailyRateMax)
    expect(TrialPeriodFormSchema.safeParse({ trialPeriodDays: 366 }).error?.issues[0]?.message).toBe(messages.settings.trialPeriodMax)
    expect(await (await call('POST', '/api/admin/settings', { dailyRate: 1000, trialPeriodDays: 365 })).json()).toEqual({ dailyRate: 1000, trialPeriodDays: 365 })
    expect((await call('POST', '/api/admin/settings', before)).status).toBe(200)
  })

  it('cost breakdown uses the saved rate', async () => {
    const breakdown = (await (await call('GET', '/api/admin/cost-breakdown', undefined, adminUser)).json()) as CostBreakdown
    expect(breakdown.dailyRate).toBe(3)
    const rows = (await (await call('GET', '/api/admin/cost-breakdown/farmers?pageSize=200', undefined, adminUser)).json()) as FarmerCost[]
    const vani = rows.find((f) => f.name === 'Vani New')!
    expect(vani).toMatchObject({ totalDays: 30, totalCost: 90, isActive: true })
    expect((await call('GET', '/api/admin/cost-breakdown', undefined, agent)).status).toBe(403)
  })

  it('payments: edit records one when missing, list and CSV for global admins only', async () => {
    const id = await idOf('Active Asena')
    const res = await call('PATCH', `/api/admin/farmers/${id}/payment`, { mpaisaNumber: '=cmd()', mpaisaReceiptNumber: 'R-1', paymentDate: '2026-03-01' })
    expect(((await res.json()) as FarmerPayment)).toMatchObject({ farmerName: 'Active Asena', mpaisaReceiptNumber: 'R-1' })
    expect(await messageOf(await call('PATCH', `/api/admin/farmers/${id}/payment`, { paymentDate: 'yesterday' }))).toBe(messages.common.invalidDate)
    // PATCH changes the fields sent, and only those; one sent empty is cleared.
    const partial = (await (await call('PATCH', `/api/admin/farmers/${id}/payment`, { paymentDate: '2026-03-02' })).json()) as FarmerPayment
    expect(partial).toMatchObject({ mpaisaNumber: '=cmd()', mpaisaReceiptNumber: 'R-1' })
    expect(partial.paymentDate?.slice(0, 10)).toBe('2026-03-02')
    const emptied = (await (await call('PATCH', `/api/admin/farmers/${id}/payment`, { mpaisaReceiptNumber: '' })).json()) as FarmerPayment
    expect(emptied).toMatchObject({ mpaisaNumber: '=cmd()', mpaisaReceiptNumber: null })
    expect((await call('PATCH', `/api/admin/farmers/${id}/payment`, { paymentDate: '2026-03-01', mpaisaReceiptNumber: 'R-1' })).status).toBe(200)
    const list = (await (await call('GET', '/api/admin/farmers/payments')).json()) as FarmerPayment[]
    expect(list).toHaveLength(1)
    const report = await call('GET', '/api/admin/farmers/payments/report')
    const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await report.arrayBuffer())
    expect(csv.startsWith('\uFEFF"ID","Farmer ID"')).toBe(true)
    expect(csv).toContain(`"'=cmd()"`)
    // The payment date as every CSV writes dates: Fiji 'yyyy-MM-dd HH:mm'.
    expect(csv).toContain('"2026-03-01 00:00"')
    expect((await call('GET', '/api/admin/farmers/payments', undefined, adminUser)).status).toBe(403)
  })

  it('a payment edit with nothing in it is refused and records nothing: no field sent, or none filled for a farmer with no payment yet', async () => {
    const id = await idOf('Pending Peni')
    const before = (await (await call('GET', '/api/admin/farmers/payments')).json()) as FarmerPayment[]
    const audits = async () => (await api.db.selectFrom('audit_logs').select(({ fn }) => fn.countAll<number>().as('n')).where('action', '=', 'update_payment').executeTakeFirstOrThrow()).n
    const auditsBefore = Number(await audits())
    for (const body of [{}, { mpaisaNumber: '', mpaisaReceiptNumber: '  ', paymentDate: '' }]) {
      const res = await call('PATCH', `/api/admin/farmers/${id}/payment`, body)
      expect(res.status).toBe(400)
      expect(await messageOf(res)).toBe(messages.payments.nothingToRecord)
    }
    expect((await (await call('GET', '/api/admin/farmers/payments')).json()) as FarmerPayment[]).toEqual(before)
    expect(Number(await audits())).toBe(auditsBefore)
    // Once there is a payment, a field may be cleared on its own; an edit with no field still changes nothing.
    expect((await call('PATCH', `/api/admin/farmers/${id}/payment`, { mpaisaReceiptNumber: 'R-9' })).status).toBe(200)
    expect((await call('PATCH', `/api/admin/farmers/${id}/payment`, { mpaisaReceiptNumber: '' })).status).toBe(200)
    expect(await messageOf(await call('PATCH', `/api/admin/farmers/${id}/payment`, {}))).toBe(messages.payments.nothingToRecord)
  })
})

// Two staff members press the same button at the same moment (two servers on one database). On
// PostgreSQL the two requests run in parallel transactions; SQLite's one connection runs them one
// after the other. Either way one wins, the other is told what a late click is told, and the trail
// has one row.
describe('two staff members at once', () => {
  let colleague: Record<string, string>
  beforeAll(async () => {
    colleague = (await signInAs(api.db, 'admin_user', 'Tevita Admin')).headers
  })
  const auditActions = async (targetId: string) => (await api.db.selectFrom('audit_logs').select('action').where('targetId', '=', targetId).execute()).map((row) => row.action)

  it('Start Trial on one farmer: one 200, one 409 "already in a trial", one activate_trial row', async () => {
    for (let round = 0; round < 5; round++) {
      const id = await insertFarmer(api.db, { name: `Trial Race ${round}`, from: -40, to: -5 })
      const start = (headers: Record<string, string>) => call('POST', `/api/admin/farmers/${id}/activate-trial`, undefined, headers)
      const answers = await Promise.all([start(admin), start(colleague)])
      expect(answers.map((res) => res.status).sort()).toEqual([200, 409])
      expect(await messageOf(answers.find((res) => res.status === 409)!)).toBe(m.trialAlreadyActive)
      const started = (await answers.find((res) => res.status === 200)!.json()) as AdminFarmer
      expect(await api.db.selectFrom('farmers').select(['isTrialActive', 'trialStartDate']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ isTrialActive: 1, trialStartDate: started.trialStartDate })
      expect(await auditActions(id)).toEqual(['activate_trial'])
    }
  })

  it('one farmer deleted twice: one 200, one 404 "Not found", one delete_farmer row', async () => {
    const otherGlobal = (await signInAs(api.db, 'global_admin', 'Litia Global')).headers
    for (let round = 0; round < 5; round++) {
      const id = await insertFarmer(api.db, { name: `Delete Race ${round}` })
      const remove = (headers: Record<string, string>) => call('DELETE', `/api/admin/farmers/${id}`, undefined, headers)
      const answers = await Promise.all([remove(admin), remove(otherGlobal)])
      expect(answers.map((res) => res.status).sort()).toEqual([200, 404])
      expect(await messageOf(answers.find((res) => res.status === 404)!)).toBe(messages.common.notFound)
      expect(await api.db.selectFrom('farmers').select('id').where('id', '=', id).execute()).toEqual([])
      expect(await auditActions(id)).toEqual(['delete_farmer'])
    }
  })
})
