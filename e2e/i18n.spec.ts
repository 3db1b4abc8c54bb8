// Issue 20: the public screens in iTaukei and Fiji Hindi. The language is picked in the header (also
// offline: the catalogs are precached), remembered on the phone, first guessed from the browser's
// languages, set on <html lang>, switched in place (what was typed stays), and axe finds nothing
// serious on any public screen in any language.
import { expect, test, type Page } from '@playwright/test'
import { htmlPagePaths } from '../api/contract/app-pages'
import { LANGUAGE_GATE_MAX_MS } from '../api/contract/locales'
import { collectProblems, expectHeadingHydrated, waitForServiceWorker } from './fixtures'
import { axeViolations, isSerious } from './axe'

async function offlineCopyKept(page: Page) {
  await expect
    .poll(() => page.evaluate(async () => ((await caches.match('/api/directory/snapshot')) ? 'kept' : 'missing')), { timeout: 20_000 })
    .toBe('kept')
}

const picker = (page: Page, label: 'Language' | 'Vosa' | 'Bhasa') => page.getByRole('combobox', { name: label })

test('offline after one visit, iTaukei is picked, stays after a reload, and a town browses in it', async ({ page, context }) => {
  test.setTimeout(120_000)
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Browse by Location' })).toBeVisible()
  await waitForServiceWorker(page)
  await offlineCopyKept(page)

  // Never chosen before, and now offline: the iTaukei file comes from the service worker's precache.
  await context.setOffline(true)
  await picker(page, 'Language').selectOption({ label: 'Vosa Vakaviti' })
  await expect(page.getByRole('heading', { name: 'Raica ena Vanua' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Curu ena noda iSoqosoqo ni Dauteitei' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'fj')
  await expect(page.getByRole('heading', { name: 'Browse by Location' })).toHaveCount(0)

  // Remembered on the phone: a reload (still offline) opens in iTaukei.
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Raica ena Vanua' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'fj')
  await expect(picker(page, 'Vosa')).toHaveValue('fj')

  // A screen beyond the home page (its words are in the catalog's second part), offline.
  await page.goto('/browse-farmers')
  await expect(page.getByRole('heading', { level: 1, name: 'Raici na Dauteitei' })).toBeVisible()
  await expect(page.getByRole('heading', { name: '1. Digitaka e dua na vanua' })).toBeVisible()
  await page.getByRole('button', { name: /^Nadi \d+ na dauteitei$/ }).click()
  await expect(page.getByRole('heading', { name: '2. Digitaka na kakana e Nadi' })).toBeVisible()
  await expect(page.getByText(/^E sega ni rawa ni taratara na server: e vakaraitaki na lisi me vaka ena \d{2} [A-Z][a-z]+, \d{4} ena \d{1,2}:\d{2} (AM|PM) FJT\.$/).first()).toBeVisible()
  // Never a catalog key on screen.
  await expect(page.getByText(/\b(home|directory|layout|ui|app|dates)\.[a-z]+[A-Za-z.]*\b/)).toHaveCount(0)
})

test("on a laptop's screen (1366 px) every header link keeps its words on one line, in each language", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 })
  await page.goto('/')
  // The nav's own name is in the language too.
  const nav = page.locator('header nav').first()
  for (const [language, home] of [['en', 'Home'], ['fj', 'Tabana Levu'], ['hif', 'Ghar']] as const) {
    await page.locator('header').getByRole('combobox').selectOption(language)
    await expect(nav.getByRole('link', { name: home, exact: true })).toBeVisible()
    const links = await nav.getByRole('link').evaluateAll((anchors) => anchors.map((anchor) => {
      const lineHeight = parseFloat(getComputedStyle(anchor).lineHeight)
      const { height, right } = anchor.getBoundingClientRect()
      const padding = parseFloat(getComputedStyle(anchor).paddingTop) + parseFloat(getComputedStyle(anchor).paddingBottom)
      return { text: anchor.textContent, lines: Math.round((height - padding) / lineHeight), right }
    }))
    expect(links.length).toBeGreaterThan(5)
    for (const link of links) {
      expect(link, `${language}: "${link.text}"`).toMatchObject({ lines: 1 })
      expect(link.right, `${language}: "${link.text}" within the screen`).toBeLessThanOrEqual(1366)
    }
  }
})

