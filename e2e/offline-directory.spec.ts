// Issue 17.1: after ONE online visit (the home page and one town), the whole directory browses
// offline from the copy the phone keeps — towns and produce never opened, every page of a long
// list, the search with its filters and the availability bars — and says plainly that it shows the
// list as of a time in Fiji. Back online, the notice goes.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { adminToken, e2eAdmin, fijiDay, fillFarmerSignup, untilPublicAnswer, waitForServiceWorker } from './fixtures'

const AS_OF = /The server cannot be reached: showing the list as of [A-Z][a-z]{2} \d{2}, \d{4} at \d{1,2}:\d{2} (AM|PM) FJT\./
/** More than a page of cards (24) in one town and one produce, so paging is tested too. */
const GROWERS = 26

async function addVanillaGrowers(request: APIRequestContext, tag: string) {
  const login = await request.post('/api/auth/login', { data: { email: e2eAdmin.email, password: e2eAdmin.password } })
  expect(login.ok()).toBe(true)
  const { token } = (await login.json()) as { token: string }
  for (let i = 0; i < GROWERS; i++) {
    const res = await request.post('/api/admin/farmers', {
      headers: { Authorization: `Bearer ${token}` },
      data: { name: `${tag} ${String(i).padStart(2, '0')}`, phone: '+679 700 5555', email: `vanilla.${i}.${Date.now()}@example.com`, cities: ['Savusavu'], produce: ['Vanilla'], subscriptionStart: fijiDay(0), subscriptionEnd: fijiDay(30) },
    })
    expect(res.status(), await res.text()).toBe(201)
  }
}

/** The directory's offline copy is on the phone (fetched once the home page was idle). */
async function offlineCopyKept(page: Page) {
  await expect
    .poll(() => page.evaluate(async () => ((await caches.match('/api/directory/snapshot')) ? 'kept' : 'missing')), { timeout: 20_000 })
    .toBe('kept')
}

const cityButton = (page: Page, city: string) => page.getByRole('button', { name: new RegExp(`^${city} \\d+ farmers?$`) })

/** What every offline step must show: the notice, and never a load failure. */
async function answeredFromThePhone(page: Page) {
  await expect(page.getByText(AS_OF).first()).toBeVisible()
  await expect(page.getByText(/Failed to fetch/)).toHaveCount(0)
}

