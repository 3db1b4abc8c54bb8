// The offline field app (offline-sync.md) in real Chromium with the service worker: a data agent
// signs a farmer up with no coverage, the signup survives closing the page and goes out by itself
// exactly once; a 500 is retried, a 400 is fixed in the Outbox, an expired session waits for a
// sign-in, a new version never reloads over a dirty form, a camera-sized photo is queued small, and
// an app killed while its signup was on the way leaves it waiting, not 'Sending', with no coverage.
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test'
import { adminToken, e2eDataDir, fillFarmerSignup, waitForServiceWorker, whileNewVersionServed } from './fixtures'
import { noisyPng, pngFile } from './images'

const port = Number(process.env.E2E_PORT ?? 3100)
const dataDir = e2eDataDir(port)

// One test at a time: test (e) changes the served sw.js for a moment.
test.describe.configure({ mode: 'serial' })

// ---- helpers ---------------------------------------------------------------------------------

interface Agent {
  id: string
  name: string
  email: string
  password: string
}

/** A data agent made through the admin API (POST /api/admin/users, mustChangePassword false). */
async function createAgent(request: APIRequestContext, label: string): Promise<Agent> {
  const token = await adminToken(request)
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`
  const agent = { name: `Agent ${label} ${stamp}`, email: `agent.${label}.${stamp}@e2e.vitifarmers.test`, password: 'Field-Agent!2026' }
  const created = await request.post('/api/admin/users', {
    headers: { Authorization: `Bearer ${token}` },
    data: { ...agent, role: 'data_agent', mustChangePassword: false },
  })
  expect(created.status(), await created.text()).toBe(201)
  const body = (await created.json()) as { id: string }
  return { ...agent, id: body.id }
}

/** Signs in on the real /login screen. */
async function signInOnPage(page: Page, agent: Agent) {
  if (!page.url().includes('/login')) await page.goto('/login')
  await page.getByLabel('Email').fill(agent.email)
  await page.getByLabel('Password', { exact: true }).fill(agent.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  // /admin, or back where ?next= asked (the Outbox's 'Sign in to send').
  await expect(page).toHaveURL(/\/(admin|outbox)/)
}

async function openSignupForm(page: Page) {
  await page.goto('/farmer-signup')
  await expect(page.getByRole('checkbox', { name: 'Suva', exact: true })).toBeVisible()
  await expect(page.getByRole('checkbox', { name: 'Bele', exact: true })).toBeVisible()
}

interface SignupRow {
  id: string
  name: string
  email: string | null
  photoUrls: string[]
  dataAgentId: string | null
  dataAgentName: string | null
}

/**
 * The back office's view of the signups with this name: GET /api/admin/signups as the admin, or,
 * while that endpoint is not built, the server's SQLite file opened read-only.
 */
async function signupsNamed(request: APIRequestContext, name: string): Promise<SignupRow[]> {
  // The list pages on the server (issue 19): searched by the name, so every row with it is on the one page.
  const answer = await request.get(`/api/admin/signups?search=${encodeURIComponent(name)}&pageSize=200`, { headers: { Authorization: `Bearer ${await adminToken(request)}` } })
  if (answer.ok()) return ((await answer.json()) as SignupRow[]).filter((row) => row.name === name)
  const db = new Database(path.join(dataDir, 'viti-farmers.sqlite'), { readonly: true, fileMustExist: true })
  try {
    const rows = db.prepare('select id, name, email, photoUrls, dataAgentId, dataAgentName from farmer_signups where name = ?').all(name) as (Omit<SignupRow, 'photoUrls'> & { photoUrls: string })[]
    return rows.map((row) => ({ ...row, photoUrls: JSON.parse(row.photoUrls) as string[] }))
  } finally {
    db.close()
  }
}

/** The outbox's items and photos as stored in IndexedDB (the 'viti-farmers' database). */
async function storedOutbox(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ items: { id: string; status: string; kind: string; name: unknown }[]; photos: { outboxId: string; size: number; type: string; blobSize: number }[]; drafts: string[] }>(
        (resolve, reject) => {
          const open = indexedDB.open('viti-farmers')
          open.onerror = () => reject(open.error)
          open.onsuccess = () => {
            const db = open.result
            const tx = db.transaction(['outbox', 'photos', 'drafts'], 'readonly')
            const items = tx.objectStore('outbox').getAll()
            const photos = tx.objectStore('photos').getAll()
            const drafts = tx.objectStore('drafts').getAllKeys()
            tx.oncomplete = () => {
              db.close()
              resolve({
                items: (items.result as { id: string; status: string; kind: string; payload: { name?: unknown } }[]).map((i) => ({ id: i.id, status: i.status, kind: i.kind, name: i.payload.name })),
                photos: (photos.result as { outboxId: string; size: number; blob: Blob }[]).map((p) => ({ outboxId: p.outboxId, size: p.size, type: p.blob.type, blobSize: p.blob.size })),
                drafts: drafts.result.map(String),
              })
            }
            tx.onerror = () => reject(tx.error)
          }
        },
      ),
  )
}

const outboxItem = (page: Page, summary: string) => page.getByTestId('outbox-item').filter({ hasText: summary })

/** Online, signed in as a fresh data agent, the service worker in control. */
async function agentOnline(page: Page, request: APIRequestContext, label: string): Promise<Agent> {
  const agent = await createAgent(request, label)
  await page.goto('/')
  await waitForServiceWorker(page)
  await signInOnPage(page, agent)
  return agent
}

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true)
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible()
}

// ---- (a) -------------------------------------------------------------------------------------

test('(a) offline: the app opens, the directory browses, a signup with a photo is saved on the phone, survives the page, and goes out once', async ({ page, context, request }) => {
  // Online once: the home page, a city of the directory, then sign in as a data agent.
  await page.goto('/')
  await waitForServiceWorker(page)
  await page.goto('/browse-farmers')
  await page.getByRole('button', { name: /^Nadi \d+ farmers?$/ }).click()
  await page.getByRole('button', { name: /^All Farmers/ }).click()
  await expect(page.getByRole('heading', { name: '3. All farmers in Nadi' })).toBeVisible()
  await expect(page.getByTestId('farmer-card').first()).toBeVisible()
  const agent = await createAgent(request, 'a')
  await signInOnPage(page, agent)
  // The forms' reference lists are kept on the phone once the outbox has started.
  await openSignupForm(page)

  // No coverage.
  await goOffline(context, page)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible()

  // The cached directory.
  await page.goto('/browse-farmers')
  await page.getByRole('button', { name: /^Nadi \d+ farmers?$/ }).click()
  await page.getByRole('button', { name: /^All Farmers/ }).click()
  await expect(page.getByRole('heading', { name: '3. All farmers in Nadi' })).toBeVisible()
  await expect(page.getByTestId('farmer-card').first()).toBeVisible()

  // A signup with a photo, in Data Agent Mode.
  await openSignupForm(page)
  await expect(page.getByText('Data Agent Mode')).toBeVisible()
  const name = `Offline Farmer ${Date.now()}`
  await fillFarmerSignup(page, name)
  await page.getByLabel('Farm Photo 1: choose a file').setInputFiles(pngFile('farm.png'))
  await expect(page.getByRole('img', { name: 'Preview of farm photo 1' })).toBeVisible()
  await page.getByRole('button', { name: 'Submit Application' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Saved on this phone' })).toBeVisible()
  await expect(page.getByText(/saved on this phone/i).first()).toBeVisible()
  await expect(page.getByRole('link', { name: /1 unsent/ })).toBeVisible()

  // Close the page; a new one (still offline) finds it in the Outbox.
  await page.close()
  const second = await context.newPage()
  await second.goto('/outbox')
  await expect(second.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible()
  const item = outboxItem(second, name)
  await expect(item).toBeVisible()
  await expect(item).toHaveAttribute('data-status', 'waiting')
  await expect(item.getByText('Photos:')).toBeVisible()
  await expect(second.getByRole('button', { name: 'Send now' })).toBeDisabled()
  await expect(second.getByText('You are offline. Items are sent automatically when you are back online.')).toBeVisible()
  expect(await signupsNamed(request, name)).toHaveLength(0)

  // Coverage again: it goes out by itself (the online event).
  await context.setOffline(false)
  await expect(item).toHaveAttribute('data-status', 'sent', { timeout: 20_000 })
  await expect(second.getByRole('link', { name: /0 unsent/ })).toBeVisible()

  // Exactly one signup, under the agent, with the photo; the photo serves image bytes.
  const rows = await signupsNamed(request, name)
  expect(rows).toHaveLength(1)
  expect(rows[0]).toMatchObject({ dataAgentId: agent.id, dataAgentName: agent.name })
  expect(rows[0]!.photoUrls).toHaveLength(1)
  const photo = await request.get(rows[0]!.photoUrls[0]!)
  expect(photo.status()).toBe(200)
  expect(photo.headers()['content-type']).toMatch(/^image\//)
  expect((await photo.body()).byteLength).toBeGreaterThan(20)
})

// ---- (b) -------------------------------------------------------------------------------------

test("(b) a 500 on a data agent's signup is kept, retried by itself and recorded exactly once; the words say so, not 'offline'", async ({ page, request }) => {
  const agent = await createAgent(request, 'retry')
  await page.goto('/')
  await waitForServiceWorker(page)
  await signInOnPage(page, agent)
  await openSignupForm(page)
  const name = `Retry Farmer ${Date.now()}`
  await fillFarmerSignup(page, name)

  const keys: string[] = []
  let failNext = true
  await page.route('**/api/data-agent/signup', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '')
    if (failNext) {
      failNext = false
      await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Internal server error' }) })
    } else {
      await route.continue()
    }
  })
  await page.getByRole('button', { name: 'Submit Application' }).click()
  // The screen speaks as soon as the server answered 500: kept for a retry, and says that.
  await expect(page.getByRole('heading', { level: 1, name: 'Saved on this phone' })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: "The farmer's signup is saved on this phone." })).toContainText(
    'The server had a problem and could not take it yet. It will be tried again automatically.',
  )
  await expect(page.getByText(/back online/)).toHaveCount(0)
  await page.goto('/outbox')
  await expect(outboxItem(page, name)).toHaveAttribute('data-status', 'sent', { timeout: 20_000 })
  expect(keys).toHaveLength(2)
  expect(keys[1]).toBe(keys[0])
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/)
  expect(await signupsNamed(request, name)).toHaveLength(1)
})

// ---- (c) -------------------------------------------------------------------------------------

test('(c) a 400 needs attention: the form shows the message, the Outbox fixes it and resends it', async ({ page, request }) => {
  await page.goto('/')
  await waitForServiceWorker(page)
  await openSignupForm(page)
  const name = `Refused Farmer ${Date.now()}`
  await fillFarmerSignup(page, name, { email: 'first@example.com' })

  let refuseNext = true
  await page.route('**/api/farmer-signup', async (route) => {
    if (refuseNext) {
      refuseNext = false
      await route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Please enter a valid email', issues: [{ path: 'email', message: 'Please enter a valid email' }] }),
      })
    } else {
      await route.continue()
    }
  })
  await page.getByRole('button', { name: 'Submit Application' }).click()
  // Needs attention at once: the server's message on the form, the values kept.
  await expect(page.getByRole('alert').filter({ hasText: 'The server did not accept this signup: Please enter a valid email' })).toBeVisible()
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription(/Please enter a valid email/)
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name)

  // The Outbox: needs attention, with the server's message; fixed there and resent.
  await page.getByRole('link', { name: /1 unsent/ }).click()
  await expect(page).toHaveURL(/\/outbox$/)
  const item = outboxItem(page, name)
  await expect(item).toHaveAttribute('data-status', 'needsAttention')
  await expect(item.getByText('Needs attention')).toBeVisible()
  await expect(item.getByText('Please enter a valid email')).toBeVisible()
  await item.getByRole('button', { name: 'Fix and resend' }).click()
  const fix = item.getByRole('form', { name: 'Fix and resend' })
  // The same contract check as the form: a bad e-mail is refused before anything is sent.
  await fix.getByLabel('Email').fill('not-an-email')
  await fix.getByRole('button', { name: 'Save and resend' }).click()
  await expect(fix.getByText('Please enter a valid email')).toBeVisible()
  await fix.getByLabel('Email').fill('fixed@example.com')
  await fix.getByRole('button', { name: 'Save and resend' }).click()
  await expect(item).toHaveAttribute('data-status', 'sent', { timeout: 20_000 })

  const rows = await signupsNamed(request, name)
  expect(rows).toHaveLength(1)
  expect(rows[0]!.email).toBe('fixed@example.com')
})

// ---- (d) -------------------------------------------------------------------------------------

test('(d) an expired session keeps the item until the agent signs in again, then it is sent under that agent', async ({ page, context, request }) => {
  const agent = await agentOnline(page, request, 'd')
  const token = await page.evaluate(() => localStorage.getItem('vf.token'))
  expect(token).toBeTruthy()
  await openSignupForm(page)

  await goOffline(context, page)
  const name = `Session Farmer ${Date.now()}`
  await fillFarmerSignup(page, name)
  await page.getByRole('button', { name: 'Submit Application' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Saved on this phone' })).toBeVisible()

  // The session ends on the server (the phone still holds its token).
  const logout = await request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${token}` } })
  expect(logout.ok()).toBe(true)

  await page.goto('/outbox')
  await context.setOffline(false)
  const item = outboxItem(page, name)
  await expect(item.getByText('Waiting for sign-in')).toBeVisible({ timeout: 20_000 })
  await expect(item).toHaveAttribute('data-status', 'waiting')
  const signIn = page.getByRole('main').getByRole('link', { name: 'Sign in to send' })
  await expect(signIn).toBeVisible()
  expect(await signupsNamed(request, name)).toHaveLength(0)

  // Signing in again resumes the queue.
  await signIn.click()
  await expect(page).toHaveURL(/\/login\?next=\/outbox$/)
  await signInOnPage(page, agent)
  await expect(page).toHaveURL(/\/outbox$/)
  await expect(outboxItem(page, name)).toHaveAttribute('data-status', 'sent', { timeout: 20_000 })
  const rows = await signupsNamed(request, name)
  expect(rows).toHaveLength(1)
  expect(rows[0]).toMatchObject({ dataAgentId: agent.id })
})

