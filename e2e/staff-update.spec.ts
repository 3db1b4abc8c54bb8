// A staff phone across an update (the upgrade audit): the staff chunks (sign-in, the back office)
// are not precached on every phone, only kept once used. A new version's first start offline found
// none of its own and could not open sign-in or the back office. Now a phone that used the back
// office gets the new version's staff chunks as that version installs (online). One build here:
// the phone keeps an older version's back-office chunk and none of this version's, then a worker
// installs afresh.
import { expect, test, type Page } from '@playwright/test'
import { signInAsAdmin, waitForServiceWorker } from './fixtures'

const OLDER = '/assets/admin-pages-OlderVersion1.js'

/** The app-chunks cache's paths. */
const keptChunks = (page: Page) =>
  page.evaluate(async () => (await (await caches.open('app-chunks')).keys()).map((request) => new URL(request.url).pathname))

test('after an update, a phone that used the back office opens sign-in and the back office offline at once', async ({ page, context }) => {
  test.setTimeout(120_000)
  await signInAsAdmin(page)
  await waitForServiceWorker(page)
  // As an older version left the phone: its back-office chunk kept, none of this version's staff chunks.
  // The session is set aside meanwhile: a signed-in page fetches the staff chunks itself, and this is
  // about what the worker does (after an update the agent may open the app first with no coverage).
  const session = await page.evaluate(async (older) => {
    const kept = { token: localStorage.getItem('vf.token'), user: localStorage.getItem('vf.user') }
    localStorage.removeItem('vf.token')
    localStorage.removeItem('vf.user')
    const cache = await caches.open('app-chunks')
    for (const request of await cache.keys()) await cache.delete(request)
    await cache.put(older, new Response('/* an older version */', { headers: { 'content-type': 'text/javascript' } }))
    await (await navigator.serviceWorker.getRegistration())?.unregister()
    return kept
  }, OLDER)
  // The next start registers this version's worker, which installs online.
  await page.goto('/about')
  await waitForServiceWorker(page)
  await expect.poll(() => keptChunks(page), { timeout: 30_000 }).toEqual(expect.arrayContaining([expect.stringMatching(/^\/assets\/admin-pages-/), expect.stringMatching(/^\/assets\/login-page-/), expect.stringMatching(/^\/assets\/en-admin-/)]))
  // The older version's staff chunks are gone once this one is active.
  expect(await keptChunks(page)).not.toContain(OLDER)

  // Its first start with no coverage, signed in as before: sign-in and the back office open.
  await page.evaluate(({ token, user }) => {
    localStorage.setItem('vf.token', token ?? '')
    localStorage.setItem('vf.user', user ?? '')
  }, session)
  await context.setOffline(true)
  try {
    await page.goto('/admin')
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible({ timeout: 30_000 })
    await page.goto('/login')
    await expect(page.getByRole('heading', { level: 1, name: 'Staff Sign In' })).toBeVisible({ timeout: 30_000 })
  } finally {
    await context.setOffline(false)
  }
})

test("a buyer's phone (no back office used) is never given the staff chunks", async ({ page }) => {
  await page.goto('/about')
  await waitForServiceWorker(page)
  await page.evaluate(async () => {
    const cache = await caches.open('app-chunks')
    for (const request of await cache.keys()) await cache.delete(request)
    await (await navigator.serviceWorker.getRegistration())?.unregister()
  })
  await page.goto('/about')
  await waitForServiceWorker(page)
  // The worker is active: its install (and anything it fetched) is over.
  expect((await keptChunks(page)).filter((path) => /\/(admin-pages|login-page|en-admin|password-strength-meter|common-password-list)-/.test(path))).toEqual([])
})
