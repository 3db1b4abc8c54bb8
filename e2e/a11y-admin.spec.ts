// axe-core on every back-office screen of the contract (adminScreens, so a screen added there is
// checked without touching this file), signed in as the e2e global admin, on a desktop and a
// phone: no serious or critical WCAG A/AA violation. Lesser ones are listed on the test's report.
import { expect, test } from '@playwright/test'
import { adminScreens } from '../api/contract/permissions'
import { axeViolations, isSerious, phone } from './axe'
import { e2eAdmin } from './fixtures'

let session: { token: string; user: unknown } | undefined

test.beforeAll(async ({ playwright }, testInfo) => {
  // One sign-in for the whole file: the sign-in rate limit must not decide this check.
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  const res = await api.post('/api/auth/login', { data: { email: e2eAdmin.email, password: e2eAdmin.password } })
  expect(res.status(), await res.text()).toBe(200)
  session = (await res.json()) as { token: string; user: unknown }
  await api.dispose()
})

test.beforeEach(async ({ page }) => {
  if (!session) throw new Error('no session')
  // The web app keeps the session in localStorage (web/shared/api.ts).
  await page.addInitScript(({ token, user }) => {
    localStorage.setItem('vf.token', token)
    localStorage.setItem('vf.user', JSON.stringify(user))
  }, session)
})

const screens = adminScreens.flatMap((screen) => [screen.path, ...('aliases' in screen ? screen.aliases : [])])

for (const [device, use] of [['desktop', {}], ['phone', phone]] as const) {
  test.describe(device, () => {
    test.use(use)
    for (const path of screens) {
      test(`${path} has no serious or critical WCAG A/AA violations on a ${device}`, async ({ page }) => {
        await page.goto(path)
        // The screen itself, not the sign-in page or the dashboard a refused role is sent to.
        await expect(page).toHaveURL(new RegExp(`${path.replace(/[/-]/g, '\\$&')}$`))
        const violations = await axeViolations(page)
        for (const v of violations.filter((x) => !isSerious(x))) test.info().annotations.push({ type: 'axe', description: v.line })
        expect(violations.filter(isSerious).map((v) => v.line)).toEqual([])
      })
    }
  })
}
