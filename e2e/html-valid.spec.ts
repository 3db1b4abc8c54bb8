// Valid HTML after hydration: the DOM of every public and back-office screen, as React left it
// (page.content()), checked with html-validate's "standard" rules (conformance to the HTML
// standard, not style), on a desktop and a phone (the back office's card views). The served HTML
// is the build's render of the page (decision 029) or the shell; what a browser builds from
// JavaScript afterwards is where invalid nesting hides.
import { expect, test, type Page } from '@playwright/test'
import { HtmlValidate } from 'html-validate'
import { adminScreens } from '../api/contract/permissions'
import { publicPagePaths } from '../api/contract/app-pages'
import { phone } from './axe'
import { e2eAdmin } from './fixtures'

const validator = new HtmlValidate({
  extends: ['html-validate:standard'],
  // html-validate's element table has no rule for <a type>; the standard says it is a MIME type
  // hint, so a button's type="button" on a link (Chakra's asChild) is an error, as the Nu checker says.
  elements: ['html5', { a: { attributes: { type: { enum: ['/^[a-z]+\\/[-+.\\w]+$/'] } } } }],
})

/** Every standard-conformance error in the page's current DOM, one line each. */
async function htmlErrors(page: Page): Promise<string[]> {
  // The back office loads its screens lazily: on a busy CI machine that can take a while.
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 })
  await page.waitForLoadState('networkidle')
  const report = await validator.validateString(await page.content())
  return report.results.flatMap((result) => result.messages.map((m) => `${m.ruleId}: ${m.message} (${m.selector ?? `line ${m.line}`})`))
}

const publicScreens = [...publicPagePaths, '/no/such/page']
const backOfficeScreens = adminScreens.flatMap((screen): string[] => [screen.path, ...('aliases' in screen ? screen.aliases : [])])

let session: { token: string; user: unknown } | undefined

for (const [device, use] of [['desktop', {}], ['phone', phone]] as const) {
  test.describe(device, () => {
    test.use(use)

    for (const path of publicScreens) {
      test(`${path} is valid HTML after hydration on a ${device}`, async ({ page }) => {
        await page.goto(path)
        expect(await htmlErrors(page)).toEqual([])
      })
    }

    test.describe('back office', () => {
      test.beforeAll(async ({ playwright }, testInfo) => {
        if (session) return
        // One sign-in for the file: the sign-in rate limit must not decide this check.
        const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
        const res = await api.post('/api/auth/login', { data: { email: e2eAdmin.email, password: e2eAdmin.password } })
        expect(res.status(), await res.text()).toBe(200)
        session = (await res.json()) as { token: string; user: unknown }
        await api.dispose()
      })
      test.beforeEach(async ({ page }) => {
        if (!session) throw new Error('no session')
        await page.addInitScript(({ token, user }) => {
          localStorage.setItem('vf.token', token)
          localStorage.setItem('vf.user', JSON.stringify(user))
        }, session)
      })

      for (const path of backOfficeScreens) {
        test(`${path} is valid HTML after hydration on a ${device}`, async ({ page }) => {
          await page.goto(path)
          await expect(page).toHaveURL(new RegExp(`${path.replace(/[/-]/g, '\\$&')}$`))
          expect(await htmlErrors(page)).toEqual([])
        })
      }
    })
  })
}
