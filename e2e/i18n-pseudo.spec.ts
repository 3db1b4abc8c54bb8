// Issue 20: every screen in the pseudo-locale (accented, ~35 % longer English; e2e/pseudo-locale.ts),
// on a 390×844 phone. A visible text or label that is not accented did not come from a catalog (a
// hard-coded string) unless it is data (farmer, town and produce names, numbers) or a name kept as is;
// a text wider than its box is cut off or overflows. Screenshots of each screen go to the test output.
// Screens walked: the public shell, home (with search results and a town dialog), browse (three
// steps) and 404. Still to add as they are converted: static pages, sign-in, reviews, experts,
// signup forms and the outbox (h-forms).
import { expect, test, type Page, type TestInfo } from '@playwright/test'
import { LOCALE_NAMES } from '../api/contract/locales'
import { PSEUDO_MARK, pseudoCatalogModule } from './pseudo-locale'

test.use({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' })

/** Names kept as they are in every language (issue 20): the product, the languages, brands. */
const KEPT_NAMES = ['Viti Farmers', 'WhatsApp', 'Facebook', 'FJ$', ...Object.values(LOCALE_NAMES)]

/**
 * Every string in the directory's public answers: names of farmers, towns, tikina, produce. The
 * snapshot holds every listed farmer (the towns' lists hold only their first page), so farmers other
 * specs add to a busy town are data too.
 */
async function dataStrings(page: Page): Promise<Set<string>> {
  const strings = new Set<string>(KEPT_NAMES)
  const collect = (value: unknown): void => {
    if (typeof value === 'string') strings.add(value.trim())
    else if (Array.isArray(value)) value.forEach(collect)
    else if (value && typeof value === 'object') Object.values(value).forEach(collect)
  }
  for (const url of ['/api/farmers/locations', '/api/produce/availability', '/api/directory/snapshot']) {
    const response = await page.request.get(url)
    expect(response.ok(), url).toBe(true)
    collect(await response.json())
  }
  return strings
}

/** The phone speaks the pseudo-locale: the iTaukei catalog files are answered with it. */
async function usePseudoLocale(page: Page) {
  for (const part of ['first', 'rest'] as const) {
    const body = pseudoCatalogModule(part)
    await page.route(new RegExp(`/assets/fj-${part}-[^/]+\\.js$`), (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body }))
  }
  await page.addInitScript(() => localStorage.setItem('viti.locale', 'fj'))
}

/** Parts other engineers convert (h-forms: the platform review form); the walk skips them until then. */
const NOT_YET_CONVERTED = '#leave-review form'

interface Found {
  text: string
  where: string
}

/** Visible texts and labels (aria-label, alt, title, placeholder) of the page, and boxes too narrow for their text. */
function readScreen(page: Page) {
  return page.evaluate((NOT_YET_CONVERTED) => {
    const texts: Found[] = []
    const overflowing: Found[] = []
    const describe = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.getAttribute('data-testid') ? `[data-testid=${el.getAttribute('data-testid')}]` : ''}`
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement
      const text = node.textContent?.trim() ?? ''
      if (!parent || !text || parent.closest(`script, style, noscript, option, ${NOT_YET_CONVERTED}`)) continue
      // Screen-reader-only text counts too (it is clipped, not hidden from the accessibility tree).
      if (!parent.checkVisibility({ visibilityProperty: true }) && !parent.closest('[class*="sr-only"], [style*="clip"]')) continue
      texts.push({ text, where: describe(parent) })
      const style = getComputedStyle(parent)
      if (style.display !== 'inline' && parent.clientWidth > 0 && parent.scrollWidth > parent.clientWidth + 1 && style.position !== 'absolute') {
        overflowing.push({ text, where: `${describe(parent)} (${parent.scrollWidth} > ${parent.clientWidth})` })
      }
    }
    for (const el of document.body.querySelectorAll('[aria-label], [alt], [title], [placeholder]')) {
      if (el.closest(NOT_YET_CONVERTED)) continue
      if (!el.checkVisibility() && !el.closest('nav, [role=region]')) continue
      for (const name of ['aria-label', 'alt', 'title', 'placeholder']) {
        const value = el.getAttribute(name)?.trim()
        if (value) texts.push({ text: value, where: `${describe(el)}@${name}` })
      }
    }
    const pageWidth = document.documentElement.scrollWidth
    if (pageWidth > window.innerWidth) overflowing.push({ text: '(the page scrolls sideways)', where: `html (${pageWidth} > ${window.innerWidth})` })
    return { texts, overflowing }
  }, NOT_YET_CONVERTED)
}

const NOT_WORDS = /^[\d\s.,:;()/#+%$&@–—\-·•★☆✓○✗✕*|~[\]'"!?…×›▾]*$/

function isFromCatalogOrData(text: string, data: Set<string>): boolean {
  if (PSEUDO_MARK.test(text) || NOT_WORDS.test(text) || data.has(text)) return true
  // Joined data ("Nadi, Lautoka", "Kava (Yaqona), Dalo (Taro)") and counts beside names ("Nadi 12").
  return text.split(/[,·|]|\s\d+\s*$/).every((piece) => {
    const part = piece.trim()
    return !part || NOT_WORDS.test(part) || data.has(part)
  })
}

async function checkScreen(page: Page, name: string, data: Set<string>, testInfo: TestInfo) {
  // Lets late parts (lists, lazy chunks) arrive before reading.
  await page.waitForLoadState('networkidle')
  await page.screenshot({ path: testInfo.outputPath(`pseudo-${name}.png`), fullPage: true })
  const { texts, overflowing } = await readScreen(page)
  // Other specs add farmers while this one runs: data is read again after the screen, so it is never older.
  for (const value of await dataStrings(page)) data.add(value)
  const hardCoded = texts.filter((t) => !isFromCatalogOrData(t.text, data)).map((t) => `${t.where}: "${t.text}"`)
  expect.soft(hardCoded, `${name}: texts not from a catalog`).toEqual([])
  expect.soft(overflowing.map((o) => `${o.where}: "${o.text}"`), `${name}: text wider than its box at 390 px`).toEqual([])
}

test('the public screens in the pseudo-locale: every word from a catalog, nothing cut off at 390×844', async ({ page }, testInfo) => {
  test.setTimeout(120_000)
  await usePseudoLocale(page)
  const data = await dataStrings(page)

  await page.goto('/')
  await expect(page.locator('#home-hero')).toBeVisible()
  await expect(page.getByRole('heading', { name: /Ɓŕõŵšé ƀý Ļõçàţíõñ/ })).toBeVisible()
  await checkScreen(page, 'home', data, testInfo)

  await page.getByRole('button', { name: /Ṁéñü/ }).click()
  await checkScreen(page, 'home-menu', data, testInfo)
  await page.getByRole('button', { name: /Çļõšé ɱéñü/ }).click()

  await page.getByRole('searchbox').fill('a')
  await expect(page.getByTestId('farmer-card').first()).toBeVisible()
  await checkScreen(page, 'home-search', data, testInfo)
  await page.getByRole('searchbox').fill('')

  await page.getByRole('button', { name: /^Nadi \[/ }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await checkScreen(page, 'home-town-dialog', data, testInfo)
  await page.keyboard.press('Escape')

  await page.goto('/browse-farmers')
  await expect(page.getByRole('heading', { name: /1\. Çĥõõšé à ļõçàţíõñ/ })).toBeVisible()
  await checkScreen(page, 'browse-1', data, testInfo)
  await page.getByRole('button', { name: /^Nadi \[/ }).click()
  await expect(page.getByRole('heading', { name: /2\. Çĥõõšé þŕõðüçé íñ Nadi/ })).toBeVisible()
  await checkScreen(page, 'browse-2', data, testInfo)
  await page.getByRole('button', { name: /Àļļ Ƒàŕɱéŕš/ }).click()
  await expect(page.getByTestId('farmer-card').first()).toBeVisible()
  await checkScreen(page, 'browse-3', data, testInfo)

  await page.goto('/no-such-page')
  await expect(page.getByRole('heading', { name: /404 Þàĝé Ñõţ Ƒõüñð/ })).toBeVisible()
  await checkScreen(page, 'not-found', data, testInfo)
})
