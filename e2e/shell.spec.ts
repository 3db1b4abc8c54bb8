import { gzipSync } from 'node:zlib'
import { expect, test } from '@playwright/test'
import { initialJsFiles } from '../scripts/app-loader'

test('the home page renders the directory hero', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Viti Farmers')
  await expect(page.getByPlaceholder('Search farmers or produce...')).toBeVisible()
  await expect(page.getByLabel('Delivery Available')).toBeVisible()
  await expect(page.getByLabel('Bulk Available')).toBeVisible()
  await expect(page.getByRole('link', { name: "Join Our Growers' Network" })).toBeVisible()
})

test('an unknown path shows the 404 screen with the spec texts', async ({ page }) => {
  await page.goto('/no/such/page')
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible()
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible()
})

test('the header links reach the public pages', async ({ page }) => {
  await page.goto('/')
  const nav = page.getByRole('navigation').first()
  await nav.getByRole('link', { name: 'About' }).click()
  await expect(page).toHaveURL(/\/about$/)
  await page.getByRole('navigation').first().getByRole('link', { name: 'Terms of Use' }).click()
  await expect(page).toHaveURL(/\/terms-of-use$/)
})

test('on a phone the menu opens and closes with the same links', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true })
  const page = await context.newPage()
  await page.goto('/')
  // The logo's link is as wide as the logo and the name: a tap on empty header space goes nowhere.
  const home = page.locator('header').getByRole('link', { name: 'Viti Farmers' })
  expect((await home.boundingBox())!.width).toBeLessThan(200)
  const menuButton = page.getByRole('button', { name: /menu/i })
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false')
  await menuButton.click()
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true')
  // The next Tab reaches the menu's first link, not the language picker.
  await menuButton.focus()
  await page.keyboard.press('Tab')
  await expect(page.locator('#mobile-menu').getByRole('link', { name: 'Home' })).toBeFocused()
  await page.getByRole('link', { name: 'Contact Us' }).last().click()
  await expect(page).toHaveURL(/\/contact-us$/)
  await context.close()
})

test('on a phone Escape on the Menu button closes the open menu and leaves focus on the button', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true })
  const page = await context.newPage()
  await page.goto('/')
  const menuButton = page.getByRole('button', { name: /menu/i })
  await menuButton.click()
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true')
  await expect(page.locator('#mobile-menu')).toBeVisible()
  await menuButton.focus()
  await page.keyboard.press('Escape')
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false')
  await expect(page.locator('#mobile-menu')).toBeHidden()
  await expect(menuButton).toBeFocused()
  // Escape from a link in the menu does the same.
  await menuButton.click()
  await menuButton.focus()
  await page.keyboard.press('Tab')
  await expect(page.locator('#mobile-menu').getByRole('link', { name: 'Home' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(page.locator('#mobile-menu')).toBeHidden()
  await expect(menuButton).toBeFocused()
  await context.close()
})

test('the API health endpoint answers', async ({ request }) => {
  const res = await request.get('/api/health')
  expect(res.ok()).toBe(true)
  expect(await res.json()).toMatchObject({ status: 'ok', database: 'ok' })
  const towns = await (await request.get('/api/locations')).json()
  expect(towns.map((t: { name: string }) => t.name)).toContain('Suva')
  const missing = await request.get('/api/nope')
  expect(missing.status()).toBe(404)
  expect(await missing.json()).toHaveProperty('message')
})

test('the app is installable and comes under its service worker', async ({ page }) => {
  await page.goto('/')
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href')
  expect(manifestHref).toBeTruthy()
  const manifest = await (await page.request.get(manifestHref!)).json()
  expect(manifest.name).toBe('Viti Farmers')
  expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']))
  expect(manifest.icons.some((i: { purpose?: string }) => i.purpose === 'maskable')).toBe(true)
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
})

test('the footer reaches the screens the header leaves out', async ({ page }) => {
  await page.goto('/')
  const more = page.getByRole('navigation', { name: 'More' })
  await more.getByRole('link', { name: 'Talk to Subject Matter Experts' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Talk to Subject Matter Experts')
  await page.getByRole('navigation', { name: 'More' }).getByRole('link', { name: 'Reviews of farms' }).click()
  await expect(page).toHaveURL(/\/reviews\/farms$/)
  await page.getByRole('navigation', { name: 'More' }).getByRole('link', { name: 'Register as an Expert' }).click()
  await expect(page).toHaveURL(/\/expert-signup$/)
})

test('the security headers raise no complaint in Chromium (every Permissions-Policy feature is known)', async ({ page }) => {
  const complaints: string[] = []
  page.on('console', (message) => {
    if (/permissions-policy|feature policy|x-frame-options/i.test(message.text())) complaints.push(message.text())
  })
  const res = await page.goto('/')
  expect(res?.headers()['permissions-policy']).toContain('camera=(self)')
  expect(res?.headers()['x-frame-options']).toBe('DENY')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(complaints).toEqual([])
})

test('the home page’s initial JavaScript stays within its 150 KB gzip budget (a cheap phone on weak 3G)', async ({ page, request }) => {
  // What the browser fetches before the home page runs: the entry script and every module it
  // preloads, named on the loader at the end of the body (scripts/app-loader.ts).
  const html = await (await request.get('/')).text()
  const files = initialJsFiles(html)
  expect(files.length).toBeGreaterThan(1)
  // They are what the page really loads: the browser asks for each of them.
  const requested = new Set<string>()
  page.on('request', (req) => requested.add(new URL(req.url()).pathname))
  await page.goto('/')
  await expect.poll(() => files.filter((file) => !requested.has(file))).toEqual([])
  let gzipBytes = 0
  for (const file of files) {
    const res = await request.get(file)
    expect(res.status(), file).toBe(200)
    gzipBytes += gzipSync(await res.body(), { level: 9 }).length
  }
  expect(gzipBytes, `${files.length} files, ${(gzipBytes / 1024).toFixed(2)} KB gzip`).toBeLessThanOrEqual(150 * 1024)
})
