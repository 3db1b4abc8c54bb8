/// <reference types="vitest/config" />
// One config for the web build, the dev server and every vitest project (api, db, sync, web).
import path from 'node:path'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { VitePWA } from 'vite-plugin-pwa'
import { precompress } from './scripts/precompress.ts'
import { siteFiles } from './scripts/site-files.ts'

const apiTarget = `http://localhost:${process.env.PORT ?? 3000}`

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  build: {
    // WEB_DIR lets parallel e2e runs build side by side; the default is dist/.
    outDir: path.resolve(process.env.WEB_DIR ?? 'dist'),
    emptyOutDir: true,
    sourcemap: false,
    // The public home must stay small on 3G; report every chunk so the budget is visible.
    reportCompressedSize: true,
    chunkSizeWarningLimit: 450,
  },
  server: {
    proxy: { '/api': apiTarget, '/objects': apiTarget },
  },
  plugins: [
    react(),
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
      },
      // With injectManifest the `workbox` options (clientsClaim, navigateFallback, runtimeCaching)
      // live in web/sw.ts; this only says what is precached.
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // Every visitor's phone gets only what visitors use (the Outbox screen too: anyone who
        // submits a form offline finds it there). The staff screens (sign-in, back office) are
        // cached by the worker when first used (web/sw.ts) and fetched once a user signs in
        // (web/app/app.tsx), so the data agent's app still opens offline after its first use.
        globIgnores: ['**/admin-pages-*.js', '**/login-page-*.js', '**/password-strength-meter-*.js', '**/common-password-list-*.js'],
      },
    }),
    siteFiles(),
    // Last: compresses what every plugin above wrote, the service worker included.
    precompress(),
  ],
  test: {
    root: '.',
    reporters: ['default', ['json', { outputFile: '.reports/vitest.json' }]],
    projects: [
      {
        extends: true,
        test: { name: 'api', root: '.', include: ['api/**/*.test.ts', 'db/**/*.test.ts', 'scripts/**/*.test.ts'], environment: 'node', pool: 'forks' },
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
