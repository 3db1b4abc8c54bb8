// Staff sign-in, the dashboard by role, user management with its CSV, the audit trail, the
// session guard and logout — in real Chromium against the real server. The users each test
// needs are created through the API as the e2e global admin (playwright.config.ts).
import fs from 'node:fs/promises'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { e2eAdmin } from './fixtures'

type Role = 'global_admin' | 'admin_user' | 'data_agent'
interface StaffUser {
  name: string
  email: string
  password: string
  role: Role
}

let counter = 0
function uniqueUser(role: Role, name: string): StaffUser {
  counter += 1
  const tag = `${Date.now().toString(36)}${counter}${test.info().workerIndex}`
  return { name: `${name} ${tag}`, email: `${role.replace('_', '-')}-${tag}@e2e.vitifarmers.test`, password: 'Field-Work!2026', role }
}

async function apiToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email, password } })
  expect(res.status(), await res.text()).toBe(200)
  return ((await res.json()) as { token: string }).token
}

/** Creates a staff user through the API, signed in as the e2e global admin. */
async function createStaffUser(request: APIRequestContext, user: StaffUser, mustChangePassword: boolean): Promise<void> {
  const token = await apiToken(request, e2eAdmin.email, e2eAdmin.password)
  const res = await request.post('/api/admin/users', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: user.name, email: user.email, password: user.password, role: user.role, mustChangePassword },
  })
  expect(res.ok(), await res.text()).toBe(true)
}

async function signIn(page: Page, email: string, password: string, options: { rememberMe?: boolean } = {}) {
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  if (options.rememberMe) await page.getByLabel('Remember me').check()
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/admin$/)
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

const fijiToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Fiji', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date())

test('/admin without a session goes to /login', async ({ page }) => {
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Staff Sign In' })).toBeVisible()
  await page.goto('/admin/audit-trail')
  await expect(page).toHaveURL(/\/login$/)
})

test('a failed sign-in says why and shows the Password Security panel for a weak password', async ({ page }) => {
  await page.goto('/login')
  await expect(page.getByText('keeps you signed in in the field')).toBeVisible()
  await page.getByLabel('Email').fill('nobody@e2e.vitifarmers.test')
  await page.getByLabel('Password', { exact: true }).fill('abc')
  const panel = page.getByRole('region', { name: 'Password Security' })
  await expect(panel).toBeVisible()
  await expect(panel.getByRole('meter', { name: 'Password strength' })).toHaveAttribute('aria-valuetext', 'Weak')
  // By keyboard: the button pressed is disabled while it signs in.
  await page.getByRole('button', { name: 'Sign In' }).focus()
  await page.keyboard.press('Enter')
  const toast = page.getByRole('alert').filter({ hasText: 'Login failed' })
  await expect(toast).toContainText('Invalid email or password')
  await expect(page).toHaveURL(/\/login$/)
  await expect(panel).toBeVisible()
  // Focus is back on the password, to type it again, not lost to the page.
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused()
  // A password that meets the rule hides the panel.
  await page.getByLabel('Password', { exact: true }).fill('Str0ng!Password')
  await expect(panel).toBeHidden()
})

