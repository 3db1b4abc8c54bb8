// Automated WCAG 2 A/AA checks (axe-core) on every public screen, on a desktop and on a phone.
import { expect, test } from '@playwright/test'
import { axeViolations, phone } from './axe'

const pages = ['/', '/browse-farmers', '/reviews', '/reviews/farms', '/farmer-signup', '/expert-signup', '/experts', '/about', '/how-it-works', '/terms-of-use', '/contact-us', '/analytics', '/login', '/outbox', '/no/such/page']

for (const [device, use] of [['desktop', {}], ['phone', phone]] as const) {
  test.describe(device, () => {
    test.use(use)
    for (const path of pages) {
      test(`${path} has no WCAG A/AA violations on a ${device}`, async ({ page }) => {
        await page.goto(path)
        expect((await axeViolations(page)).map((v) => v.line)).toEqual([])
      })
    }
  })
}
