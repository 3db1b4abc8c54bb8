import { expect, test, type Page } from '@playwright/test'
import { e2eAdmin, fillFarmerSignup, untilPublicAnswer, waitForServiceWorker } from './fixtures'
import { pngFile } from './images'
import { fillThePhone, makeRoom, queuedItems } from './full-phone'

const cancelText = "Are you sure you want to cancel? Any information you've entered will be lost."

/** The error summary that takes focus after a failed submit. */
const summary = (page: Page) => page.getByRole('alert').filter({ hasText: 'Please correct the following:' })

async function openForm(page: Page) {
  await page.goto('/farmer-signup')
  // The reference lists have loaded.
  await expect(page.getByRole('checkbox', { name: 'Suva', exact: true })).toBeVisible()
  await expect(page.getByRole('checkbox', { name: 'Bele', exact: true })).toBeVisible()
}


test('farmer signup: every validation message, extra produce ticks ignored, then a valid signup with a photo', async ({ page }) => {
  await openForm(page)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Join Our Growers' Network")
  await expect(page.getByText('Data Agent Mode')).toHaveCount(0)

  // 1. Empty submit: the required messages, in a focused summary and next to each field.
  await page.getByRole('button', { name: 'Submit Application' }).click()
  await expect(summary(page)).toBeFocused()
  for (const message of [
    'Name is required',
    'Phone is required',
    'At least one nearest town/city is required',
    'At least one produce item is required',
    'Subscription start date is required',
    'Subscription end date is required',
    'You must agree to the Terms of Use to continue',
  ]) {
    await expect(summary(page).getByRole('link', { name: message })).toBeVisible()
  }
  const name = page.getByRole('textbox', { name: 'Name', exact: true })
  await expect(name).toHaveAttribute('aria-invalid', 'true')
  await expect(name).toHaveAccessibleDescription('Name is required')
  await expect(page.getByLabel('Start Date')).toHaveAccessibleDescription('Subscription start date is required')
  await expect(page.getByRole('checkbox', { name: /I agree to the Terms of Use/ })).toHaveAccessibleDescription(
    'You must agree to the Terms of Use to continue',
  )
  // A summary link moves focus to its field.
  await summary(page).getByRole('link', { name: 'Phone is required' }).click()
  await expect(page.getByRole('textbox', { name: 'Phone', exact: true })).toBeFocused()

  // 2. A bad e-mail and a bad website.
  await fillFarmerSignup(page, `E2E Farmer ${Date.now()}`)
  await page.getByLabel('Email').fill('not-an-email')
  await page.getByLabel('Website').fill('not a url')
  await page.getByRole('button', { name: 'Submit Application' }).click()
  await expect(summary(page)).toBeFocused()
  await expect(summary(page).getByRole('link')).toHaveText(['Please enter a valid email', 'Please enter a valid URL'])
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription(/Please enter a valid email/)
  await expect(page.getByLabel('Website')).toHaveAccessibleDescription(/Please enter a valid URL/)

  // 2b. A name of only invisible characters is no name; an end before the start is refused.
  await page.getByLabel('Email').fill('')
  await page.getByLabel('Website').fill('')
  const typedName = await name.inputValue()
  await name.fill('\u200B\u200B\u00A0\u2060')
  await page.getByRole('button', { name: 'Submit Application' }).click()
  await expect(summary(page).getByRole('link')).toHaveText(['Name is required'])
  await name.fill(typedName)
  await expect(page.getByLabel('End Date')).toHaveAttribute('min', '2026-07-02')
  await page.getByLabel('End Date').fill('2026-06-15')
  await page.getByRole('button', { name: 'Submit Application' }).click()
  await expect(summary(page).getByRole('link')).toHaveText(['Subscription end date must be after the start date'])
  await expect(page.getByLabel('End Date')).toHaveAccessibleDescription('Subscription end date must be after the start date')
  await page.getByLabel('End Date').fill('2026-07-31')

  // 3. Produce: at most 5 ticks; a 6th is ignored and the limit is said.
  const ticks = ['Cassava (Tavioka)', 'Kumala (Sweet Potato)', 'Yams (Uvi)', 'Bele']
  for (const item of ticks) await page.getByRole('checkbox', { name: item, exact: true }).check()
  await expect(page.getByText('5/5 selected')).toBeVisible()
  await page.getByRole('checkbox', { name: 'Eggplant', exact: true }).click()
  await expect(page.getByRole('checkbox', { name: 'Eggplant', exact: true })).not.toBeChecked()
  await expect(page.getByText('5/5 selected')).toBeVisible()
  await expect(page.getByText('Maximum 5 produce items allowed')).toBeVisible()
  // Unticking one frees a place.
  await page.getByRole('checkbox', { name: 'Bele', exact: true }).uncheck()
  await expect(page.getByText('4/5 selected')).toBeVisible()

  // The cost at the default daily rate: 30 days × FJ$2.50.
  await expect(page.getByText('30 days × FJ$2.50 = FJ$75.00')).toBeVisible()

  // 4. Valid values and a farm photo.
  await page.getByLabel('Email').fill('e2e.farmer@example.com')
  // A site typed the way people say it gets https:// (api/contract/common.ts withHttps).
  await page.getByLabel('Website').fill('www.example.fj')
  await page.getByLabel('Farm Photo 1: choose a file').setInputFiles(pngFile('farm.png'))
  await expect(page.getByRole('img', { name: 'Preview of farm photo 1' })).toBeVisible()
  await expect(page.getByRole('group', { name: 'Farm Photo 2' })).toBeVisible()

  const request = page.waitForRequest((r) => r.url().endsWith('/api/farmer-signup') && r.method() === 'POST')
  const response = page.waitForResponse((r) => r.url().endsWith('/api/farmer-signup'))
  await page.getByRole('button', { name: 'Submit Application' }).click()
  const sent = await request
  expect(sent.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/)
  const body = sent.postDataJSON() as { produce: string[]; cities: string[]; photoUrls: string[]; agreeToTerms: boolean; website: string }
  expect(body.website).toBe('https://www.example.fj')
  expect(body).not.toHaveProperty('homepage')
  expect(body.produce).toEqual(['Dalo (Taro)', 'Cassava (Tavioka)', 'Kumala (Sweet Potato)', 'Yams (Uvi)'])
  expect(body.cities).toEqual(['Nausori'])
  expect(body.photoUrls).toHaveLength(1)
  expect(body.photoUrls[0]).toMatch(/^\/objects\/uploads\/[0-9a-f-]{36}$/)
  expect((await response).status()).toBe(201)

  await expect(page.getByRole('heading', { level: 1, name: 'Application Submitted!' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Sign Up Another Farmer' })).toHaveCount(0)
  await page.getByRole('link', { name: 'Return to Home' }).click()
  await expect(page).toHaveURL(/\/$/)
})

test('a photo that is not an image is refused in the browser with a dismissible message', async ({ page }) => {
  await openForm(page)
  await page.getByLabel('Farm Photo 1: choose a file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') })
  const error = page.getByRole('alert').filter({ hasText: 'Please select an image file' })
  await expect(error).toBeVisible()
  await error.getByRole('button', { name: 'Dismiss error' }).click()
  await expect(error).toHaveCount(0)
})

test('Cancel asks first, then goes home', async ({ page }) => {
  await openForm(page)
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Someone')

  page.once('dialog', (dialog) => {
    expect(dialog.type()).toBe('confirm')
    expect(dialog.message()).toBe(cancelText)
    void dialog.dismiss()
  })
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page).toHaveURL(/\/farmer-signup$/)
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Someone')

  page.once('dialog', (dialog) => void dialog.accept())
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page).toHaveURL(/\/$/)
})

