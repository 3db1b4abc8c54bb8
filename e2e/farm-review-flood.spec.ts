// Staff clear a flood of farm reviews in one go (issue 17 item 13; decision 017): the moderation
// screen selects every review of one sender or of one farm, or rows one by one, deletes them after a
// confirmation that says how many, toasts the count, and keeps every other review. Each sender is an
// address of its own: the e2e server trusts one proxy hop (TRUST_PROXY, playwright.config.ts), so
// X-Forwarded-For names the sender, as a reverse proxy would.
import { expect, test, type APIRequestContext } from '@playwright/test'
import { axeViolations } from './axe'
import { adminToken, fijiDay, signInAsAdmin } from './fixtures'

/** A documentation address (TEST-NET-2) of its own for each sender of this run. */
const senderAddress = () => `198.51.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`

/** Listed farms of this test (an active subscription puts a farmer in the directory). */
async function addFarms(request: APIRequestContext, tag: string, count: number): Promise<{ id: string; name: string }[]> {
  const token = await adminToken(request)
  const farms = []
  for (let i = 1; i <= count; i++) {
    const name = `${tag} Farm ${i}`
    const res = await request.post('/api/admin/farmers', {
      headers: { Authorization: `Bearer ${token}` },
      data: { name, phone: `+679 ${8100000 + i}`, email: `farm${i}.${tag.toLowerCase().replace(/\W/g, '')}@example.com`, cities: ['Nausori'], produce: ['Dalo (Taro)'], subscriptionStart: fijiDay(0), subscriptionEnd: fijiDay(30) },
    })
    expect(res.status(), await res.text()).toBe(201)
    farms.push({ id: ((await res.json()) as { id: string }).id, name })
  }
  return farms
}

async function postReview(request: APIRequestContext, from: string, farmId: string, rating: number, comment: string) {
  const res = await request.post('/api/farm-reviews', {
    data: { farmId, rating, comment },
    headers: { 'Idempotency-Key': crypto.randomUUID(), 'X-Forwarded-For': from },
  })
  expect(res.status(), await res.text()).toBe(201)
}

test('a flood of farm reviews is deleted in one go by sender, by farm and by row; the other reviews stay', async ({ page, request }) => {
  test.setTimeout(120_000)
  const tag = `Flooded ${Date.now().toString(36)}`
  const farms = await addFarms(request, tag, 4)
  // One address posts a one-star review on each farm (its hourly cap is 5).
  const flooder = senderAddress()
  for (const farm of farms) await postReview(request, flooder, farm.id, 1, `${tag} flood on ${farm.name}`)
  // Real buyers, each from an address of their own.
  await postReview(request, senderAddress(), farms[0]!.id, 5, `${tag} honest review one`)
  await postReview(request, senderAddress(), farms[1]!.id, 4, `${tag} honest review two`)
  for (const n of [1, 2, 3]) await postReview(request, senderAddress(), farms[3]!.id, 2, `${tag} pile-on ${n}`)

  await signInAsAdmin(page)
  await page.goto('/admin/farm-reviews')
  const rows = page.getByRole('table', { name: 'Farm reviews' }).locator('tbody').getByRole('row')
  const ours = rows.filter({ hasText: tag })
  await expect(ours).toHaveCount(9, { timeout: 30_000 })

  // Every review of the flooding sender, chosen from one of its rows.
  const floodRow = rows.filter({ hasText: `${tag} flood on ${farms[0]!.name}` })
  await floodRow.getByRole('button', { name: 'Select all from this sender (4)' }).click()
  await expect(page.getByText('4 reviews selected')).toBeVisible()
  expect((await axeViolations(page)).map((v) => v.line)).toEqual([])
  for (const farm of farms) await expect(rows.filter({ hasText: `${tag} flood on ${farm.name}` }).getByRole('checkbox')).toBeChecked()
  await expect(rows.filter({ hasText: `${tag} honest review one` }).getByRole('checkbox')).not.toBeChecked()

  await page.getByRole('button', { name: 'Delete 4 reviews' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete Farm Reviews' })
  await expect(confirm.getByText("4 farm reviews will be permanently deleted and the farms' average ratings recalculated.")).toBeVisible()
  await expect(confirm.getByText('From 1 sender, of 4 farms.')).toBeVisible()
  await confirm.getByRole('button', { name: 'Delete 4 reviews' }).click()
  await expect(page.getByRole('status').filter({ hasText: '4 reviews deleted' })).toBeVisible()
  await expect(confirm).toBeHidden()
  await expect(rows.filter({ hasText: `${tag} flood on` })).toHaveCount(0)
  await expect(ours).toHaveCount(5)
  await expect(page.getByText(/reviews? selected$/)).toHaveCount(0)

  // A pile-on at one farm from several addresses: every review of the farm, less one unticked by hand.
  const pileOn = rows.filter({ hasText: `${tag} pile-on 1` })
  await pileOn.getByRole('button', { name: 'Select all from this farm (3)' }).click()
  await rows.filter({ hasText: `${tag} pile-on 3` }).getByRole('checkbox').uncheck()
  await expect(page.getByText('2 reviews selected')).toBeVisible()
  await page.getByRole('button', { name: 'Delete 2 reviews' }).click()
  await expect(confirm.getByText('From 2 senders, of 1 farm.')).toBeVisible()
  await confirm.getByRole('button', { name: 'Delete 2 reviews' }).click()
  await expect(page.getByRole('status').filter({ hasText: '2 reviews deleted' })).toBeVisible()
  await expect(ours).toHaveCount(3)
  for (const kept of ['honest review one', 'honest review two', 'pile-on 3']) await expect(rows.filter({ hasText: `${tag} ${kept}` })).toHaveCount(1)

  // Select all on the page, narrowed by the search to this test's reviews, then thought better of.
  await page.getByLabel('Search farm name or comment').fill(tag)
  await expect(rows).toHaveCount(3)
  await page.getByRole('checkbox', { name: 'Select all shown reviews' }).check()
  await expect(page.getByText('3 reviews selected')).toBeVisible()
  await page.getByRole('button', { name: 'Delete 3 reviews' }).click()
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(rows).toHaveCount(3)

  // The public sees the same: the flooded farm keeps only its honest review.
  const publicReviews = await request.get(`/api/farm-reviews?farmId=${farms[0]!.id}`)
  const { reviews } = (await publicReviews.json()) as { reviews: { comment: string }[] }
  expect(reviews.map((r) => r.comment)).toEqual([`${tag} honest review one`])

  // One audit row per bulk delete, as the server writes it.
  const audit = await request.get('/api/admin/audit-logs?limit=50', { headers: { Authorization: `Bearer ${await adminToken(request)}` } })
  const bulkRows = ((await audit.json()) as { action: string; details: string | null }[]).filter((row) => row.action === 'bulk_delete_farm_reviews' && row.details?.includes(tag))
  expect(bulkRows.map((row) => (JSON.parse(row.details!) as { deletedCount: number }).deletedCount).sort()).toEqual([2, 4])
})