test('after one visit the whole directory browses offline, page by page, and says as of when', async ({ page, context, request }) => {
  // A long walk (26 farmers made, a dozen screens) on a machine shared by many runs.
  test.setTimeout(180_000)
  const tag = `Vanilla Grower ${Date.now()}`
  await addVanillaGrowers(request, tag)
  await untilPublicAnswer(request, '/api/directory/snapshot', (snapshot) => JSON.stringify(snapshot).includes(tag))

  // Online once: the home page, then one town (Nadi) to its produce step.
  await page.goto('/')
  await waitForServiceWorker(page)
  await offlineCopyKept(page)
  await page.goto('/browse-farmers')
  await cityButton(page, 'Nadi').click()
  await expect(page.getByRole('button', { name: /^Tomatoes \d+ farmers?$/ })).toBeVisible()
  // Online answers carry no notice.
  await expect(page.getByText(AS_OF)).toHaveCount(0)

  await context.setOffline(true)
  const steps = page.getByRole('region', { name: 'Browse by location and produce' })
  const cards = steps.getByTestId('farmer-card')

  // A town never opened: its produce step, then a produce's farmers, page by page.
  await page.goto('/browse-farmers')
  await cityButton(page, 'Savusavu').click()
  await expect(page.getByRole('heading', { name: '2. Choose produce in Savusavu' })).toBeVisible()
  const vanilla = page.getByRole('button', { name: /^Vanilla \d+ farmers$/ })
  await expect(vanilla).toBeVisible()
  await answeredFromThePhone(page)
  const vanillaCount = Number((await vanilla.innerText()).match(/(\d+) farmers/)?.[1])
  expect(vanillaCount).toBeGreaterThanOrEqual(GROWERS + 1)
  await vanilla.click()
  await expect(page.getByRole('heading', { name: '3. Vanilla farmers in Savusavu' })).toBeVisible()
  await expect(cards).toHaveCount(24)
  await expect(steps.getByRole('status').filter({ hasText: `${vanillaCount} farmers` })).toBeVisible()
  await answeredFromThePhone(page)
  await steps.getByRole('button', { name: `Show more farmers (${vanillaCount - 24} more)` }).click()
  await expect(cards).toHaveCount(vanillaCount)
  await expect(steps.getByRole('article', { name: `${tag} 25` })).toBeVisible()

  // All Farmers of that town, its second page too.
  await page.getByRole('button', { name: 'Change produce' }).click()
  const allFarmers = page.getByRole('button', { name: /^All Farmers \d+ farmers$/ })
  // Other specs share this server and may list more farmers in Savusavu: count what the phone says.
  const allCount = Number((await allFarmers.innerText()).match(/(\d+) farmers/)?.[1])
  expect(allCount).toBeGreaterThanOrEqual(vanillaCount)
  await allFarmers.click()
  await expect(page.getByRole('heading', { name: '3. All farmers in Savusavu' })).toBeVisible()
  await expect(cards).toHaveCount(24)
  await answeredFromThePhone(page)
  await steps.getByRole('button', { name: /^Show more farmers \(\d+ more\)$/ }).click()
  await expect(cards).toHaveCount(Math.min(allCount, 48))
  await expect(steps.getByRole('article', { name: 'Salote Koroi' })).toBeVisible()

  // A produce in the town visited online, whose farmers were never opened.
  await page.getByRole('button', { name: 'Change location' }).click()
  await cityButton(page, 'Nadi').click()
  await page.getByRole('button', { name: /^Tomatoes \d+ farmers?$/ }).click()
  await expect(page.getByRole('heading', { name: '3. Tomatoes farmers in Nadi' })).toBeVisible()
  await expect(steps.getByRole('article', { name: 'Sunita Devi' })).toBeVisible()
  await answeredFromThePhone(page)

  // The search with both filters (home page).
  await page.goto('/')
  await page.getByPlaceholder('Search farmers or produce...').fill('tomatoes')
  await page.getByLabel('Delivery Available').check()
  await page.getByLabel('Bulk Available').check()
  const results = page.getByTestId('search-results')
  await expect(results.getByRole('article', { name: 'Seru Vakaloloma' })).toBeVisible()
  await expect(page.getByTestId('result-count')).toHaveText(/^\d+ farmers? found$/)
  // The list re-renders as each filter applies (its length may change after the count first shows):
  // every card then on the screen must say Delivery and Bulk, retried until the list settles.
  const searchCards = results.getByTestId('farmer-card')
  await expect(async () => {
    const shown = await searchCards.all()
    expect(shown.length).toBeGreaterThan(0)
    for (const card of shown) {
      await expect(card.getByText('Delivery', { exact: true })).toBeVisible({ timeout: 1_000 })
      await expect(card.getByText('Bulk', { exact: true })).toBeVisible({ timeout: 1_000 })
    }
  }).toPass({ timeout: 15_000 })
  await answeredFromThePhone(page)

  // Availability: the bars, and a produce's farmers page by page in its dialog.
  await page.getByRole('button', { name: /^Produce Availability \(\d+\)$/ }).click()
  await page.getByRole('button', { name: `Vanilla ${vanillaCount} farmers` }).click()
  const dialog = page.getByRole('dialog', { name: 'Vanilla' })
  await expect(dialog.getByText(`${vanillaCount} farmers selling Vanilla`)).toBeVisible()
  await expect(dialog.getByTestId('produce-farmer')).toHaveCount(5)
  await dialog.getByRole('button', { name: `Show more farmers (${vanillaCount - 5} more)` }).click()
  await expect(dialog.getByTestId('produce-farmer')).toHaveCount(20)
  await dialog.getByRole('button', { name: `Show more farmers (${vanillaCount - 20} more)` }).click()
  await expect(dialog.getByTestId('produce-farmer')).toHaveCount(vanillaCount)
  await expect(dialog.getByText(AS_OF)).toBeVisible()
  await expect(page.getByText(/Failed to fetch/)).toHaveCount(0)
  await dialog.getByRole('button', { name: 'Close' }).click()

  // Back in coverage: the lists come from the server again, and the notice goes.
  await context.setOffline(false)
  await expect(page.getByText(AS_OF)).toHaveCount(0)
  await expect(results.getByRole('article', { name: 'Seru Vakaloloma' })).toBeVisible()
})

