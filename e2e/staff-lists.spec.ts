// Staff lists paged on the server (issue 19, decision 018) as staff see them: the data-agent report's
// cards count the whole range on the server, and its Export CSV (streamed by the server, no longer
// made in the browser from the loaded rows) downloads every signup of that range.
import fs from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import type { DataAgentSignupsSummary } from '../api/contract/farmer-signup'
import { adminToken, fijiDay, signInAsAdmin } from './fixtures'

test('the data-agent report counts its whole range on the server, and Export CSV downloads every signup of it', async ({ page, request }) => {
  const headers = { Authorization: `Bearer ${await adminToken(request)}` }
  // A signup made by a signed-in staff member counts as a data agent's (it records who made it).
  const name = `Reported Farmer ${Date.now()}`
  const made = await request.post('/api/data-agent/signup', {
    headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
    data: { name, phone: '+679 700 4321', cities: ['Suva'], produce: ['Dalo (Taro)'], subscriptionStart: fijiDay(0), subscriptionEnd: fijiDay(60), agreeToTerms: true },
  })
  expect(made.status(), await made.text()).toBe(201)
  const summary = async () => (await (await request.get('/api/admin/signups/data-agent/summary?range=last7days', { headers })).json()) as DataAgentSignupsSummary

  await signInAsAdmin(page)
  // Other specs add signups on this server meanwhile: the card shows the count the server gives at load.
  await expect(async () => {
    await page.goto('/admin/da-signups')
    const before = await summary()
    await expect(page.getByRole('group', { name: 'Total Signups' })).toContainText(before.total.toLocaleString('en-US'), { timeout: 3_000 })
  }).toPass({ timeout: 30_000 })
  const row = page.getByRole('table', { name: 'Data agent signups' }).getByRole('row').filter({ hasText: name })
  await expect(row).toBeVisible()
  // The status in words, not the stored value ('pending').
  await expect(row.getByText('Pending', { exact: true })).toBeVisible()
  await expect(row.getByText('pending', { exact: true })).toHaveCount(0)

  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe(`data-agent-signups-${fijiDay(0)}.csv`)
  const after = await summary()
  const bytes = await fs.readFile((await download.path())!)
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const lines = bytes.toString('utf8').slice(1).trimEnd().split('\r\n')
  expect(lines[0]).toMatch(/^"ID","Farmer Name",/)
  expect(lines.length - 1).toBeLessThanOrEqual(after.total)
  expect(lines.length - 1).toBeGreaterThanOrEqual(1)
  expect(lines.filter((line) => line.includes(name))).toHaveLength(1)
})