// ---- (e) -------------------------------------------------------------------------------------

test('(e) a new version while a form is dirty: the banner prompts, Reload keeps the page and the typed values', async ({ page }) => {
  await page.goto('/')
  await waitForServiceWorker(page)
  await openSignupForm(page)
  const name = `Dirty Form ${Date.now()}`
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name)
  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('+679 900 0000')
  await page.evaluate(() => {
    ;(window as unknown as { e2eMarker: string }).e2eMarker = 'same page'
  })

  // A new deployment: the served sw.js changes; the page's registration finds it.
  await whileNewVersionServed(async () => {
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()))
    const banner = page.getByRole('region', { name: 'App update' })
    await expect(banner.getByText('A new version is available')).toBeVisible({ timeout: 20_000 })

    await banner.getByRole('button', { name: 'Reload' }).click()
    await expect(banner.getByText(/Finish or save your form first/)).toBeVisible()
    // No reload happened, by itself or by the click.
    await page.waitForTimeout(1500)
    expect(await page.evaluate(() => (window as unknown as { e2eMarker?: string }).e2eMarker)).toBe('same page')
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name)
    // And the draft was saved on the phone before saying so.
    expect((await storedOutbox(page)).drafts).toContain('farmer-signup')
  })

  // The draft comes back in a fresh page (a reload, an update, a crash).
  await page.reload()
  await expect(page.getByText('Draft restored.')).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name)
  await page.getByRole('button', { name: 'Discard draft' }).click()
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('')

  // With nothing left to lose, Reload lets the waiting version take over and reloads the page.
  await page.evaluate(() => {
    ;(window as unknown as { e2eMarker: string }).e2eMarker = 'before the update'
  })
  const banner = page.getByRole('region', { name: 'App update' })
  await expect(banner.getByText('A new version is available')).toBeVisible({ timeout: 20_000 })
  await banner.getByRole('button', { name: 'Reload' }).click()
  await page.waitForFunction(() => (window as unknown as { e2eMarker?: string }).e2eMarker === undefined, undefined, { timeout: 20_000 })
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Join Our Growers' Network")
})

