/// <reference types="vitest/config" />
// One config for the web build, the dev server and every vitest project (api, db, sync, web).
import { createRequire } from 'node:module'
import path from 'node:path'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { VitePWA } from 'vite-plugin-pwa'
import { precompress } from './scripts/precompress.ts'
import { siteFiles } from './scripts/site-files.ts'
import { manifestScreenshots } from './scripts/install-screenshots.ts'
import { i18nCatalogs } from './scripts/i18n-catalogs.ts'
import { htmlPagesManifest, prerenderPages } from './scripts/prerender-pages.ts'
import { serverBundle } from './scripts/build-server.ts'
import { LANGUAGE_GATE_SCRIPT, LANGUAGE_GATE_STYLE } from './api/contract/locales.ts'
import { appLoader } from './scripts/app-loader.ts'
import { chakraLazyGlobals } from './scripts/chakra-lazy-globals.ts'

/** The service worker is one file: `codeSplitting: false` in place of the deprecated option. */
function swOneFile(): Plugin {
  return {
    name: 'viti:sw-one-file',
    config(config) {
      const output = config.build?.rollupOptions?.output
      if (output && !Array.isArray(output) && 'inlineDynamicImports' in output) {
        delete output.inlineDynamicImports
        Object.assign(output, { codeSplitting: false })
      }
    },
  }
}

// WEB_DIR lets parallel e2e runs build side by side; the default is dist/.
const outDir = path.resolve(process.env.WEB_DIR ?? 'dist')

