// Automated WCAG 2 A/AA checks (axe-core) on the screens people reach first.
import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'

const pages = ['/', '/browse-farmers', '/reviews', '/reviews/farms', '/farmer-signup', '/expert-signup', '/experts', '/about', '/how-it-works', '/terms-of-use', '/contact-us', '/analytics', '/login', '/no/such/page']

for (const path of pages) {
  test(`${path} has no WCAG A/AA violations`, async ({ page }) => {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.waitForLoadState('networkidle')
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
    const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`)
    expect(summary).toEqual([])
  })
}