test('switching the language keeps what was typed (no reload)', async ({ page }) => {
  await page.goto('/')
  const search = page.getByRole('searchbox')
  await search.fill('tomato')
  await picker(page, 'Language').selectOption('hif')
  await expect(page.getByRole('heading', { name: 'Jagah se dekho' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'hif')
  await expect(page.getByRole('searchbox')).toHaveValue('tomato')
  await expect(page.getByRole('heading', { name: 'Khoje ke natija' })).toBeVisible()
  // And back: English is in the page already.
  await picker(page, 'Bhasa').selectOption('en')
  await expect(page.getByRole('heading', { name: 'Browse by Location' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-FJ')
  expect(await page.evaluate(() => localStorage.getItem('viti.locale'))).toBe('en')
})

test('the static pages’ words come only with them, and follow a switch made on them', async ({ page }) => {
  const fetched: string[] = []
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname))
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Browse by Location' })).toBeVisible()
  await page.goto('/browse-farmers')
  await expect(page.getByRole('heading', { level: 1, name: 'Browse Farmers' })).toBeVisible()
  expect(fetched.filter((path) => /\/(en|fj|hif)-static-/.test(path))).toEqual([])

  await page.goto('/about')
  await expect(page.getByRole('heading', { level: 1, name: 'About Viti Farmers' })).toBeVisible()
  await picker(page, 'Language').selectOption('hif')
  await expect(page.getByRole('heading', { level: 1, name: 'Viti Farmers ke baare me' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Hamaar Mission' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Kisaan Dekhna Shuru Karo' })).toBeVisible()
  expect(fetched.filter((path) => /\/(en|hif)-static-/.test(path))).toHaveLength(2)
})

test.describe('first guess from the browser languages', () => {
  test.use({ locale: 'fj' })

  test('a phone set to Fijian opens in iTaukei, before anything was picked', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { name: 'Raica ena Vanua' })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'fj')
    await expect(picker(page, 'Vosa')).toHaveValue('fj')
    // A guess is not a choice: nothing is stored until the user picks.
    expect(await page.evaluate(() => localStorage.getItem('viti.locale'))).toBeNull()
    // The server sent the page in iTaukei (Accept-Language): nothing was held back.
    await expect(page.locator('html')).not.toHaveAttribute('data-language-pending')
  })

  test('English HTML (the not-found page is built in English only) is hidden from a Fijian phone until its language is drawn, and shown anyway when the app cannot start', async ({ page }) => {
    // The app's entry script never arrives: only the HTML and its inline language gate run, on a
    // clock that moves only when the test says.
    await page.clock.install()
    await page.clock.pauseAt(new Date(Date.now() + 1_000))
    await page.route('**/assets/index-*.js', (route) => route.abort())
    await page.goto('/no/such/page')
    // Hidden elements have no role to a screen reader: found with them.
    const englishHeading = page.getByRole('heading', { name: '404 Page Not Found', includeHidden: true })
    await expect(page.locator('html')).toHaveAttribute('data-language-pending', '')
    await expect(englishHeading).toBeAttached()
    await expect(englishHeading).toBeHidden()
    await page.clock.runFor(LANGUAGE_GATE_MAX_MS - 500)
    await expect(englishHeading).toBeHidden()
    // English rather than a blank page once the gate's time is up.
    await page.clock.runFor(1_000)
    await expect(englishHeading).toBeVisible()
  })
})

test.describe('the server sends a page in its reader\'s language where no worker answers', () => {
  // A browser with no service worker in control: a first visit, or one that never runs one.
  test.use({ serviceWorkers: 'block' })

  test.describe('a phone set to Fijian, on its first visits', () => {
    test.use({ locale: 'fj' })

    test('each public page and a farmer\'s page paint in iTaukei from the HTML, and React takes that HTML over', async ({ page, request }) => {
      test.setTimeout(120_000)
      const found = collectProblems(page)
      const res = await request.get(`/api/farmers?search=${encodeURIComponent('Sunita Devi')}`)
      const farmer = ((await res.json()) as { farmers: { id: string }[] }).farmers[0]!
      for (const [path, heading] of [['/', 'Viti Farmers'], ['/browse-farmers', 'Raici na Dauteitei'], ['/experts', undefined], ['/reviews', undefined], ['/about', 'Baleta na Viti Farmers'], [`/farmers/${farmer.id}`, 'Sunita Devi']] as const) {
        await expectHeadingHydrated(page, path, async (h1) => {
          await expect(h1).toBeVisible()
          if (heading) await expect(h1).toHaveText(heading)
          await expect(page.locator('html')).toHaveAttribute('lang', 'fj')
          await expect(page.locator('html')).not.toHaveAttribute('data-language-pending')
        })
      }
      await expect(page.getByRole('link', { name: /Qiria Sunita Devi/ })).toBeVisible()
      expect(found).toEqual([])
    })
  })

  test('a reader who picked Fiji Hindi gets every later page in it from the server, painted before the scripts, and hydrated', async ({ page }) => {
    const found = collectProblems(page)
    await page.goto('/')
    await picker(page, 'Language').selectOption('hif')
    await expect(page.locator('html')).toHaveAttribute('lang', 'hif')
    await expectHeadingHydrated(page, '/experts', async (h1) => {
      await expect(h1).toHaveText('Expert log se baat karo')
      await expect(page.locator('html')).toHaveAttribute('lang', 'hif')
      await expect(page.locator('html')).not.toHaveAttribute('data-language-pending')
    })
    // Back to English: the next page is English again.
    await picker(page, 'Bhasa').selectOption('en')
    await expectHeadingHydrated(page, '/about', async (h1) => {
      await expect(h1).toHaveText('About Viti Farmers')
      await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    })
    expect(found).toEqual([])
  })
})

