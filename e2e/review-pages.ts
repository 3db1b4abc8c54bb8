// /reviews pages on the server (issue 19): helpers for the specs that read the whole approved list.
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import type { PublicReviewPage } from '../api/contract/reviews'

/** The approved reviews' page 1 as the server answers it now (its counts are of the whole list). */
export async function publicReviews(request: APIRequestContext): Promise<PublicReviewPage> {
  const res = await request.get('/api/public/reviews', { headers: { 'cache-control': 'no-cache' } })
  expect(res.status()).toBe(200)
  return (await res.json()) as PublicReviewPage
}

/** /reviews pages on the server: brings every page in (as scrolling to the end does) until all approved reviews show. */
export async function showEveryReview(page: Page, request: APIRequestContext) {
  const { reviewCount } = await publicReviews(request)
  const cards = page.getByTestId('platform-review')
  await expect(cards.first()).toBeVisible()
  await expect(async () => {
    const more = page.getByRole('button', { name: /^Show more reviews/ })
    if (await more.isVisible()) await more.click()
    expect(await cards.count()).toBeGreaterThanOrEqual(reviewCount)
  }).toPass({ timeout: 30_000 })
}

