// Back office II in real Chromium: what staff do there shows where the public looks — an approved
// review on /reviews, an activated expert on /experts, a new produce in the signup form (also
// offline once the phone has refreshed its lists), and an e-mail from /admin/email reaching a
// real SMTP server started here (the e2e server's SMTP_URL points at it, playwright.config.ts).
import AxeBuilder from '@axe-core/playwright'
import { SMTPServer } from 'smtp-server'
import { expect, test, type APIRequestContext } from '@playwright/test'
import { e2eSmtpPort, signInAsAdmin, waitForServiceWorker } from './fixtures'

const appPort = Number(process.env.E2E_PORT ?? 3100)
const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`

/** A queued form's POST as the outbox sends it: with its own Idempotency-Key (required there). */
async function postOk(request: APIRequestContext, url: string, data: unknown) {
  const res = await request.post(url, { data, headers: { 'Idempotency-Key': crypto.randomUUID() } })
  expect(res.status(), await res.text()).toBe(201)
  return (await res.json()) as { id: string }
}

test('a pending platform review approved by an admin appears on /reviews', async ({ page, request }) => {
  const marker = `approved-${tag()}`
  const comment = `The directory helped our restaurant find fresh bele every week in Suva ${marker}`
  await postOk(request, '/api/public/reviews', { userName: 'Salote', rating: 5, comment })
  await page.goto('/reviews')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByText(marker)).toHaveCount(0)

  await signInAsAdmin(page)
  await page.goto('/admin/reviews')
  await expect(page.getByRole('tab', { name: /^Pending \(\d+\)$/ })).toHaveAttribute('aria-selected', 'true')
  const card = page.getByRole('listitem').filter({ hasText: marker })
  await expect(card.getByRole('img', { name: '5 out of 5 stars' })).toBeVisible()
  await card.getByRole('button', { name: 'Approve' }).click()
  const dialog = page.getByRole('dialog', { name: 'Approve Review' })
  await expect(dialog.getByText('This review will be visible to the public on the reviews page.')).toBeVisible()
  await dialog.getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByText('Review has been successfully moderated.')).toBeVisible()
  await page.getByRole('tab', { name: /^Approved/ }).click()
  await expect(page.getByRole('listitem').filter({ hasText: marker }).getByText('Approved', { exact: true })).toBeVisible()

  await page.goto('/reviews')
  await expect(page.getByText(marker)).toBeVisible()
})

test('a self-registered expert activated by an admin appears on /experts', async ({ page, request }) => {
  const name = `Dr Vula ${tag()}`
  await postOk(request, '/api/public/expert-signup', { name, contactNumber: '+679 330 9999', email: `vula.${tag()}@example.fj`, expertField: 'Soil Science' })
  await page.goto('/experts')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByText(name)).toHaveCount(0)

  await signInAsAdmin(page)
  await page.goto('/admin/subject-matter-experts')
  const toggle = page.getByRole('switch', { name: `${name} active` })
  await expect(toggle).toHaveAttribute('aria-checked', 'false')
  await toggle.click()
  await expect(page.getByText('Expert status updated successfully')).toBeVisible()
  await expect(toggle).toHaveAttribute('aria-checked', 'true')

  await page.goto('/experts')
  await expect(page.getByText(name)).toBeVisible()
})

test('a produce added by a global admin is offered in the signup form, and offline after the next refresh', async ({ page, context, browser }) => {
  const produce = `Duruka ${tag()}`
  // The phone: online once, the service worker in control, the form's lists kept on the phone.
  await page.goto('/farmer-signup')
  await waitForServiceWorker(page)
  await expect(page.getByRole('checkbox', { name: 'Bele', exact: true })).toBeVisible()
  await expect(page.getByRole('checkbox', { name: produce, exact: true })).toHaveCount(0)

  // The office: another browser adds the produce on /admin/produce.
  const office = await browser.newContext()
  const admin = await office.newPage()
  await signInAsAdmin(admin)
  await admin.goto('/admin/produce')
  await expect(admin.getByRole('heading', { level: 1, name: /^All Produce \(\d+\)$/ })).toBeVisible()
  await admin.getByRole('button', { name: 'Add Produce' }).click()
  const dialog = admin.getByRole('dialog', { name: 'Add Produce' })
  await expect(dialog.getByLabel('Name')).toHaveAttribute('placeholder', 'Tomatoes')
  await dialog.getByRole('button', { name: 'Add Produce' }).click()
  await expect(dialog.getByText('Produce name is required')).toBeVisible()
  await dialog.getByLabel('Name').fill(produce)
  await dialog.getByRole('button', { name: 'Add Produce' }).click()
  await expect(admin.getByText('Produce item created successfully')).toBeVisible()
  await expect(admin.getByRole('cell', { name: produce, exact: true })).toBeVisible()
  await office.close()

  // Online, the form offers it at once.
  await page.reload()
  await expect(page.getByRole('checkbox', { name: produce, exact: true })).toBeVisible()

  // Coverage comes back ('online' refreshes the phone's lists); then offline, the form still has it.
  await context.setOffline(true)
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/produce') && r.ok())
  await context.setOffline(false)
  await refreshed
  await context.setOffline(true)
  await expect(async () => {
    await page.reload()
    await expect(page.getByRole('checkbox', { name: produce, exact: true })).toBeVisible({ timeout: 3_000 })
  }).toPass({ timeout: 20_000 })
  await context.setOffline(false)
})

test('the back office II screens have no WCAG A/AA violations, on a phone-sized screen too', async ({ page }) => {
  // Twelve axe runs on a shared 2-core machine.
  test.setTimeout(240_000)
  await signInAsAdmin(page)
  const screens = ['produce', 'categories', 'locations', 'subject-matter-experts', 'reviews', 'farm-reviews', 'email', 'analytics']
  // On a phone: the screens with tables, cards and the bars (the others are single forms).
  const phoneScreens = ['locations', 'subject-matter-experts', 'farm-reviews', 'analytics']
  for (const [width, list] of [[1280, screens], [390, phoneScreens]] as const) {
    await page.setViewportSize({ width, height: 900 })
    for (const screen of list) {
      await page.goto(`/admin/${screen}`)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await page.waitForLoadState('networkidle')
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
      const summary = results.violations.map((v) => `${screen}@${width}: ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`)
      expect.soft(summary).toEqual([])
    }
  }
  // The daily bars are a table a screen reader can read, with a caption.
  await page.goto('/admin/analytics')
  await expect(page.getByRole('table', { name: /Page views and visitors per day, last 7 days/ })).toBeVisible()
  await expect(page.getByRole('rowheader')).toHaveCount(7)
})

test.describe('Send Email over SMTP', () => {
  interface Received {
    recipients: string[]
    raw: string
  }
  const received: Received[] = []
  const REFUSED = 'nobody@refused.example'
  let smtp: SMTPServer

  test.beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (address.address !== REFUSED) return callback()
        callback(Object.assign(new Error('5.1.1 Mailbox unavailable'), { responseCode: 550 }))
      },
      onData(stream, session, callback) {
        let raw = ''
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()))
        stream.on('end', () => {
          received.push({ recipients: session.envelope.rcptTo.map((r) => r.address), raw })
          callback()
        })
      },
    })
    await new Promise<void>((resolve, reject) => {
      smtp.server.once('error', reject)
      smtp.listen(e2eSmtpPort(appPort), '127.0.0.1', resolve)
    })
  })
  test.afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()))
  })

  test('an e-mail sent from /admin/email is received by the SMTP server; a refused recipient shows the error', async ({ page }) => {
    const subject = `Listing confirmed ${tag()}`
    await signInAsAdmin(page)
    await page.goto('/admin/email')
    await expect(page.getByRole('status').filter({ hasText: 'Delivery mode: SMTP' })).toBeVisible()
    await expect(page.getByLabel('From')).toHaveValue('support@vitifarmers.org.fj')

    // Nothing is sent while the form is wrong.
    await page.getByRole('button', { name: 'Send Email' }).click()
    await expect(page.getByText('Please enter a valid email address')).toBeVisible()
    await expect(page.getByText('Subject is required')).toBeVisible()
    await expect(page.getByText('Message body is required')).toBeVisible()

    await page.getByLabel('From').selectOption('register@vitifarmers.org.fj')
    await page.getByLabel(/^To\b/).fill('mere@example.fj')
    await page.getByLabel('Subject').fill(subject)
    await expect(page.getByText(`${subject.length}/500 characters`)).toBeVisible()
    await page.getByLabel('Message').fill('Bula Mere, your farm is now listed.')
    await page.getByRole('button', { name: 'Send Email' }).click()
    await expect(page.getByText('Email sent successfully')).toBeVisible()
    await expect.poll(() => received.find((mail) => mail.raw.includes(subject))?.recipients).toEqual(['mere@example.fj'])
    expect(received.find((mail) => mail.raw.includes(subject))!.raw).toContain('your farm is now listed.')
    // The form is cleared for the next message.
    await expect(page.getByLabel('Subject')).toHaveValue('')

    await page.getByLabel(/^To\b/).fill(REFUSED)
    await page.getByLabel('Subject').fill(`${subject} again`)
    await page.getByLabel('Message').fill('This one is refused.')
    await page.getByRole('button', { name: 'Send Email' }).click()
    // Shown on the form (and in the error toast), in the mail server's words.
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(/^Failed to send email: 550 .*Mailbox unavailable/)
  })
})
