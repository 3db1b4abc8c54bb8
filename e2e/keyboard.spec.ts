// Keyboard-only use, as axe cannot see it: where focus goes after a submit or a dialog, on a phone
// and at 1280 wide.
import { expect, test } from '@playwright/test'
import { phone } from './axe'

test.describe('on a phone', () => {
  test.use(phone)

  test('home: a search submitted the moment it is typed moves focus to its results, never to the page', async ({ page }) => {
    await page.clock.install()
    await page.goto('/')
    const box = page.getByRole('searchbox', { name: 'Search farmers or produce' })
    await box.click()
    // The page's clock stands still: "Go" is pressed before the typing pause (300 ms) is over,
    // however slow the machine.
    await page.clock.pauseAt(Date.now() + 5000)
    await box.fill('Tomatoes')
    await box.press('Enter')
    await expect(box).toBeFocused()
    await page.clock.runFor(1000)
    await expect(page.getByRole('heading', { name: 'Search Results' })).toBeFocused()
  })
})
