// Translations that improve after release (issue 20): a global admin corrects one iTaukei string
// on /admin/translations and marks it reviewed; a visitor who chose iTaukei sees the correction on
// the public page after the next fetch, and still sees it offline.
import { expect, test } from '@playwright/test'
import { adminToken, signInAsAdmin } from './fixtures'

const KEY = 'app.language.label'
const CORRECTION = 'Vosa vakayagataki'

test.afterAll(async ({ request }) => {
  // Leave the shipped word for the other specs.
  await request.delete(`/api/admin/translations/fj/${KEY}`, { headers: { Authorization: `Bearer ${await adminToken(request)}` } })
})

test('a staff correction to an iTaukei string shows on the public page after the next fetch, and offline', async ({ page, browser }) => {
  // The visitor has iTaukei on this phone and has seen the shipped word before the correction.
  const visitor = await browser.newContext({ serviceWorkers: 'allow' })
  await visitor.addInitScript(() => localStorage.setItem('viti.locale', 'fj'))
  const phone = await visitor.newPage()
  await phone.goto('/')
  const picker = phone.getByRole('combobox', { name: 'Vosa' })
  await expect(picker).toBeVisible()
  await expect(phone.locator('html')).toHaveAttribute('lang', 'fj')

  // The global admin finds the string, corrects it, and marks it reviewed.
  await signInAsAdmin(page)
  await page.getByRole('link', { name: 'Translations' }).click()
  await expect(page).toHaveURL(/\/admin\/translations$/)
  await expect(page.getByRole('combobox', { name: 'Translation language' })).toHaveValue('fj')
  await page.getByRole('searchbox', { name: 'Search' }).fill(KEY)
  const translation = page.getByRole('textbox', { name: `Translation of ${KEY}` })
  await expect(translation).toHaveValue('Vosa')
  await expect(page.getByRole('row').filter({ hasText: KEY })).toContainText('Language')
  await expect(page.getByRole('row').filter({ hasText: KEY })).toContainText('Machine-drafted')

  // A placeholder English does not have is refused with the reason, and nothing changes.
  await translation.fill('Vosa {town}')
  await page.getByRole('button', { name: `Save ${KEY}` }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'The translation must use the same placeholders as English' })).toBeVisible()

  await translation.fill(CORRECTION)
  await page.getByRole('button', { name: `Save ${KEY}` }).click()
  await expect(page.getByText('Translation saved')).toBeVisible()
  await page.getByRole('button', { name: `Mark ${KEY} reviewed` }).click()
  await expect(page.getByRole('row').filter({ hasText: KEY })).toContainText('Reviewed')
  await expect(page.getByRole('row').filter({ hasText: KEY })).toContainText('the file says: Vosa')

  // The phone's next fetch (its next start) brings the correction.
  await phone.evaluate(() => navigator.serviceWorker.ready.then(() => {}))
  await phone.waitForFunction(() => navigator.serviceWorker.controller !== null)
  await phone.reload()
  await expect(phone.getByRole('combobox', { name: CORRECTION })).toBeVisible()

  // Kept by the worker: offline, the page still says it the corrected way.
  await visitor.setOffline(true)
  await phone.reload()
  await expect(phone.getByRole('combobox', { name: CORRECTION })).toBeVisible()
  await visitor.setOffline(false)
  await visitor.close()
})