// ---- (g) -------------------------------------------------------------------------------------

test('(g) export on one phone, import on another, with a photo: both end "sent", one record', async ({ page, context, browser, baseURL, request }) => {
  await page.goto('/')
  await waitForServiceWorker(page)
  await openSignupForm(page)
  await goOffline(context, page)
  const name = `Moved Farmer ${Date.now()}`
  await fillFarmerSignup(page, name)
  await page.getByLabel('Farm Photo 1: choose a file').setInputFiles(pngFile('moved.png'))
  await expect(page.getByRole('img', { name: 'Preview of farm photo 1' })).toBeVisible()
  await page.getByRole('button', { name: 'Submit Application' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Saved on this phone' })).toBeVisible()

  await page.goto('/outbox')
  const downloaded = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export unsent items' }).click()
  const file = await (await downloaded).path()
  const exported = JSON.parse(fs.readFileSync(file, 'utf8')) as { format: string; items: { id: string; payload: { name: string } }[] }
  expect(exported.format).toBe('viti-farmers-outbox')
  expect(exported.items.map((i) => i.payload.name)).toEqual([name])

  // Another phone, online: the import adds it and sends it; a second import skips it.
  const otherPhone = await browser.newContext({ baseURL })
  try {
    const other = await otherPhone.newPage()
    await other.goto('/outbox')
    await other.getByLabel('Import an outbox file').setInputFiles(file)
    await expect(other.getByRole('status').filter({ hasText: 'Imported 1 item' })).toBeVisible()
    await expect(outboxItem(other, name)).toHaveAttribute('data-status', 'sent', { timeout: 20_000 })
    await other.getByLabel('Import an outbox file').setInputFiles(file)
    await expect(other.getByRole('status').filter({ hasText: 'Imported 0 items' })).toContainText('1 already on this phone')
  } finally {
    await otherPhone.close()
  }

  // The first phone comes back into coverage, uploads the same photo under its own path and sends
  // its copy under the same key: the server sees the same bytes and replays its answer.
  await context.setOffline(false)
  await expect(outboxItem(page, name)).toHaveAttribute('data-status', 'sent', { timeout: 20_000 })
  const rows = await signupsNamed(request, name)
  expect(rows).toHaveLength(1)
  expect(rows[0]!.photoUrls).toHaveLength(1)
})

// ---- (f) -------------------------------------------------------------------------------------

test('(f) a 4000×3000 camera photo of ~4 MB is queued at most 600 KB', async ({ page, context }) => {
  test.setTimeout(150_000)
  await page.goto('/')
  await waitForServiceWorker(page)
  await openSignupForm(page)

  // A camera-like JPEG made in the browser: gradients and detail plus noise, tuned to ~4 MB.
  const made = await page.evaluate(async () => {
    const canvas = document.createElement('canvas')
    canvas.width = 4000
    canvas.height = 3000
    const ctx = canvas.getContext('2d')!
    const encode = async (amplitude: number) => {
      const image = ctx.createImageData(4000, 3000)
      const data = image.data
      let seed = 12345
      for (let y = 0; y < 3000; y++) {
        for (let x = 0; x < 4000; x++) {
          seed = (seed * 1103515245 + 12345) & 0x7fffffff
          const noise = ((seed >> 8) % 256) / 255 - 0.5
          const i = (y * 4000 + x) * 4
          const detail = 40 * Math.sin(x / 17) * Math.cos(y / 23)
          data[i] = 90 + (x / 4000) * 100 + detail + noise * amplitude
          data[i + 1] = 120 + (y / 3000) * 80 - detail + noise * amplitude
          data[i + 2] = 60 + detail / 2 + noise * amplitude
          data[i + 3] = 255
        }
      }
      ctx.putImageData(image, 0, 0)
      return new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.95))
    }
    // Find a noise level that gives 3.6–4.6 MB (under the form's 5 MB limit).
    let low = 0
    let high = 160
    let blob = await encode(60)
    for (let i = 0; i < 8 && (blob.size < 3.6e6 || blob.size > 4.6e6); i++) {
      const amplitude = (low + high) / 2
      blob = await encode(amplitude)
      if (blob.size < 3.6e6) low = amplitude
      else high = amplitude
    }
    const bytes = new Uint8Array(await blob.arrayBuffer())
    let binary = ''
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
    return { base64: btoa(binary), size: blob.size }
  })
  const jpeg = Buffer.from(made.base64, 'base64')
  expect(jpeg.byteLength).toBeGreaterThan(3_500_000)
  expect(jpeg.byteLength).toBeLessThan(5 * 1024 * 1024)

  const name = `Big Photo Farmer ${Date.now()}`
  await fillFarmerSignup(page, name)
  await page.getByLabel('Farm Photo 1: choose a file').setInputFiles({ name: 'camera.jpg', mimeType: 'image/jpeg', buffer: jpeg })
  await expect(page.getByRole('img', { name: 'Preview of farm photo 1' })).toBeVisible({ timeout: 30_000 })
  // Kept on the phone (not sent): offline while submitting.
  await goOffline(context, page)
  await page.getByRole('button', { name: 'Submit Application' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Saved on this phone' })).toBeVisible()

  const stored = await storedOutbox(page)
  const item = stored.items.find((i) => i.name === name)
  expect(item).toBeTruthy()
  const photos = stored.photos.filter((p) => p.outboxId === item!.id)
  expect(photos).toHaveLength(1)
  const queued = photos[0]!
  console.log(`[offline e2e] camera photo ${jpeg.byteLength} bytes (4000×3000 JPEG) → queued ${queued.size} bytes (${queued.type})`)
  expect(queued.size).toBe(queued.blobSize)
  expect(queued.size).toBeLessThanOrEqual(600 * 1024)
  expect(queued.type).toMatch(/^image\/(webp|jpeg)$/)
})

// ---- (h) -------------------------------------------------------------------------------------

test('(h) online but the server unreachable for 20 s: a handful of attempts, one next-try time, Send now still sends', async ({ page, context, request }) => {
  test.setTimeout(90_000)
  await page.goto('/')
  await waitForServiceWorker(page)
  await openSignupForm(page)
  const name = `Unreachable Farmer ${Date.now()}`
  await fillFarmerSignup(page, name)

  // The phone has coverage, the server does not answer: every attempt fails at the network.
  const attempts: number[] = []
  let reachable = false
  await context.route('**/api/farmer-signup', async (route) => {
    if (reachable) return route.continue()
    attempts.push(Date.now())
    return route.abort('connectionrefused')
  })
  await page.getByRole('button', { name: 'Submit Application' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Saved on this phone' })).toBeVisible()
  await page.goto('/outbox')
  const item = outboxItem(page, name)
  await expect(item).toHaveAttribute('data-status', 'waiting')
  const started = attempts[0] ?? Date.now()

  // 20 s of everything that wakes the engine: online and visibility events every 250 ms (and the
  // service worker's Background Sync after each failure).
  await page.evaluate(async () => {
    const until = Date.now() + 20_000
    while (Date.now() < until) {
      window.dispatchEvent(new Event('online'))
      document.dispatchEvent(new Event('visibilitychange'))
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  })
  const during = attempts.filter((at) => at - started <= 20_000).length
  console.log(`[offline e2e] requests during a 20 s outage (online, server unreachable): ${during}`)
  expect(during).toBeGreaterThanOrEqual(2)
  expect(during).toBeLessThanOrEqual(6)

  // The panel and the card say the same next try.
  const panel = page.getByTestId('next-automatic-try')
  await expect(panel).toHaveText(/^Next automatic try (in \d+ (s|min)|now)\.$/)
  const times = await page.evaluate(() => {
    const card = [...document.querySelectorAll('[data-testid="outbox-item"][data-status="waiting"] dd')].map((dd) => dd.textContent)
    return { panel: document.querySelector('[data-testid="next-automatic-try"]')?.textContent, card }
  })
  expect(times.panel).toContain(times.card.at(-1)!)

  // The server is back: "Send now" goes at once, whatever the backoff.
  reachable = true
  await page.getByRole('button', { name: 'Send now' }).click()
  await expect(item).toHaveAttribute('data-status', 'sent', { timeout: 10_000 })
  expect(await signupsNamed(request, name)).toHaveLength(1)
})

test("(h2) the server asks the phone to wait (429, Retry-After): Send now says why it does nothing, and the item goes when the wait is over", async ({ page, context, request }) => {
  test.setTimeout(60_000)
  await page.goto('/')
  await waitForServiceWorker(page)
  await openSignupForm(page)
  const name = `Asked To Wait Farmer ${Date.now()}`
  await fillFarmerSignup(page, name)

  let refused = 0
  await context.route('**/api/farmer-signup', async (route) => {
    if (refused > 0) return route.continue()
    refused++
    return route.fulfill({ status: 429, headers: { 'retry-after': '15', 'content-type': 'application/json' }, body: JSON.stringify({ message: 'Too many requests. Please try again later.' }) })
  })
  await page.getByRole('button', { name: 'Submit Application' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Saved on this phone' })).toBeVisible()
  await page.goto('/outbox')
  const item = outboxItem(page, name)
  await expect(item).toHaveAttribute('data-status', 'waiting')
  expect(refused).toBe(1)

  // Well within the 15 s the server asked for (the item still waits after each).
  const sendNow = page.getByRole('button', { name: 'Send now' })
  await expect(sendNow).toBeDisabled({ timeout: 4_000 })
  await expect(sendNow).toHaveAccessibleDescription('The server asked the app to wait before it sends again. It tries again by itself.', { timeout: 4_000 })
  await expect(page.getByTestId('next-automatic-try')).toHaveText(/^Next automatic try in \d+ s\.$/, { timeout: 4_000 })
  await expect(item).toHaveAttribute('data-status', 'waiting', { timeout: 1 })

  // Nobody presses anything: the wait over, the item goes, once.
  await expect(item).toHaveAttribute('data-status', 'sent', { timeout: 25_000 })
  expect(await signupsNamed(request, name)).toHaveLength(1)
  await expect(page.getByText('The server asked the app to wait')).toHaveCount(0)
})

// ---- (i) -------------------------------------------------------------------------------------

test('(i) storage is asked to persist when the first item is queued and whenever "Keep storage" is pressed', async ({ page, context }) => {
  // The browser says "not persistent" and counts each persist() call (across pages of this tab).
  await page.addInitScript(() => {
    const calls = () => Number(sessionStorage.getItem('persist-calls') ?? '0')
    Object.defineProperty(navigator.storage, 'persisted', { configurable: true, value: async () => false })
    Object.defineProperty(navigator.storage, 'persist', {
      configurable: true,
      value: async () => {
        sessionStorage.setItem('persist-calls', String(calls() + 1))
        return false
      },
    })
  })
  const persistCalls = () => page.evaluate(() => Number(sessionStorage.getItem('persist-calls') ?? '0'))
  await page.goto('/')
  await waitForServiceWorker(page)
  await openSignupForm(page)
  expect(await persistCalls()).toBe(0)

  await goOffline(context, page)
  const name = `Kept Farmer ${Date.now()}`
  await fillFarmerSignup(page, name)
  await page.getByRole('button', { name: 'Submit Application' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Saved on this phone' })).toBeVisible()
  await expect.poll(persistCalls).toBe(1)

  await page.goto('/outbox')
  await expect(page.getByText('Storage is not persistent yet: the browser may clear it when the phone runs out of space.')).toBeVisible()
  const keep = page.getByRole('button', { name: 'Keep storage' })
  await keep.click()
  await expect.poll(persistCalls).toBe(2)
  await expect(page.getByRole('status').filter({ hasText: 'The browser did not agree yet' })).toBeVisible()
  await expect(keep).toBeEnabled()
  await keep.click()
  await expect.poll(persistCalls).toBe(3)
  await context.setOffline(false)
})

// ---- (j) -------------------------------------------------------------------------------------

test('(j) back in coverage on a slow link: each photo shows its percent, the panel the bytes and time left, and the header count falls as items land', async ({ page, context, request }) => {
  test.setTimeout(180_000)
  await agentOnline(page, request, 'j')
  await openSignupForm(page)
  // The page's own network, as a phone's: offline first, then a slow uplink (the throttle applies to XMLHttpRequest uploads).
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 })
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible()

  const names = [1, 2, 3].map((n) => `Slow Link Farmer ${n} ${Date.now()}`)
  for (const [index, name] of names.entries()) {
    await openSignupForm(page)
    await fillFarmerSignup(page, name)
    await page.getByLabel('Farm Photo 1: choose a file').setInputFiles({ name: `field-${index}.png`, mimeType: 'image/png', buffer: noisyPng(640, 480) })
    await expect(page.getByRole('img', { name: 'Preview of farm photo 1' })).toBeVisible({ timeout: 30_000 })
    await page.getByRole('button', { name: 'Submit Application' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Saved on this phone' })).toBeVisible()
  }
  await page.goto('/outbox')
  await expect(page.getByRole('link', { name: /3 unsent/ })).toBeVisible()

  // Coverage again, at about 40 KB/s up: each photo takes seconds.
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 40_000 })
  await expect(page.getByTestId('photo-progress').first()).toContainText(/Photo uploading: \d+ %/, { timeout: 30_000 })
  await expect(page.getByTestId('outbox-transfer')).toContainText(/KB of \d+ KB of photos sent/)
  await expect(page.getByTestId('outbox-transfer')).toContainText(/left$/, { timeout: 30_000 })
  await expect(page.getByRole('link', { name: /2 unsent/ })).toBeVisible({ timeout: 60_000 })
  await expect(page.getByRole('link', { name: /1 unsent/ })).toBeVisible({ timeout: 60_000 })
  await expect(page.getByRole('link', { name: /0 unsent/ })).toBeVisible({ timeout: 60_000 })
  for (const name of names) expect(await signupsNamed(request, name)).toHaveLength(1)
})

// ---- (k) -------------------------------------------------------------------------------------

test('(k) bars but no data: the session checks never answer, yet the agent opens the signup form, queues a signup and signs out, each within seconds', async ({ page, context, request }) => {
  test.setTimeout(120_000)
  const agent = await agentOnline(page, request, 'k')
  // The phone shows bars and the requests go out; nothing ever comes back.
  const neverAnswer = () => new Promise<void>(() => undefined)
  await page.route('**/api/auth/verify', neverAnswer)
  await page.route('**/api/auth/logout', neverAnswer)
  await context.route('**/api/data-agent/signup', neverAnswer)

  // A new page load asks for the session check, which never answers: the stored session carries on.
  let started = Date.now()
  await page.goto('/admin')
  const signUp = page.getByRole('link', { name: 'Sign Up New Farmer' })
  await expect(signUp).toBeVisible({ timeout: 11_000 })
  console.log(`[offline e2e] dashboard shown after ${Date.now() - started} ms of a silent session check`)
  await signUp.click()
  await expect(page.getByRole('checkbox', { name: 'Suva', exact: true })).toBeVisible()
  await expect(page.getByText('Data Agent Mode')).toBeVisible()
  const name = `Silent Link Farmer ${Date.now()}`
  await fillFarmerSignup(page, name)
  await page.getByRole('button', { name: 'Submit Application' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Saved on this phone' })).toBeVisible()
  const queued = (await storedOutbox(page)).items.filter((item) => item.name === name)
  expect(queued).toHaveLength(1)

  // Back to the dashboard in the same page load: the check that never answered is not waited for again.
  await page.goBack()
  const logout = page.getByRole('button', { name: 'Logout' })
  await expect(logout).toBeVisible({ timeout: 3_000 })

  // Logout never hears back from the server either: this phone signs out anyway.
  started = Date.now()
  await logout.click()
  await expect(page).toHaveURL(/\/$/, { timeout: 11_000 })
  console.log(`[offline e2e] signed out on the phone after ${Date.now() - started} ms of a silent logout`)
  expect(await page.evaluate(() => [localStorage.getItem('vf.token'), localStorage.getItem('vf.user')])).toEqual([null, null])
  // Signing out keeps what is queued.
  expect((await storedOutbox(page)).items.filter((item) => item.name === name)).toHaveLength(1)

  // A sign-in that never hears back says so within seconds and keeps what was typed.
  await page.route('**/api/auth/login', neverAnswer)
  await page.goto('/login')
  await page.getByLabel('Email').fill(agent.email)
  await page.getByLabel('Password', { exact: true }).fill(agent.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByText('The server cannot be reached. Check the connection, then try again.')).toBeVisible({ timeout: 11_000 })
  await expect(page.getByText('Login failed', { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled()
  await expect(page.getByLabel('Email')).toHaveValue(agent.email)
  await page.unroute('**/api/auth/login', neverAnswer)

  // Signing in again (the sign-in itself answers) is its own check: the dashboard shows at once.
  await signInOnPage(page, agent)
  await expect(page.getByRole('link', { name: 'Sign Up New Farmer' })).toBeVisible({ timeout: 3_000 })
  await page.unrouteAll({ behavior: 'ignoreErrors' })
  await context.unrouteAll({ behavior: 'ignoreErrors' })
})

// ---- (l) -------------------------------------------------------------------------------------

test('(l) the app killed while its signup was on the way, opened again with no coverage: the item waits, says the server may have it, and goes out once', async ({ page, context, request }) => {
  await agentOnline(page, request, 'l')
  await openSignupForm(page)
  const name = `Killed App Farmer ${Date.now()}`
  await fillFarmerSignup(page, name)
  // The record reaches the server, which stores it; its answer never reaches the phone.
  await context.route('**/api/data-agent/signup', async (route) => {
    await route.fetch()
    await new Promise<void>(() => undefined)
  })
  await page.getByRole('button', { name: 'Submit Application' }).click()
  await expect.poll(async () => (await signupsNamed(request, name)).length, { timeout: 20_000 }).toBe(1)
  expect((await storedOutbox(page)).items.filter((item) => item.name === name).map((item) => item.status)).toEqual(['sending'])

  // The phone kills the app; the agent opens it again in the village.
  await page.close()
  await context.unrouteAll({ behavior: 'ignoreErrors' })
  await context.setOffline(true)
  const reopened = await context.newPage()
  await reopened.goto('/outbox')
  const item = outboxItem(reopened, name)
  await expect(item).toHaveAttribute('data-status', 'waiting')
  await item.getByRole('button', { name: 'Delete' }).click()
  const dialog = reopened.getByRole('dialog')
  await expect(dialog).toContainText('The server may already have it.')
  await expect(dialog).not.toContainText('It has not reached the server')
  await dialog.getByRole('button', { name: 'Keep' }).click()

  await context.setOffline(false)
  await expect(item).toHaveAttribute('data-status', 'sent', { timeout: 20_000 })
  expect(await signupsNamed(request, name)).toHaveLength(1)
})

// ---- (m) -------------------------------------------------------------------------------------

test("(m) a phone shared by two agents: one agent's unfinished signup is never shown to the other, and waits for its own agent", async ({ page, request }) => {
  test.setTimeout(120_000)
  const first = await agentOnline(page, request, 'm1')
  await openSignupForm(page)
  const name = `Shared Phone Farmer ${Date.now()}`
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name)
  await expect.poll(async () => (await storedOutbox(page)).drafts.some((id) => id.startsWith('data-agent-signup'))).toBe(true)

  const signOut = async () => {
    await page.goto('/admin')
    await page.getByRole('button', { name: 'Logout' }).click()
    await expect(page).toHaveURL(/\/$/)
  }
  await signOut()
  const second = await createAgent(request, 'm2')
  await signInOnPage(page, second)
  await openSignupForm(page)
  await expect(page.getByText('Data Agent Mode')).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('')
  await expect(page.getByText('Draft restored.')).toHaveCount(0)

  await signOut()
  await signInOnPage(page, first)
  await openSignupForm(page)
  await expect(page.getByText('Draft restored.')).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name)
})
