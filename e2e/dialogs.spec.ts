// Every dialog is dismissed the same way (web/shared/ui/dialog-dismiss.ts): the phone's Back button
// closes it and stays on the page, ✕ leaves no stray history entry behind, and a half-filled
// dialog asks before Escape, a click outside or Back throw it away. Plus the experts screen's
// delete confirmation for an expertise and its power toggle's icon.
import { expect, test, type Page } from '@playwright/test'
import { e2eAdmin } from './fixtures'

const discardQuestion = 'Discard your changes? What you entered in this dialog will be lost.'

/** Answers the next window.confirm with `accept`, and gives back its text. */
function answerConfirm(page: Page, accept: boolean): Promise<string> {
  return new Promise((resolve) => {
    page.once('dialog', (dialog) => {
      resolve(dialog.message())
      void (accept ? dialog.accept() : dialog.dismiss())
    })
  })
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test("Back closes an open dialog and stays on the page; ✕ leaves no history entry behind", async ({ page }) => {
    await page.goto('/about')
    await page.goto('/')
    const nadi = page.getByRole('button', { name: /^Nadi/ })
    await nadi.click()
    const dialog = page.getByRole('dialog', { name: 'Nadi' })
    await expect(dialog).toBeVisible()

    await page.goBack()
    await expect(dialog).toBeHidden()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('heading', { name: 'Browse by Location' })).toBeVisible()

    // Opened again and closed with ✕: the next Back leaves the page, as it would without a dialog.
    await nadi.click()
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(dialog).toBeHidden()
    await page.goBack()
    await expect(page).toHaveURL(/\/about$/)
  })

  test('a half-filled dialog asks before Escape, a click outside or Back throws it away; an untouched one closes at once', async ({ page }) => {
    let asked = 0
    page.on('dialog', () => asked++)
    await page.goto('/about')
    await page.goto('/reviews/farms')
    const leave = page.getByRole('button', { name: /^Leave a Review for / }).first()
    await leave.click()
    const dialog = page.getByRole('dialog', { name: /^Review / })
    await expect(dialog).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    expect(asked).toBe(0)

    await leave.click()
    await dialog.getByLabel('Comment').fill('Sweet pineapples, fair price.')
    const escape = answerConfirm(page, false)
    await page.keyboard.press('Escape')
    expect(await escape).toBe(discardQuestion)
    await expect(dialog).toBeVisible()
    await expect(dialog.getByLabel('Comment')).toHaveValue('Sweet pineapples, fair price.')

    const outside = answerConfirm(page, false)
    await page.mouse.click(4, 4)
    expect(await outside).toBe(discardQuestion)
    await expect(dialog.getByLabel('Comment')).toHaveValue('Sweet pineapples, fair price.')

    const back = answerConfirm(page, false)
    await page.goBack()
    expect(await back).toBe(discardQuestion)
    await expect(dialog.getByLabel('Comment')).toHaveValue('Sweet pineapples, fair price.')
    await expect(page).toHaveURL(/\/reviews\/farms$/)

    // Discarded on the second Back: closed, still on the page; one more Back leaves it.
    const discard = answerConfirm(page, true)
    await page.goBack()
    await discard
    await expect(dialog).toBeHidden()
    await expect(page).toHaveURL(/\/reviews\/farms$/)
    await page.goBack()
    await expect(page).toHaveURL(/\/about$/)
  })
})

test('deleting an expertise asks first; the power toggle shows an icon, not a character', async ({ page }) => {
  await page.goto('/login')
  await page.getByLabel('Email').fill(e2eAdmin.email)
  await page.getByLabel('Password', { exact: true }).fill(e2eAdmin.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  await page.goto('/admin/subject-matter-experts')

  const toggle = page.getByRole('switch').first()
  await expect(toggle).toBeVisible()
  await expect(toggle.locator('svg[data-icon="power"]')).toBeVisible()
  expect(await toggle.innerText()).not.toContain('⏻')

  await page.getByRole('button', { name: 'Manage Expertise' }).click()
  const manage = page.getByRole('dialog', { name: 'Manage Expertise' })
  const field = `Hydroponics ${Date.now().toString(36)}`
  await manage.getByLabel('New expertise').fill(field)
  await manage.getByRole('button', { name: 'Add' }).click()
  await expect(manage.getByText(field, { exact: true })).toBeVisible()

  await manage.getByRole('button', { name: `Delete ${field}` }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete Expertise' })
  await expect(confirm).toContainText(`Delete "${field}"?`)
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm).toBeHidden()
  await expect(manage.getByText(field, { exact: true })).toBeVisible()

  await manage.getByRole('button', { name: `Delete ${field}` }).click()
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(confirm).toBeHidden()
  await expect(manage.getByText(field, { exact: true })).toHaveCount(0)
  // The add field was typed in and cleared again: Escape closes at once.
  await page.keyboard.press('Escape')
  await expect(manage).toBeHidden()
})
