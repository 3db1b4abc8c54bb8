// The public directory against the real server and its demo farmers (db/seed/demo-data.ts):
// the browse steps, the city dialog, the produce availability dialog, and the search.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { e2eAdmin, untilHydrated } from './fixtures'

const EMPTY_SEARCH = "Oops, it appears we're still growing those plants. They'll be ready soon — check back later!"
const TOOLTIP = 'Only locations with active listed farmers are shown'

/** A city button's accessible name is "<city> <n> farmer(s)". */
const cityButton = (page: Page, city: string) => page.getByRole('button', { name: new RegExp(`^${city} \\d+ farmers?$`) })

test('browse: choose a city, then a produce, then see its farmers; the back button steps back', async ({ page }) => {
  await page.goto('/browse-farmers')
  await expect(page.getByRole('heading', { level: 1, name: 'Browse Farmers' })).toBeVisible()
  await expect(page.getByRole('heading', { name: '1. Choose a location' })).toBeVisible()

  await cityButton(page, 'Nadi').click()
  await expect(page.getByRole('heading', { name: '2. Choose produce in Nadi' })).toBeFocused()
  await expect(page.getByRole('button', { name: /^All Farmers \d+ farmers?$/ })).toBeVisible()

  await page.getByRole('button', { name: /^Tomatoes \d+ farmers?$/ }).click()
  await expect(page).toHaveURL(/\/browse-farmers\?city=Nadi&produce=Tomatoes$/)
  await expect(page.getByRole('heading', { name: '3. Tomatoes farmers in Nadi' })).toBeVisible()
  const card = page.getByRole('article', { name: 'Sunita Devi' })
  await expect(card).toBeVisible()
  await expect(card.getByText('Sells Eggplant, Tomatoes, Okra (Bhindi), Long Beans, Chillies')).toBeVisible()
  await expect(card.getByText('Bulk', { exact: true })).toBeVisible()
  // Demo data is badged and its number rings nobody (docs/decisions/011-demo-phone-numbers.md).
  await expect(card.getByText('Demo', { exact: true })).toBeVisible()
  await expect(card.getByText('Namaka, Nadi')).toBeVisible()
  await expect(card.getByRole('link', { name: 'Call Sunita Devi' })).toHaveAttribute('href', /^tel:\+6790101\d{3}$/)
  await expect(card.getByRole('link', { name: /^WhatsApp Sunita Devi/ })).toHaveAttribute('href', /^https:\/\/wa\.me\/6790101\d{3}$/)
  await expect(card.getByRole('link', { name: 'Email Sunita Devi' })).toHaveAttribute('href', 'mailto:sunita.devi@demo.vitifarmers.org.fj')

  await page.goBack()
  await expect(page.getByRole('heading', { name: '2. Choose produce in Nadi' })).toBeVisible()
  await page.getByRole('button', { name: /^All Farmers/ }).click()
  await expect(page.getByRole('heading', { name: '3. All farmers in Nadi' })).toBeVisible()
  const steps = page.getByRole('region', { name: 'Browse by location and produce' })
  await expect(steps.getByTestId('farmer-card')).toHaveCount(3)

  // The filters narrow step 3 too: Ashok Reddy alone delivers and sells in bulk in Nadi.
  await page.getByLabel('Delivery Available').check()
  await page.getByLabel('Bulk Available').check()
  await expect(steps.getByTestId('farmer-card')).toHaveCount(1)
  await expect(steps.getByRole('article', { name: 'Ashok Reddy' })).toBeVisible()

  await page.getByRole('button', { name: 'Change location' }).click()
  await expect(page.getByRole('heading', { name: '1. Choose a location' })).toBeVisible()
  await expect(page).toHaveURL(/\/browse-farmers$/)
})

test('the /browse path is the same screen', async ({ page }) => {
  await page.goto('/browse?city=Lautoka')
  await expect(page.getByRole('heading', { name: '2. Choose produce in Lautoka' })).toBeVisible()
})

