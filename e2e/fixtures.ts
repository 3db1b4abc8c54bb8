// Shared facts for the e2e suite: the server is started by playwright.config.ts with these
// credentials on a fresh DATA_DIR with the reference data and the demo set.
import fs from 'node:fs'
import path from 'node:path'
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test'
export const e2eAdmin = { email: 'admin@e2e.vitifarmers.test', password: 'E2e-Admin!2026', name: 'Administrator' }

/**
 * The SMTP port the e2e server sends to (SMTP_URL in playwright.config.ts), one per E2E_PORT so
 * parallel runs never share it. Only e2e/back-office-2.spec.ts listens there; while nobody does,
 * a send is refused at once and recorded as failed, so other specs are unaffected.
 */
export function e2eSmtpPort(appPort: number): number {
  return 2525 + (appPort - 3100)
}

/** Today in Fiji (Pacific/Fiji) plus `offset` days, as the API's dates are written (yyyy-mm-dd). */
/** The e2e server's data folder (its SQLite file): one per E2E_PORT, as playwright.config.ts sets it. */
export const e2eDataDir = (port = Number(process.env.E2E_PORT ?? 3100)) => (port === 3100 ? '.e2e-data' : `.e2e-data-${port}`)

/** The folder the e2e server serves the built web app from (playwright.config.ts builds into it). */
export const e2eWebDir = (port = Number(process.env.E2E_PORT ?? 3100)) => (port === 3100 ? 'dist' : `.tmp/dist-${port}`)

/**
 * A new deployment for as long as `during` runs: the served sw.js gains a line, so a registration
 * that checks finds a new version. Afterwards only that line is taken out again, so two tests in
 * parallel workers (offline (e), the iTaukei banner) cannot leave the file changed for the rest.
 */
export async function whileNewVersionServed(during: () => Promise<void>): Promise<void> {
  const swFile = path.join(e2eWebDir(), 'sw.js')
  const mark = `\n// e2e: a new version ${Date.now()}-${Math.random().toString(36).slice(2)}\n`
  fs.appendFileSync(swFile, mark)
  try {
    await during()
  } finally {
    fs.writeFileSync(swFile, fs.readFileSync(swFile, 'utf8').replace(mark, ''))
  }
}

export const fijiDay = (offset = 0) => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Fiji' }).format(new Date())
  return new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86400000).toISOString().slice(0, 10)
}

/** A bearer token for the e2e global admin, through the API. */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email: e2eAdmin.email, password: e2eAdmin.password } })
  expect(res.status(), await res.text()).toBe(200)
  return ((await res.json()) as { token: string }).token
}

/** Signs the e2e global admin in on the sign-in screen, as staff do. */
export async function signInAsAdmin(page: Page) {
  await page.goto('/login')
  await page.getByLabel('Email').fill(e2eAdmin.email)
  await page.getByLabel('Password', { exact: true }).fill(e2eAdmin.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/admin$/)
}

/**
 * The page's HTML is the server's until the app's scripts have run (they start after the first
 * paint, decision 029): what only the app does (a tooltip on hover) needs React to hold `element`.
 * Typing and the last tap before then are given back by the app itself.
 */
export async function untilHydrated(element: Locator) {
  await expect.poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactProps'))), { timeout: 30_000 }).toBe(true)
}

/** Installed: the service worker is active (its precache filled) and controls the page. */
export async function waitForServiceWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => {}))
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
}

/**
 * After a write, a public answer may be the previous one for a few seconds while one rebuild runs
 * (ANSWER_STALE_MS, decision 022) — to every client but the writer's own web app. A spec that
 * writes through the API and then reads in the browser waits until `path` answers as `served` expects.
 */
export async function untilPublicAnswer<T>(request: APIRequestContext, path: string, served: (body: T) => boolean) {
  await expect
    .poll(async () => {
      const res = await request.get(path)
      return res.ok() && served((await res.json()) as T)
    }, { timeout: 15_000 })
    .toBe(true)
}

/**
 * Opens `path` with the app's entry script held back, so the HTML alone shows; `whileHtmlOnly` looks
 * at the page then (given its first h1, attached). Then the script runs, and this waits until React
 * holds that very h1: hydrated, not drawn anew.
 */
export async function expectHeadingHydrated(page: Page, path: string, whileHtmlOnly: (heading: Locator) => Promise<void> = async () => undefined) {
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  const hold = /\/assets\/index-[^/]+\.js$/
  await page.route(hold, async (route) => {
    await held
    await route.continue()
  })
  try {
    await page.goto(path, { waitUntil: 'commit' })
    const heading = page.locator('h1').first()
    await expect(heading).toBeAttached({ timeout: 30_000 })
    await whileHtmlOnly(heading)
    await heading.evaluate((element) => element.setAttribute('data-seen-before-scripts', ''))
    release()
    await expect.poll(() => heading.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber'))), { timeout: 30_000 }).toBe(true)
    await expect(heading).toHaveAttribute('data-seen-before-scripts', '')
  } finally {
    release()
    await page.unroute(hold)
  }
}

const HYDRATION = /hydrat|did not match|server rendered|text content does not match/i

/** Every hydration warning, console error or uncaught error the page reports (a failed resource
 * load, e.g. a 404 page's own status, is the network's line, not the app's), tagged with `label()`. */
export function collectProblems(page: Page, label: () => string = () => page.url()): string[] {
  const found: string[] = []
  page.on('console', (message) => {
    const text = message.text()
    if (HYDRATION.test(text)) found.push(`${label()}: ${message.type()}: ${text}`)
    else if (message.type() === 'error' && !/Failed to load resource/.test(text)) found.push(`${label()}: error: ${text}`)
  })
  page.on('pageerror', (error) => found.push(`${label()}: uncaught: ${error.message}`))
  return found
}

/** Fills the farmer signup form (public or the agent's) with a valid signup: Nausori, Dalo (Taro), July 2026, the terms agreed. */
export async function fillFarmerSignup(page: Page, name: string, { email = '' }: { email?: string } = {}) {
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name)
  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('+679 912 3456')
  if (email) await page.getByLabel('Email').fill(email)
  await page.getByLabel('Village').fill('Nakasi')
  await page.getByRole('checkbox', { name: 'Nausori', exact: true }).check()
  await page.getByRole('checkbox', { name: 'Dalo (Taro)', exact: true }).check()
  await page.getByLabel('Start Date').fill('2026-07-01')
  await page.getByLabel('End Date').fill('2026-07-31')
  await page.getByRole('checkbox', { name: /I agree to the Terms of Use/ }).check()
}
