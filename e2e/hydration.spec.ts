// Every public page, the farmer page and the 404 load without a hydration warning, an uncaught
// error or a console error (issue 21): the guard for HTML sent by the server, which React must
// take over without a mismatch (docs/decisions/029-html-first.md).
import { expect, test } from '@playwright/test'
import { publicPagePaths } from '../api/contract/app-pages'

const HYDRATION = /hydrat|did not match|server rendered|text content does not match/i

test('public pages, a farmer page and the 404 load with no hydration warning and no error', async ({ page, request }) => {
  test.setTimeout(180_000)
  const search = (await (await request.get('/api/farmers?search=Sunita%20Devi')).json()) as { farmers: { id: string }[] }
  const paths = [...publicPagePaths.filter((p) => p !== '/login' && p !== '/outbox'), `/farmers/${search.farmers[0]!.id}`, '/no/such/page']
  const found: string[] = []
  let current = ''
  page.on('console', (message) => {
    const text = message.text()
    if (HYDRATION.test(text)) found.push(`${current}: ${message.type()}: ${text}`)
    // A failed background request (a 404 page's own status) is the network's line, not the app's.
    else if (message.type() === 'error' && !/Failed to load resource/.test(text)) found.push(`${current}: error: ${text}`)
  })
  page.on('pageerror', (error) => found.push(`${current}: uncaught: ${error.message}`))
  for (const path of paths) {
    current = path
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 })
    await page.waitForLoadState('networkidle')
  }
  expect(found).toEqual([])
})
