// Keyboard-only use, as axe cannot see it: where focus goes after a submit or a dialog, on a phone
// and at 1280 wide.
import { expect, test, type Locator, type Page } from '@playwright/test'
import { phone } from './axe'
import { fillFarmerSignup, signInAsAdmin, untilHydrated, waitForServiceWorker } from './fixtures'

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
    // The app holds the box first: with the clock paused, the HTML's box would keep what is typed
    // until the app's timers run, which they never do here.
    await untilHydrated(box)
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

  test('Outbox: after Delete is confirmed from the keyboard, focus goes to the Unsent list, not to the page', async ({ page, context }) => {
    await page.goto('/farmer-signup')
    await waitForServiceWorker(page)
    await context.setOffline(true)
    await saveSignupOnPhone(page, `Keyboard Farmer ${Date.now()}`)
    await page.goto('/outbox')
    const card = page.getByTestId('outbox-item').first()
    await card.getByRole('button', { name: 'Delete' }).focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog')
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Delete', exact: true }).focus()
    await page.keyboard.press('Enter')
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('status').filter({ hasText: 'Item deleted' })).toBeVisible()
    await expect(page.getByRole('heading', { name: /^Unsent \(\d+\)$/ })).toBeFocused()
  })

  test('Outbox: Clear sent from the keyboard leaves focus on the Unsent list, not on the page', async ({ page, context }) => {
    await page.goto('/farmer-signup')
    await waitForServiceWorker(page)
    await context.setOffline(true)
    const name = `Sent Keyboard Farmer ${Date.now()}`
    await saveSignupOnPhone(page, name)
    await context.setOffline(false)
    await page.goto('/outbox')
    await expect(page.getByTestId('outbox-item').filter({ hasText: name })).toHaveAttribute('data-status', 'sent', { timeout: 20_000 })
    await page.getByRole('button', { name: 'Clear sent items' }).focus()
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('outbox-item').filter({ hasText: name })).toHaveCount(0)
    await expect(page.getByRole('heading', { name: /^Unsent \(\d+\)$/ })).toBeFocused()
  })
})

test('Signup Approvals at 1280 wide: Approve from the keyboard leaves focus in the pending list, not on the page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await signInAsAdmin(page)
  await page.goto('/admin/signups')
  const pending = page.locator('section[aria-labelledby="pending-signups"]')
  const approve = pending.getByRole('button', { name: /^Approve / }).first()
  const name = (await approve.getAttribute('aria-label'))?.replace(/^Approve /, '') ?? ''
  await approve.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status').filter({ hasText: 'Signup approved successfully and farmer account created' })).toBeVisible()
  await expect(pending.getByRole('listitem').filter({ hasText: name })).toHaveCount(0)
  // Focus is on a control of the list the card left (the next application), never dropped on <body>.
  await expect(pending.locator(':focus')).toHaveCount(1)
})

test.describe('at 200 % text on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } })

  for (const [path, button] of [['/about', 'Start Browsing Farmers'], ['/how-it-works', "Join Our Growers' Network"], ['/reviews/farms', /^Show more farms/]] as const) {
    test(`${path}: the "${String(button)}" button wraps its words instead of running off the screen`, async ({ page }) => {
      await page.goto(path)
      const control = page.getByRole('main').getByRole(path === '/reviews/farms' ? 'button' : 'link', { name: button })
      await expect(control.first()).toBeVisible()
      // The reader's text size: the browser's default font size doubled, as every size here is in rem.
      await page.evaluate(() => document.documentElement.style.setProperty('font-size', '200%'))
      for (const one of await control.all()) {
        const box = await one.boundingBox()
        expect(box && box.x + box.width).toBeLessThanOrEqual(360)
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    })
  }
})

/** A farmer signup sent while offline: it waits in the Outbox. */
async function saveSignupOnPhone(page: Page, name: string) {
  await page.goto('/farmer-signup')
  await fillFarmerSignup(page, name)
  await page.getByRole('button', { name: 'Submit Application' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Saved on this phone' })).toBeVisible()
}