test('home: a city opens its dialog with All Farmers and one group per produce', async ({ page }) => {
  await page.goto('/')
  const lautoka = cityButton(page, 'Lautoka')
  await expect(lautoka).toHaveAccessibleDescription(TOOLTIP)

  // The tooltip shows on hover after its delay, once the app holds the button.
  await untilHydrated(lautoka)
  await lautoka.hover()
  await expect(page.getByRole('tooltip', { name: TOOLTIP })).toBeVisible()

  await lautoka.click()
  const dialog = page.getByRole('dialog', { name: 'Lautoka' })
  await expect(dialog).toBeVisible()
  const all = dialog.getByTestId('farmer-group').filter({ has: page.locator('summary', { hasText: 'All Farmers' }) })
  await all.locator('summary').first().click()
  const row = all.getByTestId('city-farmer').filter({ hasText: 'Ramesh Prasad' })
  await expect(row.locator('summary').getByText('Demo', { exact: true })).toBeVisible()
  await row.locator('summary').click()
  await expect(row.getByText('Active', { exact: true })).toBeVisible()
  await expect(row.getByText('Drasa')).toBeVisible()
  await expect(row.getByRole('link', { name: /^\+679/ })).toHaveAttribute('href', /^tel:\+679/)
  await expect(row.getByText('Cabbage, Capsicum, Tomatoes')).toBeVisible()

  // In Lautoka only Ramesh Prasad sells tomatoes.
  const tomatoes = dialog.getByTestId('farmer-group').filter({ has: page.locator('summary', { hasText: /^Tomatoes/ }) })
  await tomatoes.locator('summary').first().click()
  await expect(tomatoes.getByTestId('city-farmer')).toHaveCount(1)
  await expect(tomatoes.getByTestId('city-farmer')).toContainText('Ramesh Prasad')

  // Escape closes it and focus goes back to the city button.
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(lautoka).toBeFocused()
})

