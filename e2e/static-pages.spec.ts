import { expect, test } from '@playwright/test'

test('About: mission, buyers, farmers, handshake-only, free, and Start Browsing Farmers', async ({ page }) => {
  await page.goto('/about')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Viti Farmers')
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Our Mission', 'For Buyers', 'For Farmers', 'Handshake Only', 'Free for Buyers, Always'])
  await expect(page.getByText(/handshake-only marketplace/)).toBeVisible()
  await expect(page.getByText(/free, non-profit platform/)).toBeVisible()
  await page.getByRole('link', { name: 'Start Browsing Farmers' }).click()
  await expect(page).toHaveURL(/\/$/)
})

test('How It Works: farmer and buyer steps, and the note on discounts', async ({ page }) => {
  await page.goto('/how-it-works')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('How It Works')
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['For Farmers', 'For Buyers'])
  await expect(page.getByRole('heading', { level: 3 })).toHaveText([
    "Step 1: Join the Growers' Network",
    'Step 2: Share your farm details',
    'Step 3: Go live once verified',
    'Step 4: Support from our team',
    'Step 1: Browse',
    'Step 2: Connect',
    'Step 3: Order',
    'Step 4: Receive',
  ])
  await expect(page.getByText(/valid e-mail address: your approval notice is sent there/)).toBeVisible()
  await expect(page.getByText(/don.t ask for discounts/)).toBeVisible()
})

test('Terms of Use: the eight sections in order', async ({ page }) => {
  await page.goto('/terms-of-use')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Use')
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([
    'Permitted Use',
    'Prohibited Use',
    'Conduct',
    'Platform Disclaimer',
    'Compliance',
    'Changes',
    'Right to Reject or Remove Listings',
    'Public Information',
  ])
  for (const banned of [/illicit drugs/, /Fiji Revenue and Customs Service or the Fiji Police Force/, /hate speech/, /fraudulent listings/]) {
    await expect(page.getByText(banned)).toBeVisible()
  }
})

test('Contact Us: support e-mail and office hours', async ({ page }) => {
  await page.goto('/contact-us')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us')
  await expect(page.getByRole('heading', { level: 2, name: 'Email Support' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Office Hours' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'support@vitifarmers.org.fj' })).toHaveAttribute('href', 'mailto:support@vitifarmers.org.fj')
  await expect(page.getByText('8:00 AM–10:00 PM Fiji Time, Monday to Sunday')).toBeVisible()
})

test('each static page sets its title', async ({ page }) => {
  for (const [path, title] of [
    ['/about', 'About Viti Farmers'],
    ['/how-it-works', 'How It Works'],
    ['/terms-of-use', 'Terms of Use'],
    ['/contact-us', 'Contact Us'],
  ] as const) {
    await page.goto(path)
    await expect(page).toHaveTitle(`${title} — Viti Farmers`)
  }
})
