// Keyboard-only use, as axe cannot see it: where focus goes after a submit or a dialog, on a phone
// and at 1280 wide.
import { expect, test, type Locator } from '@playwright/test'
import { phone } from './axe'

/** The live regions a screen reader hears `text` from: itself and each ancestor with a live role or aria-live. */
function liveRegionsAround(text: Locator): Promise<string[]> {
  return text.evaluate((node) => {
    const regions: string[] = []
    for (let el: Element | null = node; el; el = el.parentElement) {
      const role = el.getAttribute('role')
      const live = el.getAttribute('aria-live')
      if ((live && live !== 'off') || role === 'status' || role === 'alert' || role === 'log') regions.push(role ?? `aria-live=${live}`)
    }
    return regions
  })
}

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

  test('a toast is announced once: its text sits in one live region, not one inside another', async ({ page }) => {
    // The browser declines to keep storage (as it does until the app is installed).
    await page.addInitScript(() => {
      Object.defineProperty(navigator.storage, 'persist', { value: () => Promise.resolve(false) })
    })
    await page.goto('/outbox')
    await page.getByRole('button', { name: 'Keep storage' }).click()
    const toastTitle = page.getByText('The browser did not agree yet', { exact: false }).first()
    await expect(toastTitle).toBeVisible()
    expect(await liveRegionsAround(toastTitle)).toEqual(['status'])
  })
})
