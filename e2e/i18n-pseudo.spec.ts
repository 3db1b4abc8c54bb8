// Issue 20: every screen in the pseudo-locale (accented, ~35 % longer English; e2e/pseudo-locale.ts),
// on a 390×844 phone. A visible text or label that is not accented did not come from a catalog (a
// hard-coded string) unless it is data (farmer, town, produce, reviewer and expert names, review
// texts, numbers: every public answer the screens read) or a name kept as is; a text wider than its
// box is cut off or overflows. Screenshots of each screen go to the test output.
// Screens walked: the public shell, home (search results, a town dialog, the review form and its
// messages), browse (three steps), 404, the four static pages, sign-in, platform and farm reviews (a
// farm's dialog and its review form), experts (a card opened, the contact dialog), the public analytics, expert registration
// and the public farmer signup (each with its validation messages), and, signed in as a data agent,
// Data Agent Mode signup, its "saved on this phone" screen and the Outbox holding the signup.
import { expect, test, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test'
import { LOCALE_NAMES } from '../api/contract/locales'
import { e2eAdmin } from './fixtures'
import { PSEUDO_MARK, pseudoCatalogModule, pseudoWords } from './pseudo-locale'

test.use({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' })

/** Names kept as they are in every language (issue 20): the product, the languages, brands. */
const KEPT_NAMES = ['Viti Farmers', 'WhatsApp', 'Facebook', 'FJ$', 'support@vitifarmers.org.fj', ...Object.values(LOCALE_NAMES)]

/**
 * The public answers the walked screens show: the directory (names of farmers, towns, tikina, produce;
 * the snapshot holds every listed farmer, the towns' lists only their first page, so farmers other specs
 * add to a busy town are data too), the reference lists of the forms, platform and farm reviews (names,
 * comments), the farms' ratings and the experts.
 */
const DATA_ANSWERS = [
  '/api/farmers/locations',
  '/api/produce/availability',
  '/api/directory/snapshot',
  '/api/locations',
  '/api/produce',
  '/api/public/reviews',
  '/api/farm-reviews?limit=50',
  '/api/farms-with-ratings?limit=50',
  '/api/public/experts',
  '/api/public/expert-fields',
]

/** Every string in the public answers, and `extra` (what the test itself typed). */
async function dataStrings(page: Page, extra: readonly string[] = []): Promise<Set<string>> {
  const strings = new Set<string>([...KEPT_NAMES, ...extra])
  const collect = (value: unknown): void => {
    if (typeof value === 'string') {
      strings.add(value.trim())
      // A person without a photo shows their initials (experts): data too.
      strings.add(value.split(/\s+/).filter(Boolean).slice(0, 2).map((part) => part[0]!.toUpperCase()).join(''))
    }
    else if (Array.isArray(value)) value.forEach(collect)
    else if (value && typeof value === 'object') Object.values(value).forEach(collect)
  }
  for (const url of DATA_ANSWERS) {
    const response = await page.request.get(url)
    expect(response.ok(), url).toBe(true)
    collect(await response.json())
  }
  return strings
}

/** The phone speaks the pseudo-locale: the iTaukei catalog files are answered with it. */
async function usePseudoLocale(page: Page) {
  for (const part of ['first', 'rest', 'static'] as const) {
    const body = pseudoCatalogModule(part)
    await page.route(new RegExp(`/assets/fj-${part}-[^/]+\\.js$`), (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body }))
  }
  await page.addInitScript(() => localStorage.setItem('viti.locale', 'fj'))
}

interface Found {
  text: string
  where: string
}

/** Visible texts and labels (aria-label, alt, title, placeholder) of the page, and boxes too narrow for their text. */
function readScreen(page: Page) {
  return page.evaluate(() => {
    const texts: Found[] = []
    const overflowing: Found[] = []
    const describe = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.getAttribute('data-testid') ? `[data-testid=${el.getAttribute('data-testid')}]` : ''}`
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement
      const text = node.textContent?.trim() ?? ''
      if (!parent || !text || parent.closest('script, style, noscript, option')) continue
      // Screen-reader-only text counts too (it is clipped, not hidden from the accessibility tree).
      if (!parent.checkVisibility({ visibilityProperty: true }) && !parent.closest('[class*="sr-only"], [style*="clip"]')) continue
      texts.push({ text, where: describe(parent) })
      const style = getComputedStyle(parent)
      if (style.display !== 'inline' && parent.clientWidth > 0 && parent.scrollWidth > parent.clientWidth + 1 && style.position !== 'absolute') {
        overflowing.push({ text, where: `${describe(parent)} (${parent.scrollWidth} > ${parent.clientWidth})` })
      }
    }
    for (const el of document.body.querySelectorAll('[aria-label], [alt], [title], [placeholder]')) {
      if (!el.checkVisibility() && !el.closest('nav, [role=region]')) continue
      for (const name of ['aria-label', 'alt', 'title', 'placeholder']) {
        const value = el.getAttribute(name)?.trim()
        if (value) texts.push({ text: value, where: `${describe(el)}@${name}` })
      }
    }
    const pageWidth = document.documentElement.scrollWidth
    if (pageWidth > window.innerWidth) overflowing.push({ text: '(the page scrolls sideways)', where: `html (${pageWidth} > ${window.innerWidth})` })
    return { texts, overflowing }
  })
}

// Digits, punctuation (quotation marks too) and symbols (stars, ticks, the ⟳ of a waiting item) are no words.
const NOT_WORDS = /^[\d\s.,:;()/#+%$&@–—\-·•★☆✓○✗✕*|~[\]'"“”‘’!?…×›▾⟳]*$/

function isFromCatalogOrData(text: string, data: Set<string>): boolean {
  if (PSEUDO_MARK.test(text) || NOT_WORDS.test(text) || data.has(text)) return true
  // Joined data ("Nadi, Lautoka", "Kava (Yaqona), Dalo (Taro)") and counts beside names ("Nadi 12").
  return text.split(/[,·|]|\s\d+\s*$/).every((piece) => {
    const part = piece.trim()
    return !part || NOT_WORDS.test(part) || data.has(part)
  })
}

async function checkScreen(page: Page, name: string, data: Set<string>, testInfo: TestInfo, typed: readonly string[] = []) {
  // Lets late parts (lists, lazy chunks) arrive before reading.
  await page.waitForLoadState('networkidle')
  await page.screenshot({ path: testInfo.outputPath(`pseudo-${name}.png`), fullPage: true })
  const { texts, overflowing } = await readScreen(page)
  // Other specs add farmers while this one runs: data is read again after the screen, so it is never older.
  for (const value of await dataStrings(page, typed)) data.add(value)
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

/** Opens a screen and waits for its heading in the pseudo-locale (its words loaded). */
async function openScreen(page: Page, path: string) {
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1 }).first()).toContainText(PSEUDO_MARK)
}

/** Sends the screen's form as it is (empty or half filled): the form's own messages show. */
async function submitForm(page: Page, form = page.getByRole('main').locator('form').first()) {
  await form.locator('button[type=submit]').click()
  await expect(page.getByRole('alert').or(form.locator('[aria-invalid=true]')).first()).toBeVisible()
}

/** A review form sent without stars (its toast says so), then with stars and no comment (the fields' messages). */
async function sendWithoutThenWithStars(page: Page, form: Locator, name: string, data: Set<string>, testInfo: TestInfo) {
  await form.locator('button[type=submit]').click()
  await expect(page.getByRole('alert').first()).toBeVisible()
  await checkScreen(page, `${name}-no-stars`, data, testInfo)
  await form.getByRole('radio').nth(3).check({ force: true })
  await form.locator('button[type=submit]').click()
  await expect(form.locator('[aria-invalid=true]').first()).toBeVisible()
  await checkScreen(page, `${name}-messages`, data, testInfo)
}

test('the static pages in the pseudo-locale', async ({ page }, testInfo) => {
  await usePseudoLocale(page)
  const data = await dataStrings(page)
  for (const [name, path] of [
    ['about', '/about'],
    ['how-it-works', '/how-it-works'],
    ['terms-of-use', '/terms-of-use'],
    ['contact-us', '/contact-us'],
  ] as const) {
    await openScreen(page, path)
    await checkScreen(page, name, data, testInfo)
  }
})

test('sign-in, reviews and experts in the pseudo-locale', async ({ page }, testInfo) => {
  test.setTimeout(120_000)
  await usePseudoLocale(page)
  const data = await dataStrings(page)

  await openScreen(page, '/login')
  await checkScreen(page, 'login', data, testInfo)
  await submitForm(page)
  await checkScreen(page, 'login-messages', data, testInfo)

  await openScreen(page, '/reviews')
  await expect(page.getByTestId('platform-review').first()).toBeVisible()
  await checkScreen(page, 'reviews', data, testInfo)

  // The platform review form (home, #leave-review) and what it says when sent empty.
  await page.goto('/#leave-review')
  const reviewForm = page.locator('#leave-review form')
  await expect(reviewForm).toBeVisible()
  await checkScreen(page, 'review-form', data, testInfo)
  await sendWithoutThenWithStars(page, reviewForm, 'review-form', data, testInfo)

  await openScreen(page, '/reviews/farms')
  await expect(page.getByTestId('farm-card').first()).toBeVisible()
  await checkScreen(page, 'farm-reviews', data, testInfo)
  await page.getByTestId('farm-card').first().getByRole('heading').getByRole('button').click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await checkScreen(page, 'farm-reviews-farm', data, testInfo)
  await page.keyboard.press('Escape')
  await page.getByTestId('farm-card').first().locator('button[aria-haspopup=dialog]').last().click()
  const reviewDialog = page.getByRole('dialog')
  await expect(reviewDialog.locator('form')).toBeVisible()
  await checkScreen(page, 'farm-review-form', data, testInfo)
  // Five stars are chosen already: sent without a comment, the comment's message shows.
  await reviewDialog.locator('button[type=submit]').click()
  await expect(reviewDialog.locator('[aria-invalid=true]').first()).toBeVisible()
  await checkScreen(page, 'farm-review-form-messages', data, testInfo)
  await page.keyboard.press('Escape')

  await openScreen(page, '/experts')
  const expandable = page.getByRole('main').locator('button[aria-expanded]')
  await expect(expandable.first()).toBeVisible()
  await expandable.first().click()
  await checkScreen(page, 'experts', data, testInfo)
  await page.getByRole('main').getByRole('listitem').first().getByRole('button').last().click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await checkScreen(page, 'experts-contact', data, testInfo)
  await page.keyboard.press('Escape')

  await openScreen(page, '/analytics')
  await expect(page.getByTestId('total-page-views')).toBeVisible()
  await checkScreen(page, 'analytics', data, testInfo)

  await openScreen(page, '/expert-signup')
  await checkScreen(page, 'expert-signup', data, testInfo)
  await submitForm(page)
  await checkScreen(page, 'expert-signup-messages', data, testInfo)

  await openScreen(page, '/farmer-signup')
  await expect(page.getByRole('checkbox', { name: 'Suva', exact: true })).toBeVisible()
  await checkScreen(page, 'farmer-signup', data, testInfo)
  await submitForm(page)
  await checkScreen(page, 'farmer-signup-messages', data, testInfo)
})

async function adminHeaders(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', { data: { email: e2eAdmin.email, password: e2eAdmin.password } })
  expect(login.ok()).toBe(true)
  return { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` }
}

test('Data Agent Mode, a signup saved on the phone, and the Outbox in the pseudo-locale', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000)
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`
  const agent = { name: `Agent Pseudo ${stamp}`, email: `agent.pseudo.${stamp}@e2e.vitifarmers.test`, password: 'Field-Agent!2026' }
  const created = await request.post('/api/admin/users', { headers: await adminHeaders(request), data: { ...agent, role: 'data_agent', mustChangePassword: false } })
  expect(created.status(), await created.text()).toBe(201)
  const login = await request.post('/api/auth/login', { data: { email: agent.email, password: agent.password } })
  expect(login.ok()).toBe(true)
  const session = (await login.json()) as { token: string; user: Record<string, unknown> }
  await page.addInitScript(
    ([token, user]) => {
      localStorage.setItem('vf.token', token)
      localStorage.setItem('vf.user', user)
    },
    [session.token, JSON.stringify(session.user)] as const,
  )
  await usePseudoLocale(page)
  const farmer = `Pseudo Farmer ${stamp}`
  // The Outbox names an item by what was typed: "name (phone)".
  const typed = [agent.name, agent.email, farmer, 'Nakasi', '+679 912 3456', `${farmer} (+679 912 3456)`]
  const data = await dataStrings(page, typed)

  await openScreen(page, '/farmer-signup')
  await expect(page.getByRole('checkbox', { name: 'Suva', exact: true })).toBeVisible()
  await checkScreen(page, 'agent-signup', data, testInfo, typed)

  // No coverage when it is sent: the signup is kept on the phone.
  await page.route('**/api/data-agent/signup', (route) => route.abort('internetdisconnected'))
  await page.locator('#signup-name').fill(farmer)
  await page.locator('#signup-phone').fill('+679 912 3456')
  await page.locator('#signup-town').fill('Nakasi')
  await page.getByRole('checkbox', { name: 'Nausori', exact: true }).check()
  await page.getByRole('checkbox', { name: 'Dalo (Taro)', exact: true }).check()
  await page.locator('#signup-subscriptionStart').fill('2026-07-01')
  await page.locator('#signup-subscriptionEnd').fill('2026-07-31')
  await page.locator('#signup-agreeToTerms').check()
  await page.getByRole('main').locator('button[type=submit]').click()
  await expect(page.getByRole('heading', { level: 1, name: pseudoWords('Saved on this phone') })).toBeVisible({ timeout: 15_000 })
  await checkScreen(page, 'agent-signup-saved', data, testInfo, typed)

  await openScreen(page, '/outbox')
  await expect(page.getByTestId('outbox-item').filter({ hasText: farmer })).toBeVisible()
  await checkScreen(page, 'outbox', data, testInfo, typed)
})
