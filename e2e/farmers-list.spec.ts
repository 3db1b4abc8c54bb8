// The staff farmers list as staff use it (issue 17 items 7 and 8, issue 19): at a 1366×768 desk the
// Bulk switch and the actions are in reach without scrolling sideways, even at the bottom of a full
// page; Export CSV says it exports what the filters show, and the file has exactly those farmers,
// opens in Excel as UTF-8 and writes dates one way; on a phone the cards are valid HTML.
import fs from 'node:fs/promises'
import { HtmlValidate } from 'html-validate'
import { expect, test, type APIRequestContext, type Locator } from '@playwright/test'
import { adminToken, fijiDay, signInAsAdmin } from './fixtures'

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

/** The texts and controls of a table row drawn outside their own cell's left and right edges. */
function spilledOutOfColumns(row: HTMLElement | SVGElement): string[] {
  const spilled: string[] = []
  for (const cell of row.querySelectorAll('td')) {
    const edges = cell.getBoundingClientRect()
    const outside = (box: DOMRect) => box.width > 0 && (box.left < edges.left - 1 || box.right > edges.right + 1)
    const texts = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT)
    for (let text = texts.nextNode(); text; text = texts.nextNode()) {
      const range = document.createRange()
      range.selectNodeContents(text)
      if (text.textContent?.trim() && outside(range.getBoundingClientRect())) spilled.push(text.textContent.trim())
    }
    for (const control of cell.querySelectorAll('button, input')) {
      if (outside(control.getBoundingClientRect())) spilled.push(control.getAttribute('aria-label') ?? control.textContent ?? '')
    }
  }
  return spilled
}

test('at 1366×768 the Bulk switch and the actions are in reach without scrolling sideways', async ({ page, request }) => {
  // The demo set's 40 farmers and these fill the first page of 50, so the page is long.
  test.setTimeout(120_000)
  const tag = `Wide ${Date.now()}`
  await addFarmers(request, tag, 12)
  await page.setViewportSize({ width: 1366, height: 768 })
  await signInAsAdmin(page)
  await page.goto('/admin/farmers')
  const table = page.getByRole('table', { name: 'Farmers' })
  const rows = table.locator('tbody').getByRole('row')
  // The back office is a lazy chunk; on a busy machine its first page can take a while.
  await expect(rows).toHaveCount(50, { timeout: 30_000 })
  await expect(page.getByText(/^Showing 1–50 of \d+ farmers$/)).toBeVisible()

  // Neither the page nor the table's own scroll area is wider than the screen.
  const overflow = await page.evaluate(() => {
    const root = document.scrollingElement!
    return root.scrollWidth - root.clientWidth
  })
  expect(overflow).toBeLessThanOrEqual(0)
  const region = page.getByRole('region', { name: 'Farmers' })
  expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0)

  const inReach = async (row: Locator) => {
    // Every word and control stays inside its own column: nothing spills over a neighbour.
    expect(await row.evaluate(spilledOutOfColumns)).toEqual([])
    // The switches say which is which, though the header row is far above at the bottom of the page.
    for (const label of ['Premium', 'Bulk']) await expect(row.getByText(label, { exact: true })).toBeInViewport()
    const controls = [row.getByRole('switch', { name: /^Premium:/ }), row.getByRole('switch', { name: /^Bulk:/ }), ...[/^(Activate|Deactivate) /, /^Edit subscription of /, /^Edit (?!subscription of )/, /^Delete /].map((name) => row.getByRole('button', { name }))]
    for (const control of controls) {
      await expect(control).toBeInViewport()
      const box = (await control.boundingBox())!
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(1366)
    }
  }
  await inReach(rows.first())

  // At the bottom of the page the last farmer's controls are on screen and work.
  await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight))
  const last = rows.last()
  await inReach(last)
  // Held by the farmer's name: another spec adding farmers meanwhile changes which row is last.
  const name = (await last.getByRole('switch', { name: /^Bulk:/ }).getAttribute('aria-label'))!.replace(/^Bulk: /, '')
  const bulk = table.getByRole('switch', { name: `Bulk: ${name}`, exact: true })
  const wasBulk = await bulk.isChecked()
  await bulk.click()
  await expect(page.getByRole('status').filter({ hasText: 'Farmer status updated successfully' })).toBeVisible()
  await expect(bulk).toBeChecked({ checked: !wasBulk })
  await table.getByRole('button', { name: `Edit ${name}`, exact: true }).click()
  await expect(page.getByRole('dialog', { name: `Edit ${name}` })).toBeVisible()
})

test('Export CSV with a filter downloads only the farmers the filter shows', async ({ page, request }) => {
  const tag = `Exported ${Date.now()}`
  await addFarmers(request, tag, 3, 'Savusavu')
  await signInAsAdmin(page)
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
  await signInAsAdmin(page)
  await page.goto('/admin/farmers')
  await page.getByLabel('Search farmers').fill(tag)
  const cards = page.getByRole('list', { name: 'Farmers' })
  await expect(cards.getByRole('listitem')).toHaveCount(2)
  const html = await cards.evaluate((el) => el.outerHTML)
  const report = await new HtmlValidate({ rules: { 'element-permitted-content': 'error', 'element-permitted-parent': 'error' } }).validateString(html)
  expect(report.results.flatMap((result) => result.messages.map((m) => m.message))).toEqual([])
})