test("an iTaukei reader's installed app paints every public page in iTaukei from its HTML, offline too, and React takes that HTML over", async ({ page, context }) => {
  test.setTimeout(180_000)
  const found = collectProblems(page)
  await page.goto('/')
  await waitForServiceWorker(page)
  await picker(page, 'Language').selectOption('fj')
  // The worker keeps this version's pages in iTaukei, once it is told the reader's language.
  await expect
    .poll(() => page.evaluate(async () => {
      const name = (await caches.keys()).find((key) => key.startsWith('pages-in-fj-'))
      return name ? (await (await caches.open(name)).keys()).length : 0
    }), { timeout: 60_000 })
    .toBe(htmlPagePaths.length)

  await context.setOffline(true)
  for (const path of htmlPagePaths) {
    // The HTML alone, in iTaukei and not held back; then React takes it over.
    await expectHeadingHydrated(page, path, async (heading) => {
      await expect(heading).toBeVisible()
      await expect(page.locator('html')).toHaveAttribute('lang', 'fj')
      await expect(page.locator('html')).not.toHaveAttribute('data-language-pending')
    })
  }
  await page.goto('/about')
  await expect(page.getByRole('heading', { level: 1, name: 'Baleta na Viti Farmers' })).toBeVisible()
  await context.setOffline(false)
  expect(found).toEqual([])
})

test('an English reader sees the HTML at once: the language gate holds nothing back', async ({ page }) => {
  await page.route('**/assets/index-*.js', (route) => route.abort())
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Browse by Location' })).toBeVisible()
  await expect(page.locator('html')).not.toHaveAttribute('data-language-pending')
})

test('a phone that chose Fiji Hindi holds the English HTML back on every page, then shows its own words', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('viti.locale', 'hif'))
  await page.goto('/experts')
  await expect(page.getByRole('heading', { level: 1, name: 'Expert log se baat karo' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Talk to Subject Matter Experts' })).toHaveCount(0)
  await expect(page.locator('html')).toHaveAttribute('lang', 'hif')
  await expect(page.locator('html')).not.toHaveAttribute('data-language-pending')
})

/** Every public and field screen (e2e/a11y.spec.ts's list): axe runs on each in each language. */
const publicPages = ['/', '/browse-farmers', '/reviews', '/reviews/farms', '/farmer-signup', '/expert-signup', '/experts', '/about', '/how-it-works', '/terms-of-use', '/contact-us', '/analytics', '/login', '/outbox', '/no/such/page']

for (const [locale, heading] of [
  ['en', 'Browse by Location'],
  ['fj', 'Raica ena Vanua'],
  ['hif', 'Jagah se dekho'],
] as const) {
  test(`axe: every public screen in ${locale} has no serious or critical violation`, async ({ page }) => {
    test.setTimeout(180_000)
    await page.addInitScript((chosen) => localStorage.setItem('viti.locale', chosen), locale)
    await page.goto('/')
    await expect(page.getByRole('heading', { name: heading })).toBeVisible()
    for (const path of publicPages) {
      await page.goto(path)
      await expect(page.locator('html')).toHaveAttribute('lang', locale === 'en' ? 'en-FJ' : locale)
      const serious = (await axeViolations(page)).filter(isSerious)
      expect.soft(serious.map((v) => v.line), `${path} in ${locale}`).toEqual([])
    }
  })
}