test('Data Agent Mode: bearer-token signup, the same Idempotency-Key on a retry, and Sign Up Another Farmer', async ({ page, request }) => {
  const login = await request.post('/api/auth/login', { data: { email: e2eAdmin.email, password: e2eAdmin.password, rememberMe: true } })
  expect(login.ok()).toBe(true)
  const session = (await login.json()) as { token: string; user: Record<string, unknown> }
  await page.addInitScript(([token, user]) => {
    localStorage.setItem('vf.token', token)
    localStorage.setItem('vf.user', user)
  }, [session.token, JSON.stringify(session.user)] as const)

  await openForm(page)
  await expect(page.getByText('Data Agent Mode')).toBeVisible()
  await fillFarmerSignup(page, `E2E Agent Farmer ${Date.now()}`)

  // The first attempt never reaches the server (the phone lost coverage): the outbox keeps the
  // signup and retries it by itself, with the same key.
  const keys: string[] = []
  let dropNext = true
  await page.route('**/api/data-agent/signup', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '')
    expect(route.request().headers()['authorization']).toBe(`Bearer ${session.token}`)
    if (dropNext) {
      dropNext = false
      await route.abort('internetdisconnected')
    } else {
      await route.continue()
    }
  })
  await page.getByRole('button', { name: 'Submit Application' }).click()
  // The retry comes within the first backoff (≤ 2 s): the server has it in time, or it says it is saved here.
  await expect(page.getByRole('heading', { level: 1, name: /^(Application Submitted!|Saved on this phone)$/ })).toBeVisible()
  await expect.poll(() => keys.length, { timeout: 15_000 }).toBe(2)
  expect(keys[1]).toBe(keys[0])

  // Another farmer: an empty form and a new key.
  await page.getByRole('button', { name: 'Sign Up Another Farmer' }).click()
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('')
  await fillFarmerSignup(page, `E2E Agent Farmer 2 ${Date.now()}`)
  await page.getByRole('button', { name: 'Submit Application' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Application Submitted!' })).toBeVisible()
  expect(keys).toHaveLength(3)
  expect(keys[2]).not.toBe(keys[0])

  // Cancel in Data Agent Mode returns to the back office.
  await page.getByRole('button', { name: 'Sign Up Another Farmer' }).click()
  page.once('dialog', (dialog) => void dialog.accept())
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page).toHaveURL(/\/admin$/)
})

