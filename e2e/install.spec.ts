// Chromium's own view of the web app manifest (CDP Page.getAppManifest and
// Page.getInstallabilityErrors): installable, with an id, the description, and phone and desktop
// screenshots Chrome accepts for its richer install dialog, each file the size the manifest says.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test, type BrowserContext } from '@playwright/test'
import sharp from 'sharp'

interface ManifestScreenshot { src: string; sizes: string; type: string; form_factor?: string; label?: string }

test('Chromium finds the app installable, with an id, a description and screenshots for its rich install dialog', async ({ playwright }, testInfo) => {
  // A real profile: Playwright's usual contexts are incognito, where Chrome never offers an install.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'vf-install-'))
  const { launchOptions, baseURL } = testInfo.project.use
  const context = await playwright.chromium.launchPersistentContext(profile, { ...launchOptions, baseURL, serviceWorkers: 'allow' })
  try {
    await checkInstallable(context)
  } finally {
    await context.close()
    fs.rmSync(profile, { recursive: true, force: true })
  }
})

async function checkInstallable(context: BrowserContext) {
  const page = context.pages()[0] ?? (await context.newPage())
  await page.goto('/')
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  const cdp = await context.newCDPSession(page)

  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
  expect(installabilityErrors).toEqual([])

  const { url, errors, data } = await cdp.send('Page.getAppManifest')
  expect(errors).toEqual([])
  expect(new URL(url).pathname).toBe('/manifest.webmanifest')
  const manifest = JSON.parse(data ?? '{}') as { id?: string; start_url: string; description?: string; screenshots?: ManifestScreenshot[] }
  expect(new URL(manifest.id ?? '', url).href).toBe(new URL('/', url).href)
  expect(manifest.description).toBe("Fiji's free farmer directory. Connect - Buy - Improve.")

  const screenshots = manifest.screenshots ?? []
  expect(screenshots.map((s) => s.form_factor).sort()).toEqual(['narrow', 'wide'])
  for (const shot of screenshots) {
    const res = await page.request.get(shot.src)
    expect(res.status(), shot.src).toBe(200)
    expect(res.headers()['content-type']).toBe(shot.type)
    expect(['image/jpeg', 'image/png']).toContain(shot.type)
    const { width = 0, height = 0 } = await sharp(await res.body()).metadata()
    expect(`${width}x${height}`, shot.src).toBe(shot.sizes)
    // Chrome's limits: 320 to 3840 pixels a side, the long side at most 2.3 times the short one,
    // wide screenshots wider than tall and narrow ones taller than wide.
    expect(Math.min(width, height)).toBeGreaterThanOrEqual(320)
    expect(Math.max(width, height)).toBeLessThanOrEqual(3840)
    expect(Math.max(width, height) / Math.min(width, height)).toBeLessThanOrEqual(2.3)
    expect(shot.form_factor === 'wide' ? width > height : height > width, shot.src).toBe(true)
    expect(shot.label).toBeTruthy()
  }
}
