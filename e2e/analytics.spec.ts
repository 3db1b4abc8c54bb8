import { expect, test, type Page } from '@playwright/test'

const count = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .innerText()
    .then((text) => Number(text.replace(/,/g, '')))

test('public analytics shows the numbers, the last-updated time in Fiji, and refreshes', async ({ page }) => {
  await page.goto('/analytics')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Platform Analytics')
  for (const label of ['Total Page Views', 'Unique Visitors', 'Active Farmers']) {
    await expect(page.getByRole('region', { name: label }).getByText(/^\d[\d,]*$/)).toBeVisible()
  }
  await expect(page.getByText('Local platform data')).toBeVisible()
  await expect(page.getByTestId('last-updated')).toHaveText(/^[A-Z][a-z]{2} \d{2}, \d{4} at \d{1,2}:\d{2} (AM|PM) FJT$/)
  expect(await count(page, 'active-farmers')).toBeGreaterThan(0) // the demo set lists farmers

  await page.getByRole('button', { name: 'Refresh' }).click()
  await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled()
  await expect(page.getByRole('link', { name: '← Back to Home' })).toHaveAttribute('href', '/')
})

test('page views go up after visiting pages (the page-view tracker)', async ({ page }) => {
  await page.goto('/analytics')
  await expect(page.getByTestId('total-page-views')).toHaveText(/^\d/)
  const before = await count(page, 'total-page-views')

  for (const path of ['/about', '/how-it-works', '/contact-us']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  }
  // Client-side navigation counts too.
  await page.getByRole('navigation').first().getByRole('link', { name: 'Terms of Use' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Use')

  await page.goto('/analytics')
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click()
    await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled()
    expect(await count(page, 'total-page-views')).toBeGreaterThanOrEqual(before + 4)
  }).toPass({ timeout: 15_000 })
})

test.describe('page views the browser sends', () => {
  // Without the service worker every request is the page's own, so the test sees each beacon.
  test.use({ serviceWorkers: 'block' })

  test('the browser sends no page view for the sign-in and staff pages, and one for a public page', async ({ page }) => {
    // Chromium hides a beacon's body from the test: refusing the beacon makes the app take its
    // keepalive-fetch fallback, which carries the same JSON where the test can read it.
    await page.addInitScript(() => {
      navigator.sendBeacon = () => false
    })
    const sent: string[] = []
    page.context().on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/analytics/page-view') {
        sent.push((JSON.parse(request.postData() ?? '{}') as { path?: string }).path ?? '')
      }
    })
    await page.goto('/login')
    await expect(page.getByRole('button', { name: /sign in/i })).toBeVisible()
    // Signed out, /admin shows the sign-in page: a staff page either way.
    await page.goto('/admin/farmers')
    await expect(page).toHaveURL(/\/login/)
    await page.goto('/about')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect.poll(() => sent).toContain('/about')
    expect(sent.filter((path) => path !== '/about')).toEqual([])
  })
})
