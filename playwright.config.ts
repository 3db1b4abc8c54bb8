// E2E in real Chromium against the built app started the way a user starts it (`npm start`),
// on a fresh DATA_DIR. Debian's Chromium is used when present; Playwright never downloads one here.
import fs from 'node:fs'
import { defineConfig, devices } from '@playwright/test'
import { e2eAdmin, e2eSmtpPort } from './e2e/fixtures'

const port = Number(process.env.E2E_PORT ?? 3100)
// A non-default E2E_PORT also gets its own build and data folders, so two runs never collide.
const isDefaultPort = port === 3100
const dataDir = isDefaultPort ? '.e2e-data' : `.e2e-data-${port}`
const webDir = isDefaultPort ? 'dist' : `.tmp/dist-${port}`
const systemChromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p))


export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  // A stray test.only would quietly skip the rest of the suite on CI.
  forbidOnly: Boolean(process.env.CI),
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: isDefaultPort ? '.reports/playwright.json' : `.tmp/playwright-${port}.json` }]],
  outputDir: isDefaultPort ? 'test-results' : `.tmp/test-results-${port}`,
  use: {
    baseURL: `http://localhost:${port}`,
    serviceWorkers: 'allow',
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: systemChromium,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    command: `rm -rf ${dataDir} && npm start`,
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIR: webDir,
      ADMIN_EMAIL: e2eAdmin.email,
      ADMIN_PASSWORD: e2eAdmin.password,
      SEED_DEMO: '1',
      // One proxy hop, as behind Caddy: a spec may name a client address with X-Forwarded-For
      // (e2e/farm-review-flood.spec.ts posts as several senders); the browser's requests carry none.
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${e2eSmtpPort(port)}/?ignoreTLS=true`,
      // Specs write through the API or in one page and read in a new page load at once, where
      // the default bound (5 s of the previous answer to everyone but the writer's own page,
      // decision 022) made them race the rebuild. The bound has its own tests (answer-cache, with
      // a manual clock); here every read waits for its rebuild, as the API tests do.
      ANSWER_STALE_MS: '0',
    },
  },
})
