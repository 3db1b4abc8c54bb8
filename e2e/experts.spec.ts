import { expect, test } from '@playwright/test'
import { noisyPng, pngFile } from './images'

// Demo data (db/seed/demo-data.ts): three active experts and two inactive ones.
const activeExperts = ['Kalesi Vatunitu', 'Pranesh Kumar', 'Inoke Ravuvu']
const inactiveExperts = ['Neelam Sami', 'Alipate Tawake']

const expertiseOptions = [
  'Agricultural Engineering', 'Crop Science', 'Soil Science', 'Plant Pathology', 'Entomology', 'Agricultural Economics',
  'Animal Science', 'Veterinary Medicine', 'Agricultural Extension', 'Irrigation & Water Management',
  'Post-Harvest Technology', 'Organic Farming', 'Sustainable Agriculture', 'Farm Management', 'Agricultural Policy',
  'Food Safety & Quality', 'Agricultural Marketing', 'Climate Change Adaptation', 'Agroforestry', 'Precision Agriculture',
  'Other',
]

test('expert registration: messages, a photo, then Registration Submitted!', async ({ page }) => {
  await page.goto('/expert-signup')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Expert Registration')
  await expect(page.getByLabel('Area of Expertise').locator('option')).toHaveText(['Select your area of expertise', ...expertiseOptions])

  await page.getByRole('button', { name: 'Submit Registration' }).click()
  const summary = page.getByRole('alert').filter({ hasText: 'Please correct the following:' })
  await expect(summary).toBeFocused()
  await expect(summary.getByRole('link')).toHaveText(['Name is required', 'Contact number is required', 'Please enter a valid email address'])
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Please enter a valid email address')

  const name = `E2E Expert ${Date.now()}`
  await page.getByLabel('Full Name').fill(name)
  await page.getByLabel('Company / Organisation').fill('E2E Agronomy Ltd')
  await page.getByLabel('Area of Expertise').selectOption('Soil Science')
  await page.getByLabel('Contact Number').fill('+679 999 0000')
  await page.getByLabel('Email').fill('e2e.expert@example.com')
  await page.getByLabel('About You').fill('Soil testing for root crops.')

  await page.getByLabel('Profile Photo: choose a file').setInputFiles(pngFile('me.png'))
  // Kept on the phone (made smaller there) and uploaded with the registration, not now.
  await expect(page.getByRole('status').filter({ hasText: 'Photo added' })).toBeVisible()
  await expect(page.getByRole('img', { name: 'Preview of profile photo' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Replace Photo' })).toBeVisible()

  const request = page.waitForRequest((r) => r.url().endsWith('/api/public/expert-signup') && r.method() === 'POST')
  await page.getByRole('button', { name: 'Submit Registration' }).click()
  const sent = await request
  expect(sent.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/)
  expect(sent.postDataJSON()).toMatchObject({ name, expertField: 'Soil Science', photoUrl: expect.stringMatching(/^\/objects\/uploads\//) })

  await expect(page.getByRole('heading', { level: 1, name: 'Registration Submitted!' })).toBeVisible()
  await page.getByRole('link', { name: 'Return to Homepage' }).click()
  await expect(page).toHaveURL(/\/$/)

  // Self-registered experts wait for an administrator: not in the directory yet.
  await page.goto('/experts')
  await expect(page.getByRole('heading', { level: 2, name: activeExperts[0] })).toBeVisible()
  await expect(page.getByText(name)).toHaveCount(0)
})

test('a camera photo over 5 MB is made smaller on the phone, not refused', async ({ page }) => {
  await page.goto('/expert-signup')
  const big = noisyPng(1500, 1300)
  expect(big.length).toBeGreaterThan(5 * 1024 * 1024)
  await page.getByLabel('Profile Photo: choose a file').setInputFiles({ name: 'camera.png', mimeType: 'image/png', buffer: big })
  await expect(page.getByRole('status').filter({ hasText: 'Photo added' })).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: 'File size must be less than 5MB' })).toHaveCount(0)
})

test('a file that is not an image is refused with a dismissible message', async ({ page }) => {
  await page.goto('/expert-signup')
  await page.getByLabel('Profile Photo: choose a file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') })
  const error = page.getByRole('alert').filter({ hasText: 'Please select an image file' })
  await expect(error).toBeVisible()
  await error.getByRole('button', { name: 'Dismiss error' }).click()
  await expect(error).toHaveCount(0)
})

test('the expert directory lists active experts, expands details and opens Get in Touch', async ({ page }) => {
  await page.goto('/experts')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Talk to Subject Matter Experts')
  await expect(page.getByText(/^\d+ experts? available$/)).toBeVisible()
  for (const expert of activeExperts) await expect(page.getByRole('heading', { level: 2, name: expert })).toBeVisible()
  for (const expert of inactiveExperts) await expect(page.getByText(expert)).toHaveCount(0)
  await expect(page.getByRole('link', { name: '← Back to Home' })).toHaveAttribute('href', '/')

  const card = page.getByRole('article', { name: 'Kalesi Vatunitu' })
  await expect(card.getByText('Viti Soil & Crop Advisory')).toBeVisible()
  const expertise = card.getByRole('button', { name: 'Soil Science' })
  await expect(expertise).toHaveAttribute('aria-expanded', 'false')
  await expertise.click()
  await expect(expertise).toHaveAttribute('aria-expanded', 'true')
  await expect(card.getByRole('link', { name: /^\+?[\d\s]+$/ })).toHaveAttribute('href', /^tel:/)
  await expect(card.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/)
  await expect(card.getByText('Soil testing and fertiliser plans for dalo and root crops.')).toBeVisible()

  const getInTouch = card.getByRole('button', { name: 'Get in Touch' })
  await getInTouch.click()
  const dialog = page.getByRole('dialog', { name: 'Get in Touch with Kalesi Vatunitu' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('link', { name: /^Call / })).toHaveAttribute('href', /^tel:/)
  await expect(dialog.getByRole('link', { name: 'Email' })).toHaveAttribute('href', /^mailto:/)
  await expect(dialog.getByRole('heading', { name: 'Background' })).toBeVisible()
  await expect(dialog.getByText(/free of charge/)).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(getInTouch).toBeFocused()

  // The close button works too.
  await getInTouch.click()
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test("a server failure (500) on an expert registration says 'Failed to submit registration', keeps every entry, and a retry sends it once", async ({ page }) => {
  await page.goto('/expert-signup')
  const name = `E2E Failing Expert ${Date.now()}`
  await page.getByLabel('Full Name').fill(name)
  await page.getByLabel('Area of Expertise').selectOption('Crop Science')
  await page.getByLabel('Contact Number').fill('+679 999 0001')
  await page.getByLabel('Email').fill('e2e.failing.expert@example.com')
  await page.getByLabel('About You').fill('Taro beetle control.')
  await page.getByLabel('Profile Photo: choose a file').setInputFiles(pngFile('me.png'))
  await expect(page.getByRole('img', { name: 'Preview of profile photo' })).toBeVisible()

  let failing = true
  let failedPosts = 0
  const keys: string[] = []
  await page.route('**/api/public/expert-signup', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback()
    keys.push(route.request().headers()['idempotency-key'] ?? '')
    if (!failing) return route.continue()
    failedPosts++
    await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Internal server error' }) })
  })
  await page.getByRole('button', { name: 'Submit Registration' }).click()

  // The phone is online and the server failed: the spec's words, never "saved … back online".
  await expect(page.locator('form').getByRole('alert')).toContainText('Failed to submit registration. Please try again.')
  await expect(page.locator('[role="alert"] [data-variant="destructive"]')).toContainText('Failed to submit registration. Please try again.')
  await expect(page.getByText('Saved on this phone')).toHaveCount(0)
  await expect(page.getByText(/back online/)).toHaveCount(0)
  // Nothing typed is lost.
  await expect(page.getByLabel('Full Name')).toHaveValue(name)
  await expect(page.getByLabel('Area of Expertise')).toHaveValue('Crop Science')
  await expect(page.getByLabel('About You')).toHaveValue('Taro beetle control.')
  await expect(page.getByRole('img', { name: 'Preview of profile photo' })).toBeVisible()
  // Withdrawn from the outbox: nothing sends it again behind the visitor's back.
  const attempts = failedPosts
  await expect(page.getByRole('link', { name: /unsent/ })).toHaveCount(0)
  expect(failedPosts).toBe(attempts)

  failing = false
  await page.getByRole('button', { name: 'Submit Registration' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Registration Submitted!' })).toBeVisible()
  expect(keys.slice(attempts)).toHaveLength(1)
})