test('home: a produce availability bar opens its farmers with Call, WhatsApp and Email links', async ({ page }) => {
  await page.goto('/')
  const toggle = page.getByRole('button', { name: /^Produce Availability \(\d+\)$/ })
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')

  const bar = page.getByRole('button', { name: /^Dalo \(Taro\) \d+ farmers$/ })
  const count = Number(await bar.locator('[data-tone] [aria-hidden="true"]').innerText())
  // More than the first page of five (the demo data has six).
  expect(count).toBeGreaterThan(5)
  await expect(bar.locator('[data-tone]')).toHaveAttribute('data-tone', 'high')
  await bar.click()

  const dialog = page.getByRole('dialog', { name: 'Dalo (Taro)' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByText(`${count} farmers selling Dalo (Taro)`)).toBeVisible()
  // The availability answer carries the first five of each produce; "Show more" loads the rest.
  await expect(dialog.getByTestId('produce-farmer')).toHaveCount(5)
  await dialog.getByRole('button', { name: `Show more farmers (${count - 5} more)` }).click()
  // Another spec running beside this one (farmers-list) may list more Dalo farmers meanwhile: the
  // button then stays for them, and brings them too.
  const more = dialog.getByRole('button', { name: /^Show more farmers/ })
  await expect(async () => {
    if ((await more.count()) > 0) await more.click()
    await expect(more).toHaveCount(0, { timeout: 1_000 })
  }).toPass()
  // Every one of them.
  await expect.poll(() => dialog.getByTestId('produce-farmer').count()).toBeGreaterThanOrEqual(count)
  const josaia = dialog.getByTestId('produce-farmer').filter({ hasText: 'Josaia Tuilevu' })
  await expect(josaia.getByText('Premium')).toBeVisible()
  await expect(josaia.getByText('Demo', { exact: true })).toBeVisible()
  await expect(josaia.getByText('Sabeto, Nadi')).toBeVisible()
  await expect(josaia.getByRole('link', { name: 'Call Josaia Tuilevu' })).toHaveAttribute('href', /^tel:\+679\d{7}$/)
  await expect(josaia.getByRole('link', { name: /^WhatsApp Josaia Tuilevu/ })).toHaveAttribute('href', /^https:\/\/wa\.me\/679\d{7}$/)
  await expect(josaia.getByRole('link', { name: 'Email Josaia Tuilevu' })).toHaveAttribute('href', 'mailto:josaia.tuilevu@demo.vitifarmers.org.fj')

  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toBeHidden()
  await expect(bar).toBeFocused()
})

type TopSearch = { query: string; type: string; avgResults: number; count: number }

/** The search analytics the back office sees (GET /api/analytics/searches, signed in). */
async function searchAnalytics(request: APIRequestContext): Promise<() => Promise<TopSearch[]>> {
  const login = await request.post('/api/auth/login', { data: { email: e2eAdmin.email, password: e2eAdmin.password } })
  expect(login.ok()).toBe(true)
  const { token } = (await login.json()) as { token: string }
  return async () => {
    const res = await request.get('/api/analytics/searches', { headers: { Authorization: `Bearer ${token}` } })
    expect(res.ok()).toBe(true)
    return ((await res.json()) as { topSearches: TopSearch[] }).topSearches
  }
}

test('home: a name pasted from a chat app, wrapped in direction marks, finds the farmer and is counted as typed', async ({ page }) => {
  await page.goto('/')
  await page.getByPlaceholder('Search farmers or produce...').fill('\u2066Sunita Devi\u2069\u200e')
  await expect(page.getByTestId('result-count')).toHaveText(/^[1-9]\d* farmers? found$/)
  await expect(page.getByTestId('search-results').getByRole('article', { name: 'Sunita Devi' }).first()).toBeVisible()
  const topSearches = await searchAnalytics(page.request)
  await expect.poll(async () => (await topSearches()).find((s) => s.query.toLowerCase() === 'sunita devi'), { timeout: 10_000 }).toMatchObject({ count: 1 })
})

test('home: search narrows with both filters, reports the search, and says so when nothing grows', async ({ page }) => {
  await page.goto('/')
  const box = page.getByPlaceholder('Search farmers or produce...')
  const count = page.getByTestId('result-count')

  await box.fill('tomatoes')
  await expect(count).toHaveText(/^\d+ farmers? found$/)
  const all = Number((await count.innerText()).split(' ')[0])
  expect(all).toBeGreaterThanOrEqual(3)

  // One second after typing stops, the search is recorded with its type and result count.
  const topSearches = await searchAnalytics(page.request)
  await expect
    .poll(async () => (await topSearches()).find((s) => s.query.toLowerCase() === 'tomatoes'), { timeout: 10_000 })
    .toMatchObject({ type: 'produce', avgResults: all, count: 1 })

  await page.getByLabel('Delivery Available').check()
  await page.getByLabel('Bulk Available').check()
  // The count is empty while the narrowed search loads: read it once it names a number again.
  await expect(count).toHaveText(/^\d+ farmers? found$/)
  await expect(count).not.toHaveText(`${all} farmers found`)
  const narrowed = Number((await count.innerText()).split(' ')[0])
  expect(narrowed).toBeLessThan(all)
  expect(narrowed).toBeGreaterThan(0)
  for (const card of await page.getByTestId('farmer-card').all()) {
    await expect(card.getByText('Delivery', { exact: true })).toBeVisible()
    await expect(card.getByText('Bulk', { exact: true })).toBeVisible()
  }
  await expect(page.getByRole('article', { name: 'Seru Vakaloloma' })).toBeVisible()

  // A wide search: the first 24 cards, then "Show more" brings the next page.
  await page.getByLabel('Delivery Available').uncheck()
  await page.getByLabel('Bulk Available').uncheck()
  await box.fill('a')
  // More than a page of cards (the demo data lists 27 farmers, nearly all with an "a").
  await expect(count).toHaveText(/^\d{2,} farmers found$/)
  const wide = Number((await count.innerText()).split(' ')[0])
  expect(wide).toBeGreaterThan(24)
  const results = page.getByTestId('search-results')
  await expect(results.getByTestId('farmer-card')).toHaveCount(24)
  await results.getByRole('button', { name: `Show more farmers (${wide - 24} more)` }).click()
  await expect(results.getByTestId('farmer-card')).toHaveCount(Math.min(wide, 48))

  await box.fill('zzqx plantain nonsense')
  await expect(page.getByText(EMPTY_SEARCH)).toBeVisible()
  await expect(count).toHaveText('0 farmers found')
})
