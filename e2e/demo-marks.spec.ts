// Demo data is marked wherever it shows (issue 17): demo platform reviews carry 'Demo' instead of
// 'Verified Review' and stay out of the overall rating; demo experts, demo payments and the demo
// farmers' part of the revenue (dashboard and cost breakdown) carry 'Demo' too. Real rows beside them do not.
import { randomUUID } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { adminToken, signInAsAdmin } from './fixtures'
import { showEveryReview } from './review-pages'

test('the reviews page badges demo reviews as Demo, a real one as Verified, and rates on real ones only', async ({ page, request }) => {
  const marker = `real-${Date.now()}`
  const posted = await request.post('/api/public/reviews', {
    headers: { 'Idempotency-Key': randomUUID() },
    data: { userName: `Real Buyer ${marker}`, rating: 2, comment: `Bought cassava from a farmer in Sabeto, a real review ${marker}` },
  })
  expect(posted.status(), await posted.text()).toBe(201)
  const { id } = (await posted.json()) as { id: string }
  const approved = await request.patch(`/api/admin/reviews/${id}`, { headers: { Authorization: `Bearer ${await adminToken(request)}` }, data: { status: 'approved' } })
  expect(approved.status(), await approved.text()).toBe(200)

  await page.goto('/reviews')
  await showEveryReview(page, request)
  const reviews = page.getByTestId('platform-review')
  const ana = reviews.filter({ hasText: 'Ana L.' })
  await expect(ana.getByTestId('demo-badge')).toHaveText('Demo')
  await expect(ana.getByText('Verified Review')).toHaveCount(0)
  const mine = reviews.filter({ hasText: marker })
  await expect(mine.getByText('Verified Review')).toBeVisible()
  await expect(mine.getByTestId('demo-badge')).toHaveCount(0)

  // The seed approves four demo reviews; every other card is real and only those are counted.
  const demo = reviews.filter({ has: page.getByTestId('demo-badge') })
  await expect(demo).toHaveCount(4)
  const real = reviews.filter({ hasNot: page.getByTestId('demo-badge') })
  const realRatings = (await real.getByText(/^[1-5]\/5 · /).allTextContents()).map((text) => Number(text[0]))
  expect(realRatings.length).toBeGreaterThanOrEqual(1)
  const average = realRatings.reduce((sum, r) => sum + r, 0) / realRatings.length
  const summary = page.getByTestId('reviews-summary')
  await expect(summary.getByTestId('review-count')).toHaveText(realRatings.length === 1 ? 'Based on 1 review' : `Based on ${realRatings.length} reviews`)
  await expect(summary.getByTestId('average-rating')).toHaveText((Math.round(average * 10) / 10).toFixed(1))
  await expect(summary.getByTestId('demo-reviews-note')).toHaveText('Demo reviews are samples and are not counted.')
})

test('the experts page badges the demo experts', async ({ page }) => {
  await page.goto('/experts')
  const kalesi = page.getByRole('article', { name: 'Kalesi Vatunitu' })
  await expect(kalesi.getByTestId('demo-badge')).toHaveText('Demo')
  await expect(kalesi.getByTestId('demo-badge')).toHaveAttribute('title', 'Sample expert for trying the app, not a real person')
})

test('the back office badges demo payments and experts, and names the demo part of the revenue', async ({ page }) => {
  await signInAsAdmin(page)
  const revenue = page.getByTestId('demo-revenue')
  await expect(revenue.getByTestId('demo-badge')).toHaveText('Demo')
  await expect(revenue).toContainText(/FJ\$\d+\.\d{2} of it from demo farmers/)

  await page.goto('/admin/payments-received')
  const josaia = page.getByRole('row').filter({ hasText: 'Josaia Tuilevu' })
  await expect(josaia.getByTestId('demo-badge')).toHaveText('Demo')

  await page.goto('/admin/subject-matter-experts')
  await expect(page.getByTestId('demo-badge')).toHaveCount(5)

  await page.goto('/admin/cost-breakdown')
  await expect(page.getByRole('group', { name: 'Total Revenue' })).toContainText(/Active subscriptions only; FJ\$\d+\.\d{2} of it from demo farmers/)
  const costRow = page.getByRole('table', { name: 'Farmer cost breakdown' }).getByRole('row').filter({ hasText: 'Josaia Tuilevu' })
  await expect(costRow.getByTestId('demo-badge')).toHaveText('Demo')
})

test('an iTaukei reader signed in sees the back office in English throughout, marked as English: the demo marks and their titles too', async ({ page }) => {
  await signInAsAdmin(page)
  await page.evaluate(() => localStorage.setItem('viti.locale', 'fj'))
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('lang', 'fj')
  const revenue = page.getByTestId('demo-revenue')
  await expect(revenue.getByTestId('demo-badge')).toHaveText('Demo')
  // The screens' content says it is English, so a screen reader does not read it as iTaukei.
  expect(await revenue.evaluate((element) => element.closest('[lang]')?.getAttribute('lang'))).toBe('en')
  await page.goto('/admin/payments-received')
  const josaia = page.getByRole('row').filter({ hasText: 'Josaia Tuilevu' })
  await expect(josaia.getByTestId('demo-badge')).toHaveText('Demo')
  // The page around it (the site's header) is still the reader's.
  await expect(page.locator('html')).toHaveAttribute('lang', 'fj')
})
