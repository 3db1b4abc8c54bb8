// Every public page, the farmer page and the 404 load without a hydration warning, an uncaught
// error or a console error (issue 21): the guard for HTML sent by the server, which React must
// take over without a mismatch (docs/decisions/029-html-first.md).
import { expect, test } from '@playwright/test'
import { htmlPagePaths, publicPagePaths } from '../api/contract/app-pages'
import { collectProblems, expectHeadingHydrated } from './fixtures'

test('public pages, a farmer page and the 404 load with no hydration warning and no error', async ({ page, request }) => {
  test.setTimeout(180_000)
  const search = (await (await request.get('/api/farmers?search=Sunita%20Devi')).json()) as { farmers: { id: string }[] }
  const paths = [...publicPagePaths.filter((p) => p !== '/login' && p !== '/outbox'), `/farmers/${search.farmers[0]!.id}`, '/no/such/page']
  let current = ''
  const found = collectProblems(page, () => current)
  for (const path of paths) {
    current = path
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 })
    await page.waitForLoadState('networkidle')
    // The server's global styles (the reset, the tokens) are adopted, not inserted a second time
    // while hydrating (a whole-page style recalculation on a slow phone, issue 21).
    const tokenBlocks = await page.evaluate(() =>
      [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules]).filter((rule) => rule instanceof CSSLayerBlockRule && rule.name === 'tokens').length,
    )
    if (tokenBlocks !== 1) found.push(`${path}: the tokens' styles are in the page ${tokenBlocks} times`)
  }
  expect(found).toEqual([])
})

// The first visit (no service worker yet) and the installed app (the worker answers each page from
// its precache): each page's heading is the very element the HTML brought, now React's — hydrated,
// not thrown away and drawn again — with no warning on the way.
for (const worker of ['block', 'allow'] as const) {
  test.describe(`each public page's HTML is hydrated (service worker: ${worker})`, () => {
    test.use({ serviceWorkers: worker })

    test('its heading is kept and taken over by React', async ({ page }) => {
      test.setTimeout(180_000)
      let current = ''
      const found = collectProblems(page, () => current)
      if (worker === 'allow') {
        await page.goto('/about')
        await page.waitForFunction(async () => Boolean((await navigator.serviceWorker.ready).active) && Boolean(navigator.serviceWorker.controller), undefined, { timeout: 60_000 })
        // Every page is precached once the worker is active.
        await page.waitForFunction(async () => (await (await caches.keys()).reduce(async (n, key) => (await n) + (await (await caches.open(key)).keys()).filter((r) => new URL(r.url).pathname === '/contact-us').length, Promise.resolve(0))) > 0, undefined, { timeout: 60_000 })
      }
      for (const path of [...htmlPagePaths, '/no/such/page']) {
        current = path
        await expectHeadingHydrated(page, path)
        await page.waitForLoadState('networkidle')
      }
      expect(found).toEqual([])
    })
  })
}
