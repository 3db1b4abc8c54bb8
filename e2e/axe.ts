// One axe-core run for the a11y specs: WCAG 2.0/2.1 A and AA rules on what the page shows now.
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/** A phone (Pixel 7 sized), without the device's browser type so it can be used inside a group. */
export const phone = { viewport: { width: 412, height: 915 }, deviceScaleFactor: 2.625, isMobile: true, hasTouch: true }

export interface Violation {
  id: string
  impact: string
  line: string
}

/** Waits for the screen's h1 and the network to settle, then answers every violation axe finds. */
export async function axeViolations(page: Page): Promise<Violation[]> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
  await page.waitForLoadState('networkidle')
  const results = await new AxeBuilder({ page }).withTags(wcagTags).analyze()
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact ?? 'unknown',
    line: `${v.impact ?? '?'} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`,
  }))
}

export const isSerious = (v: Violation) => v.impact === 'serious' || v.impact === 'critical'
