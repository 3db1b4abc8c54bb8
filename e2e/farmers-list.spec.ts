// The staff farmers list as staff use it (issue 17 item 8, issue 19): Export CSV says it exports what
// the filters show, and the file has exactly those farmers, opens in Excel as UTF-8 and writes dates
// one way; on a phone the cards are valid HTML.
import fs from 'node:fs/promises'
import { HtmlValidate } from 'html-validate'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { e2eAdmin } from './fixtures'

const fijiDay = (offset = 0) => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Fiji' }).format(new Date())
  return new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86400000).toISOString().slice(0, 10)
}

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email: e2eAdmin.email, password: e2eAdmin.password } })
  expect(res.status(), await res.text()).toBe(200)
  return ((await res.json()) as { token: string }).token
}

/** Adds farmers through the API, with the long names, e-mails and produce lists real ones have. */
async function addFarmers(request: APIRequestContext, tag: string, count: number, city = 'Labasa') {
  const token = await adminToken(request)
  for (let i = 0; i < count; i++) {
    const res = await request.post('/api/admin/farmers', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        name: `${tag} Ratu Josefa Vakacegu-Nailatikau ${i}`,
        phone: `+679 ${7000000 + i}`,
        email: `josefa.vakacegu.nailatikau.${tag.toLowerCase().replace(/\W/g, '')}.${i}@example.com`,
        cities: [city],
        produce: ['Dalo (Taro)', 'Cassava (Tavioka)', 'Eggplant', 'Okra (Bhindi)', 'Breadfruit (Uto)'],
        town: 'Nabouwalu',
        tikina: 'Solevu',
        subscriptionStart: fijiDay(0),
        subscriptionEnd: fijiDay(30),
      },
    })
    expect(res.status(), await res.text()).toBe(201)
  }
}

async function signIn(page: Page) {
  await page.goto('/login')
  await page.getByLabel('Email').fill(e2eAdmin.email)
  await page.getByLabel('Password', { exact: true }).fill(e2eAdmin.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/admin$/)
}

test('Export CSV with a filter downloads only the farmers the filter shows', async ({ page, request }) => {
  const tag = `Exported ${Date.now()}`
  await addFarmers(request, tag, 3, 'Savusavu')
  await signIn(page)
  await page.goto('/admin/farmers')
  await page.getByLabel('Search farmers').fill(tag)
  await expect(page.getByRole('table', { name: 'Farmers' }).getByRole('row')).toHaveCount(4)
  const exportButton = page.getByRole('button', { name: 'Export CSV (3 farmers matching)' })
  await expect(exportButton).toBeVisible()

  const downloading = page.waitForEvent('download')
  await exportButton.click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe(`farmers-${fijiDay(0)}.csv`)
  const bytes = await fs.readFile((await download.path())!)
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const lines = bytes.toString('utf8').slice(1).trimEnd().split('\r\n')
  expect(lines).toHaveLength(4)
  expect(lines[0]).toMatch(/^"ID","Name",/)
  const header = lines[0]!.slice(1, -1).split('","')
  for (const line of lines.slice(1)) {
    const cells = line.slice(1, -1).split('","')
    expect(cells[header.indexOf('Name')]).toContain(tag)
    for (const column of ['Subscription Start', 'Subscription End', 'Created At']) expect(cells[header.indexOf(column)]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)
  }

  // Cleared, the button says it exports every farmer.
  await page.getByLabel('Search farmers').fill('')
  await expect(page.getByRole('button', { name: /^Export CSV \(all \d+ farmers\)$/ })).toBeVisible()
})

test('on a phone the farmer cards are valid HTML', async ({ page, request }) => {
  const tag = `Card ${Date.now()}`
  await addFarmers(request, tag, 2)
  await page.setViewportSize({ width: 390, height: 844 })
  await signIn(page)
  await page.goto('/admin/farmers')
  await page.getByLabel('Search farmers').fill(tag)
  const cards = page.getByRole('list', { name: 'Farmers' })
  await expect(cards.getByRole('listitem')).toHaveCount(2)
  const html = await cards.evaluate((el) => el.outerHTML)
  const report = await new HtmlValidate({ rules: { 'element-permitted-content': 'error', 'element-permitted-parent': 'error' } }).validateString(html)
  expect(report.results.flatMap((result) => result.messages.map((m) => m.message))).toEqual([])
})