test("a signup the server takes after the screen said it waits (a slow link) turns into 'Application Submitted!' by itself", async ({ page }) => {
  await openForm(page)
  await fillFarmerSignup(page, `E2E Slow Link Farmer ${Date.now()}`)
  // The server's answer comes after the form stopped waiting for it (5 s).
  let answered = false
  await page.route('**/api/farmer-signup', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback()
    await new Promise((resolve) => setTimeout(resolve, 7_000))
    await route.continue()
    answered = true
  })
  await page.getByRole('button', { name: 'Submit Application' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Saved on this phone' })).toBeVisible({ timeout: 15_000 })
  await expect(page.getByText(/The server has not answered yet/)).toBeVisible()
  expect(answered).toBe(false)
  await expect(page.getByRole('heading', { level: 1, name: 'Application Submitted!' })).toBeVisible({ timeout: 20_000 })
  expect(answered).toBe(true)
  await expect(page.getByText(/The server has not answered yet/)).toHaveCount(0)
})

test('a signup the server refuses after the screen said it waits shows the refusal there, with the way to the Outbox', async ({ page }) => {
  await openForm(page)
  await fillFarmerSignup(page, `E2E Slow Refusal Farmer ${Date.now()}`)
  await page.route('**/api/farmer-signup', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback()
    await new Promise((resolve) => setTimeout(resolve, 7_000))
    await route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ message: 'This phone number is already listed.' }) })
  })
  await page.getByRole('button', { name: 'Submit Application' }).click()
  await expect(page.getByText(/The server has not answered yet/)).toBeVisible({ timeout: 15_000 })
  await expect(page.getByRole('status').filter({ hasText: 'Needs attention: This phone number is already listed.' })).toBeVisible({ timeout: 20_000 })
  await expect(page.getByText(/The server has not answered yet/)).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Open the Outbox' })).toBeVisible()
})

test("a visitor's signup that meets a server failure (500) says 'Failed to submit signup' and keeps the form", async ({ page }) => {
  await openForm(page)
  const name = `E2E Failing Farmer ${Date.now()}`
  await fillFarmerSignup(page, name)
  await page.route('**/api/farmer-signup', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Internal server error' }) })
      : route.fallback(),
  )
  await page.getByRole('button', { name: 'Submit Application' }).click()

  await expect(page.locator('form').getByRole('alert')).toContainText('Failed to submit signup. Please try again.')
  await expect(page.locator('[role="alert"] [data-variant="destructive"]')).toContainText('Failed to submit signup')
  await expect(page.getByText('Saved on this phone')).toHaveCount(0)
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name)
  await expect(page.getByRole('checkbox', { name: 'Dalo (Taro)', exact: true })).toBeChecked()

  // The entries survive a reload too: they are the only copy now, kept as a draft.
  await page.reload()
  await expect(page.getByText('Draft restored.')).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name)
})

test('a phone with no room left says so in words the reader can act on, keeps every entry, and sends once there is room', async ({ page }) => {
  await openForm(page)
  await fillThePhone(page)
  const name = `E2E Full Phone Farmer ${Date.now()}`
  await fillFarmerSignup(page, name)
  const noRoomNote = page.getByRole('status').filter({ hasText: 'This phone has no room left, so this form is not being saved as you type.' })
  await expect(noRoomNote).toBeVisible()

  await page.getByRole('button', { name: 'Submit Application' }).click()
  const toast = page.locator('[role="alert"] [data-variant="destructive"]')
  await expect(toast).toContainText('Could not save on this phone')
  await expect(toast).toContainText(
    'This phone has no room left to save it: free some space (old photos, videos or WhatsApp files), then try again. Nothing was sent; your entries are still here.',
  )
  await expect(toast).not.toContainText('quota')
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name)
  await expect(page.getByRole('checkbox', { name: 'Dalo (Taro)', exact: true })).toBeChecked()
  expect(await queuedItems(page)).toBe(0)

  // Space freed: the next change is kept again, and the same entries go through.
  await makeRoom(page)
  await page.getByLabel('Village').fill('Nakasi Settlement')
  await expect(noRoomNote).toHaveCount(0)
  await page.getByRole('button', { name: 'Submit Application' }).click()
  await expect(page.getByRole('heading', { name: 'Application Submitted!' })).toBeVisible()
})