const apiTarget = `http://localhost:${process.env.PORT ?? 3000}`

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: false,
    // The public home must stay small on 3G; report every chunk so the budget is visible.
    reportCompressedSize: true,
    chunkSizeWarningLimit: 450,
    rolldownOptions: {
      // Everything the entry imports at once in one chunk (with React-DOM's client, imported a task
      // later, the page starts with three files). Left to itself Rolldown cut that code into a
      // dozen chunks, some of 100 bytes, which the page fetches all the same: 4 KB more gzip.
      output: { codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] } },
    },
  },
  server: {
    proxy: { '/api': apiTarget, '/objects': apiTarget },
  },
  plugins: [
    react(),
    // Chakra's global styles computed only where the page's HTML does not carry them (web/app/theme.ts).
    chakraLazyGlobals(),
    i18nCatalogs(),
    // Before the pages are rendered from index.html: every page carries the language gate.
    {
      name: 'viti:language-gate',
      transformIndexHtml: () => [
        { tag: 'script', children: LANGUAGE_GATE_SCRIPT, injectTo: 'head' },
        { tag: 'style', children: LANGUAGE_GATE_STYLE, injectTo: 'head' },
      ],
    },
    // The app's scripts start after the first paint: their URLs move onto a loader at the end of the body.
    // React-DOM's client too (web/main.tsx imports it a task after the entry): fetched with the entry.
    appLoader({ startUp: [createRequire(import.meta.url).resolve('react-dom/client')] }),
    // The public pages' HTML (decision 029), written before the service worker lists them.
    prerenderPages(() => [react(), i18nCatalogs()]),
    // The API server as one plain-JavaScript module that `npm start` runs with node (decision 030).
    serverBundle(),
    VitePWA({
      // Our own worker (web/sw.ts): generateSW can't handle Background Sync's 'sync' event. It
      // precaches the shell, caches the directory's GETs and photos (sync/outbox/cache-rules.ts),
      // calls clientsClaim() and never skips waiting by itself.
      strategies: 'injectManifest',
      srcDir: '.',
      filename: 'sw.ts',
      // Prompt mode: a new version waits for the user, so an update never eats a form.
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'qr-facebook.svg'],
      manifest: {
        // The app's identity for the browser. '/' is what Chrome derived from start_url before an
        // id was set, so phones that already installed the app keep the same installation.
        id: '/',
        name: 'Viti Farmers',
        short_name: 'Viti Farmers',
        description: "Fiji's free farmer directory. Connect - Buy - Improve.",
        lang: 'en-FJ',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#166534',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // Pictures of the real app for Chrome's richer install dialog (made by scripts/make-screenshots.ts).
        screenshots: manifestScreenshots,
      },
      // With injectManifest the `workbox` options (clientsClaim, navigateFallback, runtimeCaching)
      // live in web/sw.ts; this only says what is precached.
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // Every visitor's phone gets only what visitors use (the Outbox screen too: anyone who
        // submits a form offline finds it there). The staff chunks (sign-in, back office, its
        // English words: `isStaffChunk`) are in the manifest, but the worker precaches them only on
        // a phone that used the back office before (web/sw.ts); elsewhere it keeps each when first
        // used, and they are fetched once a user signs in (web/app/app.tsx), so the data agent's app
        // opens offline after its first use, and after every update.
        // The install dialog's screenshots are fetched by the browser only when it offers the install.
        globIgnores: ['**/screenshots/**'],
        // The plugin asks Rolldown for one file with the deprecated `inlineDynamicImports`; say it
        // the current way so a clean build prints no warning.
        buildPlugins: { vite: [swOneFile()] },
        // Each public page's HTML under its own path (`/about`), from the build's .pages/ folder.
        manifestTransforms: [htmlPagesManifest(outDir)],
      },
    }),
    siteFiles(),
    // Last: compresses what every plugin above wrote, the service worker included.
    precompress(),
  ],
  test: {
    root: '.',
    reporters: ['default', ['json', { outputFile: '.reports/vitest.json' }]],
    // A stray .only would quietly skip the rest of the suite: it fails the run instead.
    allowOnly: false,
    // A hang fails in seconds, not at CI's limit; a slow test states its own limit beside it.
    testTimeout: 10_000,
    hookTimeout: 30_000,
    teardownTimeout: 10_000,
    // Each test's source position goes into the JSON report: tests that share one were generated
    // from a table (test.each, or a loop), which scripts/test-summary.mjs counts.
    includeTaskLocation: true,
    // CI=true (.ci/run) measures statement coverage with V8's own counters; the figure is printed
    // by scripts/test-summary.mjs. `npx vitest run --coverage` does the same locally.
    coverage: {
      enabled: Boolean(process.env.CI),
      provider: 'v8',
      include: ['api/**/*.ts', 'db/**/*.ts', 'sync/**/*.ts', 'web/**/*.{ts,tsx}', 'scripts/**/*.ts'],
      exclude: ['**/*.test.{ts,tsx}', '**/testing/**', '**/testing.ts', 'scripts/bench/**', 'scripts/bench.ts'],
      reporter: [['json-summary', { file: 'coverage-summary.json' }], ['text-summary']],
      reportsDirectory: '.reports/coverage',
      // The figure is printed even when a test failed: a red run still says how much it covered.
      reportOnFailure: true,
    },
    projects: [
      {
        extends: true,
        test: { name: 'api', root: '.', include: ['api/**/*.test.ts', 'scripts/**/*.test.ts'], exclude: ['**/node_modules/**', '**/*.postgres.test.ts'], environment: 'node', pool: 'forks' },
      },
      {
        extends: true,
        // The same api test files again on PostgreSQL (api/testing/test-app.ts reads VF_TEST_DIALECT),
        // each file on a fresh database copied from the run's migrated template. Left out: tests of
        // SQLite itself (its query plans, at scale).
        test: {
          name: 'api-postgres',
          root: '.',
          // The server's pages with data (towns, lists, browse's steps, farmer pages) read both databases too.
          include: ['api/**/*.test.ts', 'scripts/html-pages.test.ts'],
          exclude: ['**/node_modules/**', 'api/directory/scale.test.ts', 'api/farm-reviews/scale.test.ts', 'api/translations/repository.postgres.test.ts'],
          environment: 'node',
          pool: 'forks',
          env: { VF_TEST_DIALECT: 'postgres' },
          globalSetup: ['db/postgres-global-setup.ts'],
        },
      },
      {
        extends: true,
        // Every db/ test runs on SQLite and on PostgreSQL: the set-up starts a throw-away cluster.
        test: { name: 'db', root: '.', include: ['db/**/*.test.ts', 'scripts/**/*.postgres.test.ts', 'api/translations/repository.postgres.test.ts'], environment: 'node', pool: 'forks', globalSetup: ['db/postgres-global-setup.ts'] },
      },
      {
        extends: true,
        test: { name: 'sync', root: '.', include: ['sync/**/*.test.ts'], environment: 'node', setupFiles: ['fake-indexeddb/auto'] },
      },
      {
        extends: true,
        test: { name: 'web', root: '.', include: ['web/**/*.test.{ts,tsx}'], environment: 'node' },
      },
    ],
  },
})
