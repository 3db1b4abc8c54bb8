// Makes the install dialog's screenshots (scripts/install-screenshots.ts) from the real app with
// the system Chromium and writes them, as compact JPEGs, to web/public/screenshots/ to be checked
// in (the build stays fast and offline). Run it against a server holding the demo set:
//   SEED_DEMO=1 npm start            (in another shell)
//   BASE_URL=http://localhost:3000 npx tsx scripts/make-screenshots.ts
import fs from 'node:fs'
import path from 'node:path'
import { chromium } from '@playwright/test'
import sharp from 'sharp'
import { installScreenshots } from './install-screenshots'

const baseURL = process.env.BASE_URL ?? 'http://localhost:3000'
const executablePath = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p))

const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] })
try {
  for (const shot of installScreenshots) {
    const context = await browser.newContext({
      baseURL,
      viewport: shot.viewport,
      deviceScaleFactor: shot.deviceScaleFactor,
      isMobile: shot.formFactor === 'narrow',
      hasTouch: shot.formFactor === 'narrow',
      // No service worker: its first-visit work must not end up in the picture.
      serviceWorkers: 'block',
    })
    const page = await context.newPage()
    await page.goto(shot.path)
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    await page.waitForLoadState('networkidle')
    const png = await page.screenshot({ animations: 'disabled' })
    const out = path.join('web/public', shot.file)
    fs.mkdirSync(path.dirname(out), { recursive: true })
    await sharp(png).jpeg({ quality: 78, mozjpeg: true }).toFile(out)
    console.log(`${out}: ${(fs.statSync(out).size / 1024).toFixed(0)} KB`)
    await context.close()
  }
} finally {
  await browser.close()
}