test('an outbox that cannot store says "Phone full" and what to do, and sends once there is room', async ({ page, context }) => {
  await openForm(page)
  // Installed: the outbox screen's code is on the phone before the coverage goes.
  await waitForServiceWorker(page)
  const name = `E2E Queued On A Full Phone ${Date.now()}`
  await context.setOffline(true)
  await fillFarmerSignup(page, name)
  await page.getByRole('button', { name: 'Submit Application' }).click()
  await expect(page.getByRole('heading', { name: 'Saved on this phone' })).toBeVisible()
  await page.getByTestId('outbox-count').click()
  await expect(page.getByRole('heading', { name: 'Outbox', level: 1 })).toBeVisible()

  await fillThePhone(page)
  await context.setOffline(false)
  const noRoom = page.getByTestId('outbox-no-room')
  await expect(noRoom).toHaveText(
    'This phone has no room left, so nothing can be sent: free some space (old photos, videos or WhatsApp files). Sending goes on by itself once there is room.',
  )
  await expect(page.getByRole('link', { name: 'Phone full' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Unsent (1)' })).toBeVisible()

  await makeRoom(page)
  await page.getByRole('button', { name: 'Send now' }).click()
  await expect(page.getByRole('heading', { name: 'Unsent (0)' })).toBeVisible()
  await expect(noRoom).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Phone full' })).toHaveCount(0)
  await expect(page.getByText(name)).toBeVisible()
})

test.describe('on a 390×844 phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test('the message for a 6th produce is on the screen where the tick was made', async ({ page }) => {
    await openForm(page)
    const produce = page.getByRole('group', { name: /^Produce/ }).getByRole('checkbox')
    for (let i = 0; i < 5; i++) await produce.nth(i).check()
    const sixth = produce.nth((await produce.count()) - 1)
    await sixth.scrollIntoViewIfNeeded()
    await sixth.click()
    await expect(sixth).not.toBeChecked()
    await expect(page.getByText('Maximum 5 produce items allowed. Untick one to choose another.')).toBeInViewport()
  })
})

test('a town removed from the list is named in the refusal, and chosen again from the town list in the Outbox', async ({ page, request }) => {
  const login = await request.post('/api/auth/login', { data: { email: e2eAdmin.email, password: e2eAdmin.password } })
  const headers = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` }
  const town = `Vunitogoloa ${Date.now().toString(36)}`
  const created = await request.post('/api/admin/locations', { headers, data: { name: town } })
  expect(created.status(), await created.text()).toBe(201)
  const { id } = (await created.json()) as { id: number }
  await untilPublicAnswer<{ name: string }[]>(request, '/api/locations', (locations) => locations.some((location) => location.name === town))

  await openForm(page)
  const name = `E2E Moved Farmer ${Date.now()}`
  await fillFarmerSignup(page, name)
  await page.getByRole('checkbox', { name: town, exact: true }).check()
  // Staff remove the town while the form is open (or while the signup waits on a phone offline).
  expect((await request.delete(`/api/admin/locations/${id}`, { headers })).ok()).toBe(true)
  await page.getByRole('button', { name: 'Submit Application' }).click()
  const refusal = `${town} is not on the locations list. Please choose towns/cities from the locations list`
  await expect(page.locator('form').getByRole('alert').filter({ hasText: 'The server did not accept this signup' })).toContainText(refusal)

  // The Outbox: one unsent item, and the panel does not also say nothing is waiting.
  await page.getByRole('link', { name: /1 unsent/ }).click()
  const panel = page.getByRole('region', { name: 'Sending' })
  await expect(panel).toContainText('1 unsent')
  await expect(panel).toContainText('The unsent item needs attention')
  await expect(panel).not.toContainText('Nothing is waiting to be sent.')

  const item = page.getByTestId('outbox-item').filter({ hasText: name })
  await expect(item).toContainText(refusal)
  await item.getByRole('button', { name: 'Fix and resend' }).click()
  const fix = item.getByRole('form', { name: 'Fix and resend' })
  const towns = fix.getByRole('group', { name: 'Nearest Towns/Cities' })
  await expect(towns).toContainText(refusal)
  await towns.getByRole('checkbox', { name: new RegExp(`^${town}`) }).uncheck()
  await towns.getByRole('checkbox', { name: 'Suva', exact: true }).check()
  await fix.getByRole('button', { name: 'Save and resend' }).click()
  await expect(item).toHaveAttribute('data-status', 'sent', { timeout: 20_000 })
})