test('a farmer who opened only the home page online sends the signup form offline: its town and produce lists are on the phone', async ({ page, context, request }) => {
  test.setTimeout(120_000)
  await page.goto('/')
  await waitForServiceWorker(page)
  await offlineCopyKept(page)
  // Kept beside the copy, by the service worker: the forms' lists.
  await expect
    .poll(() => page.evaluate(async () => Boolean((await caches.match('/api/locations')) && (await caches.match('/api/produce')))), { timeout: 20_000 })
    .toBe(true)

  await context.setOffline(true)
  await page.goto('/farmer-signup')
  await expect(page.getByRole('checkbox', { name: 'Nausori', exact: true })).toBeVisible()
  await expect(page.getByText(/Failed to fetch/)).toHaveCount(0)
  const name = `Offline Visitor Farmer ${Date.now()}`
  await fillFarmerSignup(page, name)
  await page.getByRole('button', { name: 'Submit Application' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Saved on this phone' })).toBeVisible()

  // Back in coverage: sent by itself, once.
  await context.setOffline(false)
  const token = await adminToken(request)
  const named = async () => {
    const answer = await request.get(`/api/admin/signups?search=${encodeURIComponent(name)}&pageSize=200`, { headers: { Authorization: `Bearer ${token}` } })
    expect(answer.ok()).toBe(true)
    return ((await answer.json()) as { name: string }[]).filter((row) => row.name === name).length
  }
  await expect.poll(named, { timeout: 30_000 }).toBe(1)
})

test("the farm reviews' city filter shows offline from the phone's copy, though the page came with the towns online", async ({ page, context }) => {
  test.setTimeout(90_000)
  // A first visit: the home page's HTML brought the towns, so the app never asked the API for them
  // and the worker kept no answer of its own; the phone keeps the directory's copy.
  await page.goto('/')
  await waitForServiceWorker(page)
  await offlineCopyKept(page)
  // Farm reviews, opened from the footer: the towns are the home page's, the farms come from the API.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Reviews of farms' }).click()
  await expect(page.getByRole('region', { name: 'Filter by City' }).getByRole('button', { name: /^Nadi \(\d+\)$/ })).toBeVisible()
  await expect.poll(() => page.evaluate(async () => Boolean(await caches.match('/api/farms-with-ratings?page=1&limit=24'))), { timeout: 20_000 }).toBe(true)
  expect(await page.evaluate(async () => Boolean(await caches.match('/api/farmers/locations')))).toBe(false)

  await context.setOffline(true)
  await page.goto('/reviews/farms')
  await expect(page.getByTestId('farm-average').first()).toBeVisible()
  const filter = page.getByRole('region', { name: 'Filter by City' })
  await expect(filter.getByRole('button', { name: /^Nadi \(\d+\)$/ })).toBeVisible({ timeout: 20_000 })
})

test.describe('bars but no data', () => {
  // The page's own requests hang; with the worker in the way they would reach it, not the route.
  test.use({ serviceWorkers: 'block' })

  test('online, and nothing comes back: a town never opened shows the copy within seconds, not "Loading…" for minutes', async ({ page }) => {
    test.setTimeout(90_000)
    await page.goto('/')
    await offlineCopyKept(page)
    // From here on every API request hangs: the phone shows bars, nothing comes back.
    await page.route('**/api/**', () => undefined)
    await page.goto('/browse-farmers')
    await cityButton(page, 'Labasa').click({ timeout: 20_000 })
    await expect(page.getByRole('heading', { name: '2. Choose produce in Labasa' })).toBeVisible()
    await expect(page.getByRole('button', { name: /^All Farmers \d+ farmers?$/ })).toBeVisible({ timeout: 20_000 })
    await answeredFromThePhone(page)
  })

  test("the signup form's towns and produce show from the phone's copy at once, not after the network's long wait", async ({ page }) => {
    test.setTimeout(60_000)
    await page.goto('/farmer-signup')
    await expect(page.getByRole('checkbox', { name: 'Nausori', exact: true })).toBeVisible()
    // The form's lists are on the phone (the outbox keeps them in IndexedDB).
    const keptLists = () =>
      page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const opened = indexedDB.open('viti-farmers')
            opened.onsuccess = () => {
              const count = opened.result.transaction('reference').objectStore('reference').count()
              count.onsuccess = () => resolve(count.result)
              count.onerror = () => resolve(0)
            }
            opened.onerror = () => resolve(0)
          }),
      )
    await expect.poll(keptLists, { timeout: 20_000 }).toBeGreaterThanOrEqual(2)
    await page.route('**/api/**', () => undefined)
    await page.reload()
    // The network waits 8 s for an answer before it gives up; the lists on the phone show long before.
    await expect(page.getByRole('checkbox', { name: 'Nausori', exact: true })).toBeVisible({ timeout: 4_000 })
    await expect(page.getByRole('checkbox', { name: 'Dalo (Taro)', exact: true })).toBeVisible({ timeout: 1_000 })
  })
})

test('a screen whose code never reached the phone says so offline in the reader\'s words, not the browser\'s', async ({ page, context }) => {
  await page.goto('/')
  await waitForServiceWorker(page)
  await context.setOffline(true)
  // Sign-in's code is kept only once it has loaded (staff chunks are not precached): this phone never opened it.
  await page.goto('/login')
  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible()
  await expect(page.getByText('This page could not be shown. If you are offline, reconnect and try again.')).toBeVisible()
  await expect(page.getByText(/dynamically imported module|\/assets\//)).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible()

  // Back in coverage, Try again loads it.
  await context.setOffline(false)
  await page.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible()
})