test('first sign-in with mustChangePassword forces an undismissable change; then the dashboard works', async ({ page, request }) => {
  const user = uniqueUser('admin_user', 'Forced Change')
  await createStaffUser(request, user, true)

  await signIn(page, user.email, user.password)
  const dialog = page.getByRole('dialog', { name: 'Change Your Password' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Close' })).toHaveCount(0)
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toHaveCount(0)

  // Escape (twice: browsers may force-close after a refused cancel) and a click outside do nothing.
  await page.keyboard.press('Escape')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeVisible()
  await page.mouse.click(5, 5)
  await expect(dialog).toBeVisible()
  // Other admin screens are not reachable while the password must change.
  await page.goto('/admin/audit-trail')
  await expect(page).toHaveURL(/\/admin$/)
  await expect(dialog).toBeVisible()

  const newPassword = 'Changed-Pass!2027'
  await dialog.getByRole('textbox', { name: 'Current Password' }).fill(user.password)
  await dialog.getByRole('textbox', { name: 'New Password', exact: true }).fill(newPassword)
  await expect(dialog.getByRole('meter', { name: 'Password strength' })).toHaveAttribute('aria-valuetext', 'Very Strong')
  await dialog.getByRole('textbox', { name: 'Confirm New Password' }).fill('Changed-Pass!2028')
  await dialog.getByRole('button', { name: 'Change Password' }).click()
  await expect(dialog.getByText('Passwords do not match')).toBeVisible()
  await dialog.getByRole('textbox', { name: 'Confirm New Password' }).fill(newPassword)

  const reloaded = page.waitForEvent('load')
  await dialog.getByRole('button', { name: 'Change Password' }).click()
  await expect(page.getByText('Password changed successfully')).toBeVisible()
  await reloaded

  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page.getByText(`Welcome, ${user.name}`)).toBeVisible()
  await expect(page.getByText('Admin User', { exact: true })).toBeVisible()
  await expect(page.getByText('Total Revenue')).toBeVisible()
  await page.getByRole('link', { name: 'Audit Trail' }).click()
  await expect(page).toHaveURL(/\/admin\/audit-trail$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Trail' })).toBeVisible()
  // The new password is the one that works now.
  expect((await request.post('/api/auth/login', { data: { email: user.email, password: user.password } })).status()).toBe(401)
  await apiToken(request, user.email, newPassword)
})

test('the strength meter agrees with the server on common passwords; the public home never loads the list', async ({ page, request }) => {
  const listRequests: string[] = []
  page.on('request', (r) => r.url().includes('common-password-list') && listRequests.push(r.url()))
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(listRequests).toEqual([])

  const user = uniqueUser('admin_user', 'Common Password')
  await createStaffUser(request, user, true)
  await signIn(page, user.email, user.password)
  const dialog = page.getByRole('dialog', { name: 'Change Your Password' })
  await dialog.getByRole('textbox', { name: 'Current Password' }).fill(user.password)
  const meter = dialog.getByRole('meter', { name: 'Password strength' })
  const tooCommon = dialog.getByText('This password is too common. Please choose another.')
  for (const common of ['Bula2024!', 'Abcd1234!']) {
    await dialog.getByRole('textbox', { name: 'New Password', exact: true }).fill(common)
    await expect(meter).toHaveAttribute('aria-valuetext', 'Very Weak')
    await expect(tooCommon).toBeVisible()
  }
  // The server refuses what the meter refused, with the same words.
  await dialog.getByRole('textbox', { name: 'Confirm New Password' }).fill('Abcd1234!')
  await dialog.getByRole('button', { name: 'Change Password' }).click()
  await expect(page.getByText('This password is too common. Please choose another.').last()).toBeVisible()
  await expect(dialog).toBeVisible()

  await dialog.getByRole('textbox', { name: 'New Password', exact: true }).fill('Koro$Sea4Nadi')
  await expect(meter).toHaveAttribute('aria-valuetext', 'Very Strong')
  await expect(tooCommon).toBeHidden()
})

test('a data agent sees its two cards and the Data Agent Dashboard, and reaches Data Agent Mode', async ({ page, request }) => {
  const agent = uniqueUser('data_agent', 'Field Agent')
  await createStaffUser(request, agent, false)

  await signIn(page, agent.email, agent.password, { rememberMe: true })
  await expect(page.getByText('Data Agent', { exact: true })).toBeVisible()
  const cards = page.getByRole('list').filter({ hasText: 'Total Farmers' })
  await expect(cards.getByRole('listitem')).toHaveCount(2)
  await expect(cards).toContainText('Active Subscriptions')
  for (const hidden of ['Active Pending', 'Expired Subscriptions', 'Total Revenue', 'Admin User Management']) {
    await expect(page.getByText(hidden, { exact: true })).toHaveCount(0)
  }
  await expect(page.getByRole('heading', { name: 'Data Agent Dashboard' })).toBeVisible()
  await page.getByRole('link', { name: 'Sign Up New Farmer' }).click()
  await expect(page).toHaveURL(/\/farmer-signup$/)
  await expect(page.getByText('Data Agent Mode')).toBeVisible()
})

test('an admin user visiting /admin/user-management is sent to /admin', async ({ page, request }) => {
  const adminUser = uniqueUser('admin_user', 'Office Admin')
  await createStaffUser(request, adminUser, false)

  await signIn(page, adminUser.email, adminUser.password)
  await expect(page.getByText('Active Pending', { exact: true }).first()).toBeVisible()
  await expect(page.getByText('Expired Subscriptions', { exact: true })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'User Management' })).toHaveCount(0)
  await page.goto('/admin/user-management')
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible()
  // The router matches paths in any case, so the guard must too: other case, a trailing slash.
  for (const variant of ['/ADMIN/USER-MANAGEMENT', '/Admin/User-Management/', '/admin/PAYMENTS']) {
    await page.goto(variant)
    await expect(page).toHaveURL(/\/admin$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible()
    await expect(page.getByRole('heading', { name: /Admin User Management|Payments Received/ })).toHaveCount(0)
  }
})

test('a global admin adds a user, exports the CSV and finds the creation in the audit trail', async ({ page }) => {
  const created = uniqueUser('data_agent', 'Created In UI')

  await signIn(page, e2eAdmin.email, e2eAdmin.password)
  await expect(page.getByText('Global Admin', { exact: true }).first()).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Admin User Management' })).toBeVisible()
  await expect(page.getByRole('link', { name: /Expired Subscriptions/ }).first()).toBeVisible()
  await page.getByRole('link', { name: 'User Management' }).click()
  await expect(page).toHaveURL(/\/admin\/user-management$/)

  await page.getByRole('button', { name: 'Add User' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add User' })
  await dialog.getByRole('button', { name: 'Create User' }).click()
  await expect(dialog.getByText('Name is required')).toBeVisible()
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(created.name)
  await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(created.email)
  await dialog.getByRole('combobox', { name: 'Role' }).selectOption('data_agent')
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(created.password)
  await expect(dialog.getByRole('meter', { name: 'Password strength' })).toHaveAttribute('aria-valuetext', 'Very Strong')
  await expect(dialog.getByLabel('Must change password at next sign-in')).toBeChecked()
  await dialog.getByRole('button', { name: 'Create User' }).click()
  await expect(page.getByText('Admin user created successfully')).toBeVisible()
  await expect(dialog).toBeHidden()

  const card = page.getByRole('listitem').filter({ hasText: created.email })
  await expect(card).toContainText(created.name)
  await expect(card).toContainText('Data Agent')
  await expect(card).toContainText('Must Change Password')
  // One's own card has no Delete.
  const ownCard = page.getByRole('listitem').filter({ hasText: e2eAdmin.email })
  await expect(ownCard.getByRole('button', { name: /^Edit/ })).toBeVisible()
  await expect(ownCard.getByRole('button', { name: /^Delete/ })).toHaveCount(0)

  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe(`admin-users-${fijiToday()}.csv`)
  const csv = await fs.readFile((await download.path())!, 'utf8')
  const lines = csv.trimEnd().split('\r\n')
  // The UTF-8 mark first, so Excel reads names as UTF-8.
  expect(lines[0]).toBe('\uFEFF"ID","Username","Email","Role","Must Change Password","Created At","Updated At","Last Login"')
  const row = lines.find((line) => line.includes(`"${created.email}"`))
  const when = '"\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}"'
  expect(row).toMatch(new RegExp(`^"[0-9a-f-]{36}","${escapeRegExp(created.name)}","${escapeRegExp(created.email)}","data_agent","Yes",${when},${when},""$`))
  expect(lines.find((line) => line.includes(`"${e2eAdmin.email}"`))).toContain('"global_admin","No"')

  await page.goto('/admin/audit-trail')
  const entry = page.getByRole('listitem').filter({ hasText: created.name }).filter({ hasText: 'create user' })
  await expect(entry).toHaveCount(1)
  await expect(entry).toContainText(e2eAdmin.email)
  await expect(entry).toContainText(/FJT/)
  const toggle = entry.getByRole('button')
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await expect(entry.getByText('IP Address')).toBeHidden()
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await expect(entry.getByText('IP Address')).toBeVisible()
  await expect(entry.getByText('User Agent')).toBeVisible()
  await expect(entry.getByText('Target ID')).toBeVisible()

  // Purge: the date rules come before any confirmation.
  await page.getByRole('button', { name: 'Purge Logs' }).click()
  await expect(page.getByText('Please select both start and end dates')).toBeVisible()
  await page.getByRole('textbox', { name: 'Start Date' }).fill('2026-02-10')
  await page.getByRole('textbox', { name: 'End Date' }).fill('2026-02-01')
  await page.getByRole('button', { name: 'Purge Logs' }).click()
  await expect(page.getByText('Start date must be before end date')).toBeVisible()
})

test('staff writes say "You are offline" instead of failing', async ({ page, context }) => {
  await signIn(page, e2eAdmin.email, e2eAdmin.password)
  await page.getByRole('button', { name: 'Create Admin User' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create Admin User' })
  await expect(dialog.getByRole('button', { name: 'Create User' })).toBeEnabled()
  await context.setOffline(true)
  await expect(dialog.getByText('You are offline')).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Create User' })).toBeDisabled()
  await context.setOffline(false)
  await expect(dialog.getByRole('button', { name: 'Create User' })).toBeEnabled()
  await dialog.getByRole('button', { name: 'Cancel' }).click()

  await page.goto('/login')
  await context.setOffline(true)
  // The header says it too (once its lazy indicator loads); this checks the form's own notice.
  await expect(page.getByRole('main').getByText('You are offline')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeDisabled()
  await context.setOffline(false)
})

test('logout ends the session: back to / and the token no longer works', async ({ page, request }) => {
  const user = uniqueUser('admin_user', 'Logging Out')
  await createStaffUser(request, user, false)

  await signIn(page, user.email, user.password)
  const token = await page.evaluate(() => localStorage.getItem('vf.token'))
  expect(token).toBeTruthy()
  expect((await request.get('/api/auth/verify', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(200)

  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/$/)
  expect(await page.evaluate(() => localStorage.getItem('vf.token'))).toBeNull()
  expect((await request.get('/api/auth/verify', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(401)
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/login$/)
})
