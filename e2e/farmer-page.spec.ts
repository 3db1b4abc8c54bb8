// A farmer's own page (issue 21) against the real server and its demo farmers: what a crawler or a
// chat app gets (the card and its preview meta in the HTML, no script run), what a reader without
// JavaScript sees, the app's page with Share, 404 for an unknown farmer, and the sitemap.
import { expect, test, type APIRequestContext } from '@playwright/test'
import { HtmlValidate } from 'html-validate'

const validator = new HtmlValidate({ extends: ['html-validate:standard'] })

async function farmerId(request: APIRequestContext, name: string): Promise<string> {
  const res = await request.get(`/api/farmers?search=${encodeURIComponent(name)}`)
  expect(res.ok()).toBe(true)
  const { farmers } = (await res.json()) as { farmers: { id: string; name: string }[] }
  const farmer = farmers.find((f) => f.name === name)
  expect(farmer, name).toBeDefined()
  return farmer!.id
}

const meta = (html: string, attribute: 'property' | 'name', key: string) => new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html)?.[1]

test('the HTML holds the farmer and the share preview before any script runs; valid HTML', async ({ request, baseURL }) => {
  const id = await farmerId(request, 'Sunita Devi')
  const res = await request.get(`/farmers/${id}`)
  expect(res.status()).toBe(200)
  const html = await res.text()
  expect(html).toMatch(/<h1[^>]*>Sunita Devi<\/h1>/)
  expect(html).toContain('Sells Eggplant, Tomatoes, Okra (Bhindi), Long Beans, Chillies')
  expect(html).toMatch(/href="tel:\+6790101\d{3}"/)
  expect(meta(html, 'property', 'og:title')).toBe('Sunita Devi — Viti Farmers')
  expect(meta(html, 'property', 'og:url')).toBe(`${baseURL}/farmers/${id}`)
  expect(meta(html, 'property', 'og:image')).toMatch(new RegExp(`^${baseURL}/`))
  expect(meta(html, 'property', 'og:description')).toMatch(/^Sunita Devi sells Eggplant/)
  expect(meta(html, 'name', 'twitter:card')).toBe('summary')
  const report = await validator.validateString(html)
  expect(report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`))).toEqual([])
})

test('an unknown farmer answers 404 with the not-found screen', async ({ request, page }) => {
  const unknown = '00000000-0000-4000-8000-000000000000'
  expect((await request.get(`/farmers/${unknown}`)).status()).toBe(404)
  await page.goto(`/farmers/${unknown}`)
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible()
})

test('without JavaScript the farmer page shows the card, its contact links and a whole link to share', async ({ browser, request, baseURL }) => {
  const id = await farmerId(request, 'Sunita Devi')
  const context = await browser.newContext({ javaScriptEnabled: false, serviceWorkers: 'block' })
  const page = await context.newPage()
  await page.goto(`/farmers/${id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Sunita Devi' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Call Sunita Devi' })).toHaveAttribute('href', /^tel:\+6790101\d{3}$/)
  await expect(page.getByRole('link', { name: /^WhatsApp Sunita Devi/ })).toHaveAttribute('href', /^https:\/\/wa\.me\/6790101\d{3}$/)
  // A buyer on weak 3G may share before the scripts arrive: the chat gets the whole address.
  await expect(page.getByRole('link', { name: /^Share Sunita Devi's page on WhatsApp/ })).toHaveAttribute(
    'href',
    `https://wa.me/?text=${encodeURIComponent(`Sunita Devi on Viti Farmers ${baseURL}/farmers/${id}`)}`,
  )
  await expect(page).toHaveTitle('Sunita Devi — Viti Farmers')
  await context.close()
})

test("the app shows the farmer's card; Share copies the link or opens WhatsApp with it", async ({ page, context, request, baseURL }) => {
  const id = await farmerId(request, 'Sunita Devi')
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.goto(`/farmers/${id}`)
  const card = page.getByRole('article', { name: 'Sunita Devi' })
  await expect(card.getByRole('heading', { level: 1, name: 'Sunita Devi' })).toBeVisible()
  await expect(card.getByRole('link', { name: 'Call Sunita Devi' })).toBeVisible()
  await expect(page).toHaveTitle('Sunita Devi — Viti Farmers')
  const url = `${baseURL}/farmers/${id}`
  if (await page.evaluate(() => typeof navigator.share === 'function')) {
    await expect(card.getByRole('button', { name: "Share Sunita Devi's page" })).toBeVisible()
  } else {
    await expect(card.getByRole('link', { name: /^Share Sunita Devi's page on WhatsApp/ })).toHaveAttribute('href', `https://wa.me/?text=${encodeURIComponent(`Sunita Devi on Viti Farmers ${url}`)}`)
    await card.getByRole('button', { name: "Copy the link to Sunita Devi's page" }).click()
    await expect(card.getByRole('status')).toHaveText(/^(Link copied|Could not copy the link: .+)$/)
    if ((await card.getByRole('status').textContent()) === 'Link copied') expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url)
  }
  await page.getByRole('link', { name: 'Browse all farmers' }).click()
  await expect(page).toHaveURL(/\/browse-farmers$/)
})

test("the sitemap lists the listed farmers' pages; robots.txt is unchanged", async ({ request }) => {
  const id = await farmerId(request, 'Sunita Devi')
  const xml = await (await request.get('/sitemap.xml')).text()
  expect(xml).toMatch(new RegExp(`<loc>[^<]*/farmers/${id}</loc>`))
  const robots = await (await request.get('/robots.txt')).text()
  for (const path of ['/admin', '/login', '/outbox', '/api/']) expect(robots).toContain(`Disallow: ${path}`)
})

test('the installed app opens a farmer page it never opened, offline, from the copy of the directory', async ({ page, context, request }) => {
  const id = await farmerId(request, 'Sunita Devi')
  await page.goto('/')
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => {}))
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  await expect
    .poll(() => page.evaluate(async () => ((await caches.match('/api/directory/snapshot')) ? 'kept' : 'missing')), { timeout: 20_000 })
    .toBe('kept')
  await context.setOffline(true)
  await page.goto(`/farmers/${id}`)
  const card = page.getByRole('article', { name: 'Sunita Devi' })
  await expect(card.getByRole('heading', { level: 1, name: 'Sunita Devi' })).toBeVisible()
  await expect(card.getByRole('link', { name: 'Call Sunita Devi' })).toHaveAttribute('href', /^tel:\+6790101\d{3}$/)
  await context.setOffline(false)
})

test("the card the HTML brought is hydrated, never replaced by Loading…; no reader's app asks the server for the farmer again", async ({ browser, request }) => {
  const id = await farmerId(request, 'Sunita Devi')
  // The server's render of the page is ready (the first request may get the plain card while the
  // render thread starts on a busy machine; decision 029).
  await expect.poll(async () => (await request.get(`/farmers/${id}`)).text(), { timeout: 30_000 }).toContain(`data-ssr="/farmers/${id}"`)
  for (const locale of ['en-GB', 'fj'] as const) {
    // The first visit: no service worker, so the page is the server's HTML.
    const context = await browser.newContext({ serviceWorkers: 'block', locale })
    const page = await context.newPage()
    const asked: string[] = []
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === `/api/farmers/${id}`) asked.push(req.url())
    })
    const problems: string[] = []
    page.on('console', (message) => {
      if (/hydrat|did not match|server rendered/i.test(message.text()) || (message.type() === 'error' && !/Failed to load resource/.test(message.text()))) problems.push(message.text())
    })
    page.on('pageerror', (error) => problems.push(error.message))
    // Whatever #root shows from the first byte on, recorded: a "Loading…" in between would be seen.
    await page.addInitScript(() => {
      const seen: string[] = []
      ;(window as unknown as { seenInRoot: string[] }).seenInRoot = seen
      new MutationObserver(() => {
        const text = document.getElementById('root')?.textContent ?? ''
        if (/Loading|Waraka/.test(text)) seen.push(text.slice(0, 80))
      }).observe(document, { subtree: true, childList: true, characterData: true })
    })
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await gate
      await route.continue()
    })
    await page.goto(`/farmers/${id}`, { waitUntil: 'commit' })
    const heading = page.locator('h1', { hasText: 'Sunita Devi' })
    await expect(heading).toBeAttached({ timeout: 30_000 })
    await heading.evaluate((element) => element.setAttribute('data-seen-before-scripts', ''))
    release()
    const card = page.getByRole('article', { name: 'Sunita Devi' })
    if (locale === 'en-GB') {
      // Hydrated: the very heading the HTML brought is now React's.
      await expect.poll(() => heading.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber'))), { timeout: 30_000 }).toBe(true)
      await expect(heading).toHaveAttribute('data-seen-before-scripts', '')
      await expect(card.getByRole('link', { name: 'Call Sunita Devi' })).toBeVisible()
    } else {
      // Another language is drawn anew in its words, from the farmer the page carries.
      await expect(page.locator('html')).toHaveAttribute('lang', 'fj', { timeout: 30_000 })
      await expect(card.getByRole('heading', { level: 1, name: 'Sunita Devi' })).toBeVisible({ timeout: 30_000 })
      await expect(card.getByRole('link', { name: /Sunita Devi/ }).first()).toBeVisible()
    }
    await page.waitForLoadState('networkidle')
    expect(await page.evaluate(() => (window as unknown as { seenInRoot: string[] }).seenInRoot)).toEqual([])
    expect(asked).toEqual([])
    expect(problems).toEqual([])
    await context.close()
  }
})
