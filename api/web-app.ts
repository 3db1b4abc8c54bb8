// Serves the built PWA: hashed assets are immutable, while index.html, the service worker and the
// manifest are always revalidated so a new deployment is seen (and then offered, prompt mode).
import fs from 'node:fs'
import path from 'node:path'
import express, { Router } from 'express'

const alwaysRevalidate = /(^|\/)(index\.html|sw\.js|registerSW\.js|workbox-[^/]+\.js|manifest\.webmanifest)$/

export function webAppRouter(webDir: string) {
  const router = Router()
  const indexFile = path.join(webDir, 'index.html')
  router.use(
    express.static(webDir, {
      index: false,
      setHeaders(res, filePath) {
        if (alwaysRevalidate.test(filePath)) res.setHeader('Cache-Control', 'no-cache')
        else if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable')
      },
    }),
  )
  // SPA fallback: any other GET that is not an API or photo path renders the app, which shows its
  // own 404 screen for unknown routes.
  router.get(/^\/(?!api\/|api$|objects\/).*/, (req, res, next) => {
    if (!fs.existsSync(indexFile)) return next()
    res.setHeader('Cache-Control', 'no-cache')
    res.sendFile(indexFile, { dotfiles: 'allow' })
  })
  return router
}
