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
