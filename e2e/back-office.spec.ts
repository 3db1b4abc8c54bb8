// Back office I in real Chromium: a data agent's offline signup is approved and the farmer is listed
// with its photo; rejecting needs a reason; the cost page's figures match a hand-computed farmer;
// a trial-length save keeps a daily rate saved elsewhere; an admin user can neither open global-only screens nor call their endpoints; the farmers list narrows by
// city and produce; a global admin empties fields of a farmer and of a payment, and they are gone;
// a failed e-mail settings load offers a retry.
import path from 'node:path'
import Database from 'better-sqlite3'
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test'
import { e2eAdmin, e2eDataDir, fijiDay, signInAsAdmin } from './fixtures'
import { pngFile } from './images'

test.describe.configure({ mode: 'serial' })

interface Staff {
  name: string
  email: string
  password: string
}

const stamp = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`

async function tokenOf(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email, password } })
  expect(res.status(), await res.text()).toBe(200)
  return ((await res.json()) as { token: string }).token
}

async function createStaff(request: APIRequestContext, role: 'data_agent' | 'admin_user'): Promise<Staff> {
  const token = await tokenOf(request, e2eAdmin.email, e2eAdmin.password)
  const tag = stamp()
  const staff = { name: `${role} ${tag}`, email: `${role.replace('_', '-')}-${tag}@e2e.vitifarmers.test`, password: 'Field-Work!2026' }
  const res = await request.post('/api/admin/users', { headers: { Authorization: `Bearer ${token}` }, data: { ...staff, role, mustChangePassword: false } })
  expect(res.status(), await res.text()).toBe(201)
  return staff
}

async function signIn(page: Page, who: Staff) {
  await page.goto('/login')
  await page.getByLabel('Email').fill(who.email)
  await page.getByLabel('Password', { exact: true }).fill(who.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/admin$/)
}

async function adminPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await signIn(page, e2eAdmin)
  return page
}

/** A data agent's signup sent straight to the API (for tests that are not about the field app). */
async function agentSignup(request: APIRequestContext, agent: Staff, name: string) {
  const token = await tokenOf(request, agent.email, agent.password)
  const res = await request.post('/api/data-agent/signup', {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': crypto.randomUUID() },
    data: { name, phone: '+679 700 1234', cities: ['Suva'], produce: ['Dalo (Taro)'], subscriptionStart: fijiDay(0), subscriptionEnd: fijiDay(60), agreeToTerms: true },
  })
  expect(res.status(), await res.text()).toBe(201)
}

test('a data agent’s offline signup is approved by an admin and the farmer is listed with its photo', async ({ page, context, browser, request }) => {
  const agent = await createStaff(request, 'data_agent')
  await page.goto('/')
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => {}))
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  await signIn(page, agent)
  await page.goto('/farmer-signup')
  await expect(page.getByRole('checkbox', { name: 'Nausori', exact: true })).toBeVisible()

  // No coverage: the signup is saved on the phone.
  await context.setOffline(true)
  const name = `Approved Farmer ${stamp()}`
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name)
  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('+679 912 7788')
  await page.getByLabel('Email').fill(`approved.${stamp()}@example.com`)
  await page.getByLabel('Village').fill('Nakasi')
  await page.getByRole('checkbox', { name: 'Nausori', exact: true }).check()
  await page.getByRole('checkbox', { name: 'Dalo (Taro)', exact: true }).check()
  await page.getByLabel('Start Date').fill(fijiDay(-1))
  await page.getByLabel('End Date').fill(fijiDay(89))
  await page.getByRole('checkbox', { name: /I agree to the Terms of Use/ }).check()
  await page.getByLabel('Farm Photo 1: choose a file').setInputFiles(pngFile('farm.png'))
  await expect(page.getByRole('img', { name: 'Preview of farm photo 1' })).toBeVisible()
  await page.getByRole('button', { name: 'Submit Application' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Saved on this phone' })).toBeVisible()

  // Coverage again: the outbox sends it by itself.
  await context.setOffline(false)
  await page.goto('/outbox')
  await expect(page.getByTestId('outbox-item').filter({ hasText: name })).toHaveAttribute('data-status', 'sent', { timeout: 20_000 })

  // An admin approves it on /admin/signups.
  const admin = await adminPage(browser)
  await admin.goto('/admin/signups')
  const pending = admin.getByRole('region', { name: /Pending Applications/ }).or(admin.locator('section[aria-labelledby="pending-signups"]'))
  const card = pending.getByRole('listitem').filter({ hasText: name })
  await expect(card).toBeVisible()
  await expect(card.getByText(`${agent.name} (Data Agent)`)).toBeVisible()
  await expect(card.getByRole('img', { name: `Farm photo 1 of ${name}` })).toBeVisible()
  await card.getByRole('button', { name: `Approve ${name}` }).click()
  await expect(admin.getByRole('alert').or(admin.getByRole('status')).filter({ hasText: 'Signup approved successfully and farmer account created' }).first()).toBeVisible()
  await expect(pending.getByRole('listitem').filter({ hasText: name })).toHaveCount(0)
  await expect(admin.locator('section[aria-labelledby="recent-decisions"]').getByRole('listitem').filter({ hasText: name })).toContainText('Approved')

  // The public directory lists the farmer, with the signup's photo on the card.
  const visitor = await (await browser.newContext()).newPage()
  await visitor.goto('/')
  await visitor.getByPlaceholder('Search farmers or produce...').fill(name)
  const farmerCard = visitor.getByTestId('farmer-card').filter({ hasText: name })
  await expect(farmerCard).toBeVisible()
  const photo = farmerCard.getByRole('img', { name: `Farm of ${name}` })
  await expect(photo).toBeVisible()
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
})

test('a signup a colleague decided while the list was open: Approve says it was already processed, and its card goes', async ({ browser, request }) => {
  const agent = await createStaff(request, 'data_agent')
  const name = `Decided Elsewhere ${stamp()}`
  await agentSignup(request, agent, name)
  const admin = await adminPage(browser)
  await admin.goto('/admin/signups')
  const pending = admin.locator('section[aria-labelledby="pending-signups"]')
  await expect(pending.getByRole('listitem').filter({ hasText: name })).toBeVisible()
  // A colleague, on another screen (or another server), approves it first.
  const headers = { Authorization: `Bearer ${await tokenOf(request, e2eAdmin.email, e2eAdmin.password)}` }
  const [signup] = (await (await request.get(`/api/admin/signups?status=pending&search=${encodeURIComponent(name)}`, { headers })).json()) as { id: string }[]
  const approved = await request.post(`/api/admin/signups/${signup!.id}/process`, { headers, data: { status: 'approved' } })
  expect(approved.status(), await approved.text()).toBe(200)

  await pending.getByRole('button', { name: `Approve ${name}` }).click()
  await expect(admin.getByRole('alert').or(admin.getByRole('status')).filter({ hasText: 'This signup has already been processed' }).first()).toBeVisible()
  await expect(pending.getByRole('listitem').filter({ hasText: name })).toHaveCount(0)
  await expect(admin.locator('section[aria-labelledby="recent-decisions"]').getByRole('listitem').filter({ hasText: name })).toContainText('Approved')
})

test('rejecting a signup needs a reason', async ({ browser, request }) => {
  const agent = await createStaff(request, 'data_agent')
  const name = `Rejected Farmer ${stamp()}`
  await agentSignup(request, agent, name)
  const admin = await adminPage(browser)
  await admin.goto('/admin/signups')
  const pending = admin.locator('section[aria-labelledby="pending-signups"]')
  await pending.getByRole('button', { name: `Reject ${name}` }).click()
  const dialog = admin.getByRole('alertdialog', { name: `Reject ${name}` })
  const confirm = dialog.getByRole('button', { name: 'Reject Signup' })
  await expect(confirm).toBeDisabled()
  await dialog.getByLabel('Reason for rejection').fill('   ')
  await expect(confirm).toBeDisabled()
  await expect(dialog.getByText('Please enter a reason for rejection')).toBeVisible()
  await dialog.getByLabel('Reason for rejection').fill('Receipt number not found')
  await confirm.click()
  await expect(dialog).toHaveCount(0)
  await expect(pending.getByRole('listitem').filter({ hasText: name })).toHaveCount(0)
  const decided = admin.locator('section[aria-labelledby="recent-decisions"]').getByRole('listitem').filter({ hasText: name })
  await expect(decided).toContainText('Rejected')
  await expect(decided).toContainText('Receipt number not found')
})

/**
 * Types `rate` into the editing daily-rate field and saves it. One CI run saw the Daily Rate card
 * stay at FJ$2.50 after Save, cause not found (it did not recur in 12 local runs): each step is
 * checked here, so a repeat names its step: the typed value (filled again if it did not take), the
 * write's answer, the success toast.
 */
async function saveDailyRate(admin: Page, rate: string) {
  const field = admin.getByLabel('Daily Rate (FJ$ per farmer per day)')
  await expect(async () => {
    await field.fill(rate)
    await expect(field).toHaveValue(rate, { timeout: 1_000 })
  }).toPass()
  const saved = admin.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/settings' && r.request().method() === 'POST')
  await admin.getByRole('button', { name: 'Save' }).click()
  const res = await saved
  expect(res.status(), await res.text()).toBe(200)
  expect(((await res.json()) as { dailyRate: number }).dailyRate).toBe(Number(rate))
  await expect(admin.getByRole('alert').or(admin.getByRole('status')).filter({ hasText: 'Daily rate updated successfully' }).first()).toBeVisible()
}

test('the cost page’s figures equal a hand-computed farmer', async ({ browser, request }) => {
  // Hand-computed: today … today + 30 days is 30 days; at FJ$3.00 a day that is FJ$90.00;
  // active 1 day (today), 29 remaining.
  const token = await tokenOf(request, e2eAdmin.email, e2eAdmin.password)
  const name = `Costed Farmer ${stamp()}`
  const created = await request.post('/api/admin/farmers', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name, phone: '+679 700 9999', email: `costed.${stamp()}@example.com`, cities: ['Suva'], produce: [], subscriptionStart: fijiDay(0), subscriptionEnd: fijiDay(30) },
  })
  expect(created.status(), await created.text()).toBe(201)

  const admin = await adminPage(browser)
  await admin.goto('/admin/cost-breakdown')
  // The daily rate: read-only until Edit; Save stores 3.00.
  const rate = admin.getByLabel('Daily Rate (FJ$ per farmer per day)')
  await expect(rate).toHaveAttribute('readonly', '')
  await admin.getByRole('button', { name: 'Edit' }).click()
  await saveDailyRate(admin, '3')
  await expect(admin.getByRole('group', { name: 'Daily Rate' })).toContainText('FJ$3.00')

  const table = admin.getByRole('table', { name: 'Farmer cost breakdown' })
  const row = table.getByRole('row').filter({ hasText: name })
  await expect(row.getByRole('cell')).toHaveText([new RegExp(name), 'Active', 'Start Trial', '', '30', '1', '29', 'FJ$90.00', /–/])

  const revenue = async () => Number((await admin.getByRole('group', { name: 'Total Revenue' }).innerText()).match(/FJ\$([\d.]+)/)![1])
  const activeDays = async () => Number((await admin.getByRole('group', { name: 'Total Active Days' }).innerText()).match(/(\d+)\s*$/)![1])
  // The figures and the rows are two requests (the rows come a page at a time): the cards show the
  // server's figures at the new rate once their own refetch lands.
  const figures = (await (await request.get('/api/admin/cost-breakdown', { headers: { Authorization: `Bearer ${token}` } })).json()) as { totalRevenue: number; totalActiveDays: number }
  await expect.poll(revenue).toBeCloseTo(figures.totalRevenue, 2)
  const withFarmer = figures.totalRevenue
  const daysWithFarmer = figures.totalActiveDays
  expect(await activeDays()).toBe(daysWithFarmer)
  const include = row.getByRole('switch', { name: `Include ${name} in costing` })
  // The switch saves at once and shows the saved state when the page refetches.
  await include.click()
  await expect(include).not.toBeChecked()
  await expect.poll(revenue).toBeCloseTo(withFarmer - 90, 2)
  expect(await activeDays()).toBe(daysWithFarmer - 1)

  // The monthly table ends with its total row.
  await expect(admin.getByRole('table', { name: 'Monthly revenue breakdown' }).getByRole('row', { name: 'Total' })).toBeVisible()

  // Back to the default rate for the rest of the suite.
  await admin.getByRole('button', { name: 'Edit' }).click()
  await saveDailyRate(admin, '2.5')
  await expect(admin.getByRole('group', { name: 'Daily Rate' })).toContainText('FJ$2.50')
})

test('a trial-length save keeps the daily rate another admin saved after the page loaded', async ({ browser, request }) => {
  const token = await tokenOf(request, e2eAdmin.email, e2eAdmin.password)
  const auth = { Authorization: `Bearer ${token}` }
  const settings = async () => (await (await request.get('/api/admin/settings', { headers: auth })).json()) as { dailyRate: number; trialPeriodDays: number }
  const before = await settings()

  const admin = await adminPage(browser)
  await admin.goto('/admin/trial-period')
  const length = admin.getByLabel('Default Trial Length (days)')
  await expect(length).toHaveValue(String(before.trialPeriodDays))
  // Another admin, elsewhere, saves a new daily rate while this page is open.
  const elsewhere = await request.post('/api/admin/settings', { headers: auth, data: { dailyRate: 4.25 } })
  expect(elsewhere.status(), await elsewhere.text()).toBe(200)

  await length.fill('10')
  await expect(length).toHaveValue('10')
  await admin.getByRole('button', { name: 'Save' }).click()
  await expect(admin.getByRole('alert').or(admin.getByRole('status')).filter({ hasText: 'Trial period updated successfully' }).first()).toBeVisible()
  expect(await settings()).toEqual({ dailyRate: 4.25, trialPeriodDays: 10 })

  // Back to what the rest of the suite expects.
  const reset = await request.post('/api/admin/settings', { headers: auth, data: before })
  expect(reset.status(), await reset.text()).toBe(200)
})

test('an admin user can neither open global-only screens nor call their endpoints', async ({ page, request }) => {
  const adminUser = await createStaff(request, 'admin_user')
  await signIn(page, adminUser)
  for (const path of ['/admin/expired-subscriptions', '/admin/da-signups', '/admin/payments-received', '/admin/payments']) {
    await page.goto(path)
    await expect(page).toHaveURL(/\/admin$/)
  }
  // Screens open to an admin user do open.
  await page.goto('/admin/signups')
  await expect(page.getByRole('heading', { level: 1, name: 'Signup Approvals' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Purge Processed Signups' })).toHaveCount(0)
  await page.goto('/admin/farmers')
  await expect(page.getByRole('heading', { level: 1, name: 'Farmers Management' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Add Farmer' })).toBeVisible()
  await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0)

  const token = await tokenOf(request, adminUser.email, adminUser.password)
  const auth = { Authorization: `Bearer ${token}` }
  for (const [method, path] of [
    ['GET', '/api/admin/expired-farmers'],
    ['GET', '/api/admin/signups/data-agent'],
    ['GET', '/api/admin/farmers/payments'],
    ['GET', '/api/admin/farmers/payments/report'],
    ['DELETE', '/api/admin/signups/purge'],
    ['POST', '/api/admin/settings'],
  ] as const) {
    const res = await request.fetch(path, { method, headers: auth, data: method === 'GET' ? undefined : { startDate: fijiDay(0), endDate: fijiDay(0), dailyRate: 9 } })
    expect(res.status(), `${method} ${path}`).toBe(403)
  }
})

test('choosing a city or a produce narrows the farmers list', async ({ browser, request }) => {
  const token = await tokenOf(request, e2eAdmin.email, e2eAdmin.password)
  const tag = `Filtered ${stamp()}`
  for (const [city, crop] of [
    ['Labasa', 'Dalo (Taro)'],
    ['Savusavu', 'Eggplant'],
  ] as const) {
    const name = `${tag} ${city}`
    const res = await request.post('/api/admin/farmers', {
      headers: { Authorization: `Bearer ${token}` },
      data: { name, phone: '+679 700 4321', email: `${city.toLowerCase()}.${stamp()}@example.com`, cities: [city], produce: [crop], subscriptionStart: fijiDay(0), subscriptionEnd: fijiDay(30) },
    })
    expect(res.status(), await res.text()).toBe(201)
  }

  const admin = await adminPage(browser)
  await admin.goto('/admin/farmers')
  await admin.getByLabel('Search farmers').fill(tag)
  const rows = admin.getByRole('table', { name: 'Farmers' }).getByRole('row').filter({ hasText: tag })
  await expect(rows).toHaveCount(2)

  await admin.getByLabel('City filter').selectOption('Labasa')
  await expect(rows).toHaveCount(1)
  await expect(rows).toContainText(`${tag} Labasa`)

  await admin.getByLabel('City filter').selectOption('')
  await admin.getByLabel('Produce filter').selectOption('Eggplant')
  await expect(rows).toHaveCount(1)
  await expect(rows).toContainText(`${tag} Savusavu`)

  // Both at once: no farmer of this test is in Labasa and grows Eggplant.
  await admin.getByLabel('City filter').selectOption('Labasa')
  await expect(rows).toHaveCount(0)
  await expect(admin.getByText('No farmers match your search criteria')).toBeVisible()
})

/** The instant Fiji's day `offset` days from today begins (UTC+12, no daylight saving since 2021). */
const fijiMidnight = (offset: number) => new Date(Date.parse(`${fijiDay(offset)}T00:00:00+12:00`)).toISOString()

type CreatedFarmer = { id: string; subscriptionStart: string; subscriptionEnd: string }

/**
 * A farmer added through the API, not listed (inactive: the directory's specs count the farmers of
 * each town), from today for 30 days unless `fields` say otherwise.
 */
async function unlistedFarmer(request: APIRequestContext, headers: Record<string, string>, name: string, fields: Record<string, unknown> = {}): Promise<CreatedFarmer> {
  const created = await request.post('/api/admin/farmers', {
    headers,
    data: { name, phone: '+679 700 2468', email: `farmer.${stamp()}@example.com`, cities: ['Nadi'], produce: [], subscriptionStart: fijiDay(0), subscriptionEnd: fijiDay(30), isActive: false, ...fields },
  })
  expect(created.status(), await created.text()).toBe(201)
  return (await created.json()) as CreatedFarmer
}

test('a global admin empties a farmer’s website and village, and a payment’s receipt number: each is gone, the rest kept — the dates too, and a colleague’s Premium switched on meanwhile', async ({ browser, request }) => {
  const token = await tokenOf(request, e2eAdmin.email, e2eAdmin.password)
  const headers = { Authorization: `Bearer ${token}` }
  const name = `Emptied Farmer ${stamp()}`
  // The dates as the server itself stores them (Activate, a trial, an approval): Fiji midnight, noon the day before in UTC.
  const { id, subscriptionStart, subscriptionEnd } = await unlistedFarmer(request, headers, name, {
    website: 'emptied.example.fj', town: 'Namaka', tikina: 'Nadi', subscriptionStart: fijiMidnight(0), subscriptionEnd: fijiMidnight(30),
  })
  const paid = await request.patch(`/api/admin/farmers/${id}/payment`, { headers, data: { mpaisaNumber: '9123456', mpaisaReceiptNumber: 'MP999', paymentDate: fijiDay(0) } })
  expect(paid.status(), await paid.text()).toBe(200)
  const { paymentDate } = (await paid.json()) as { paymentDate: string }

  const admin = await adminPage(browser)
  await admin.goto('/admin/farmers')
  await admin.getByLabel('Search farmers').fill(name)
  await admin.getByRole('button', { name: `Edit ${name}` }).first().click()
  const dialog = admin.getByRole('dialog', { name: `Edit ${name}` })
  // The dialog shows the Fiji day the list shows (the stored instant is noon the day before in UTC).
  await expect(dialog.getByLabel('Subscription Start')).toHaveValue(fijiDay(0))
  // A colleague switches Premium on while this dialog is open.
  const premium = await request.patch(`/api/admin/farmers/${id}`, { headers, data: { isPremium: true } })
  expect(premium.status(), await premium.text()).toBe(200)
  await dialog.getByLabel('Website').fill('')
  await dialog.getByLabel('Village').fill('')
  await dialog.getByRole('button', { name: 'Save Changes' }).click()
  await expect(dialog).toBeHidden()
  const farmers = (await (await request.get(`/api/admin/farmers?search=${encodeURIComponent(name)}`, { headers })).json()) as { website: string | null; town: string | null; tikina: string | null }[]
  // Only what was changed went: Premium stays on, and the dates did not move a day.
  expect(farmers).toEqual([expect.objectContaining({ website: null, town: null, tikina: 'Nadi', isPremium: true, subscriptionStart, subscriptionEnd })])

  await admin.goto('/admin/payments-received')
  await admin.getByLabel('Search payments').fill(name)
  await admin.getByRole('button', { name: `Edit payment of ${name}` }).first().click()
  const paymentDialog = admin.getByRole('dialog', { name: 'Edit Payment Details' })
  await expect(paymentDialog.getByLabel('M-PAiSA Number')).toHaveValue('9123456')
  await paymentDialog.getByLabel('Receipt Number').fill('')
  await paymentDialog.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(paymentDialog).toBeHidden()
  const payments = (await (await request.get(`/api/admin/farmers/payments?search=${encodeURIComponent(name)}`, { headers })).json()) as { mpaisaNumber: string | null; mpaisaReceiptNumber: string | null }[]
  expect(payments).toEqual([expect.objectContaining({ mpaisaNumber: '9123456', mpaisaReceiptNumber: null, paymentDate })])
})

test('an Edit Subscription save after a colleague changed the subscription is refused with why, and the list shows the colleague’s dates', async ({ browser, request }) => {
  const headers = { Authorization: `Bearer ${await tokenOf(request, e2eAdmin.email, e2eAdmin.password)}` }
  const name = `Raced Subscription ${stamp()}`
  const { id } = await unlistedFarmer(request, headers, name, { subscriptionStart: fijiMidnight(0), subscriptionEnd: fijiMidnight(30) })

  const admin = await adminPage(browser)
  await admin.goto('/admin/farmers')
  await admin.getByLabel('Search farmers').fill(name)
  await admin.getByRole('button', { name: `Edit subscription of ${name}` }).first().click()
  const dialog = admin.getByRole('dialog', { name: 'Edit Subscription' })
  await expect(dialog.getByLabel('Subscription End')).toHaveValue(fijiDay(30))
  // A colleague, elsewhere, moves the end while this dialog is open.
  const theirs = await request.patch(`/api/admin/farmers/${id}/subscription`, { headers, data: { subscriptionStart: fijiDay(0), subscriptionEnd: fijiDay(60), isActive: false } })
  expect(theirs.status(), await theirs.text()).toBe(200)

  await dialog.getByLabel('Subscription End').fill(fijiDay(90))
  await dialog.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(admin.getByRole('alert').or(admin.getByRole('status')).filter({ hasText: 'Someone else changed this farmer while you were editing' }).first()).toBeVisible()
  const stored = (await (await request.get(`/api/admin/farmers?search=${encodeURIComponent(name)}`, { headers })).json()) as { subscriptionEnd: string }[]
  expect(stored).toEqual([expect.objectContaining({ subscriptionEnd: fijiDay(60) })])
  // Closed and opened again, the dialog shows the colleague's end: the list was read again.
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await admin.getByRole('button', { name: `Edit subscription of ${name}` }).first().click()
  await expect(admin.getByRole('dialog', { name: 'Edit Subscription' }).getByLabel('Subscription End')).toHaveValue(fijiDay(60))
})

test('a farmer stored with a subscription of more than 5 years (before that rule) can still have the phone corrected', async ({ browser, request }) => {
  const headers = { Authorization: `Bearer ${await tokenOf(request, e2eAdmin.email, e2eAdmin.password)}` }
  const name = `Long Subscription ${stamp()}`
  const { id } = await unlistedFarmer(request, headers, name, { phone: '+679 700 8642' })
  // As a farmer stored before staff dates were bounded: six years, straight into the server's database.
  const db = new Database(path.join(e2eDataDir(), 'viti-farmers.sqlite'), { fileMustExist: true })
  try {
    db.pragma('busy_timeout = 5000')
    db.prepare('update farmers set subscriptionEnd = ? where id = ?').run(fijiDay(6 * 366), id)
  } finally {
    db.close()
  }

  const admin = await adminPage(browser)
  await admin.goto('/admin/farmers')
  await admin.getByLabel('Search farmers').fill(name)
  await admin.getByRole('button', { name: `Edit ${name}` }).first().click()
  const dialog = admin.getByRole('dialog', { name: `Edit ${name}` })
  await dialog.getByLabel('Phone').fill('+679 700 9753')
  await dialog.getByRole('button', { name: 'Save Changes' }).click()
  await expect(dialog).toBeHidden()
  const stored = (await (await request.get(`/api/admin/farmers?search=${encodeURIComponent(name)}`, { headers })).json()) as { phone: string; subscriptionEnd: string }[]
  expect(stored).toEqual([expect.objectContaining({ phone: '+679 700 9753', subscriptionEnd: fijiDay(6 * 366) })])
})

test('a failed e-mail settings load says so and retries', async ({ browser }) => {
  const admin = await adminPage(browser)
  let failing = true
  await admin.route('**/api/admin/email/config', (route) => (failing ? route.fulfill({ status: 500, json: { message: 'boom' } }) : route.continue()))
  await admin.goto('/admin/email')
  // The inline failure (the toast says the same text but has no retry).
  const failure = admin.getByRole('alert').filter({ has: admin.getByRole('button', { name: 'Try again' }) })
  await expect(failure).toContainText('Failed to fetch email settings')
  await expect(admin.getByRole('button', { name: 'Send Email' })).toBeDisabled()

  failing = false
  await failure.getByRole('button', { name: 'Try again' }).click()
  await expect(failure).toHaveCount(0)
  await expect(admin.getByText(/^Delivery mode: /)).toBeVisible()
  await expect(admin.getByRole('button', { name: 'Send Email' })).toBeEnabled()
})

test('Add Farmer sent empty by keyboard: focus goes to the first field to fix, its message read with it; a refused towns group says why', async ({ page }) => {
  await signInAsAdmin(page)
  await page.goto('/admin/farmers')
  await page.getByRole('button', { name: 'Add Farmer' }).focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Add Farmer' })
  await dialog.getByRole('button', { name: 'Add Farmer' }).focus()
  await page.keyboard.press('Enter')
  const name = dialog.getByRole('textbox', { name: 'Name' })
  await expect(name).toBeFocused()
  await expect(name).toHaveAccessibleDescription('Name is required')
  await expect(name).toBeInViewport()
  await expect(dialog.getByRole('group', { name: 'Nearest towns/cities *' })).toHaveAccessibleDescription(/./)
})

test('deciding the only application on the last page of pending signups shows the page before it, not "No pending applications"', async ({ browser, request }) => {
  const agent = await createStaff(request, 'data_agent')
  const headers = { Authorization: `Bearer ${await tokenOf(request, e2eAdmin.email, e2eAdmin.password)}` }
  const pendingTotal = async () => Number((await request.get('/api/admin/signups?status=pending&pageSize=1', { headers })).headers()['x-total-count'])
  // 20 a page: one more than whole pages (21 on a fresh server), so the last page holds one card.
  const before = await pendingTotal()
  let adding = (((1 - before) % 20) + 20) % 20
  if (before + adding < 21) adding += 20
  const tag = `Paged Pending ${stamp()}`
  for (let i = 0; i < adding; i++) await agentSignup(request, agent, `${tag} ${i}`)
  const total = before + adding

  try {
    const admin = await adminPage(browser)
    await admin.goto('/admin/signups')
    const pending = admin.locator('section[aria-labelledby="pending-signups"]')
    await expect(pending.getByRole('heading', { name: `Pending Applications (${total.toLocaleString('en-US')})` })).toBeVisible()
    const lastPage = Math.ceil(total / 20)
    for (let page = 1; page < lastPage; page++) await pending.getByRole('button', { name: 'Next page' }).click()
    await expect(pending.getByText(`Page ${lastPage} of ${lastPage}`)).toBeVisible()
    const cards = pending.getByRole('list').first().getByRole('listitem')
    await expect(cards).toHaveCount(1)

    await cards.getByRole('button', { name: /^Reject / }).click()
    const dialog = admin.getByRole('alertdialog')
    await dialog.getByLabel('Reason for rejection').fill('Receipt not found')
    await dialog.getByRole('button', { name: 'Reject Signup' }).click()
    await expect(dialog).toHaveCount(0)

    await expect(pending.getByRole('heading', { name: `Pending Applications (${(total - 1).toLocaleString('en-US')})` })).toBeVisible()
    await expect(pending.getByText('No pending applications.')).toHaveCount(0)
    await expect(cards).toHaveCount(20)
  } finally {
    // The applications made here are decided, so later tests find theirs on the first page.
    const mine = (await (await request.get(`/api/admin/signups?status=pending&search=${encodeURIComponent(tag)}&pageSize=200`, { headers })).json()) as { id: string }[]
    for (const signup of mine) await request.post(`/api/admin/signups/${signup.id}/process`, { headers, data: { status: 'rejected', rejectionReason: 'e2e: paging test' } })
  }
})

test('adding a produce to a farmer whose other produce was made inactive since: the inactive one shows ticked and the save goes through', async ({ browser, request }) => {
  const headers = { Authorization: `Bearer ${await tokenOf(request, e2eAdmin.email, e2eAdmin.password)}` }
  const seasonal = `Seasonal Crop ${stamp()}`
  const made = await request.post('/api/admin/produce', { headers, data: { name: seasonal, isActive: true } })
  expect(made.status(), await made.text()).toBe(201)
  const { id: produceId } = (await made.json()) as { id: number }
  const name = `Seasonal Farmer ${stamp()}`
  const { id } = await unlistedFarmer(request, headers, name, { produce: ['Dalo (Taro)', seasonal] })
  // Out of season: staff make it inactive, so it leaves the active produce list.
  expect((await request.patch(`/api/admin/produce/${produceId}`, { headers, data: { isActive: false } })).status()).toBe(200)

  const admin = await adminPage(browser)
  await admin.goto('/admin/farmers')
  await admin.getByLabel('Search farmers').fill(name)
  await admin.getByRole('button', { name: `Edit ${name}` }).first().click()
  const dialog = admin.getByRole('dialog', { name: `Edit ${name}` })
  await expect(dialog.getByRole('checkbox', { name: seasonal })).toBeChecked()
  await dialog.getByRole('checkbox', { name: 'Yams (Uvi)' }).check()
  await dialog.getByRole('button', { name: 'Save Changes' }).click()
  await expect(dialog).toBeHidden()
  await expect(admin.getByRole('alert').or(admin.getByRole('status')).filter({ hasText: 'Farmer updated successfully' }).first()).toBeVisible()
  const [farmer] = (await (await request.get(`/api/admin/farmers?search=${encodeURIComponent(name)}`, { headers })).json()) as { id: string; produce: string[] }[]
  expect(farmer).toMatchObject({ id, produce: ['Dalo (Taro)', seasonal, 'Yams (Uvi)'] })
})
