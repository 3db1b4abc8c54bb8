// createApp builds the whole HTTP surface from its dependencies and never listens, so tests and
// the server run the very same app.
import compression from 'compression'
import express from 'express'
import helmet from 'helmet'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema'
import type { AppConfig } from './config'
import { authenticate, enforceAccess } from './auth/access'
import { authRouter } from './auth/router'
import { adminUsersRouter } from './admin-users/router'
import { auditRouter } from './audit/router'
import { statsRouter } from './stats/router'
import { apiNotFound, errorHandler } from './errors'
import { healthRouter } from './health/router'
import type { Logger } from './logger'
import { referenceRouter } from './reference/router'
import { directoryRouter } from './directory/router'
import { farmerSignupsRouter } from './farmer-signups/router'
import { reviewsRouter } from './reviews/router'
import { farmReviewsRouter } from './farm-reviews/router'
import { expertsRouter } from './experts/router'
import { uploadsRouter } from './uploads/router'
import { analyticsRouter } from './analytics/router'
import { webAppRouter } from './web-app'

export type AppDeps = {
  db: Kysely<Database>
  config: AppConfig
  logger: Logger
  /** Built web app (dist/); omitted in API tests. */
  webDir?: string
}

export function createApp(deps: AppDeps) {
  const { db, config, logger } = deps
  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', config.trustProxyHops)
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Chakra (emotion) writes its styles into <style> tags at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
        },
      },
      // Served over plain http on a phone's LAN or behind a TLS proxy; HSTS is the proxy's job.
      strictTransportSecurity: false,
    }),
  )
  app.use('/api', compression())
  app.use('/api', express.json({ limit: '1mb' }))
  app.use('/api', authenticate(db), enforceAccess())

  app.use('/api', healthRouter(db, config.version))
  app.use('/api', referenceRouter(db))
  app.use('/api', directoryRouter(db, config.mailDomain))
  app.use('/api', farmerSignupsRouter(db, logger))
  app.use('/api', reviewsRouter(db, logger))
  app.use('/api', farmReviewsRouter(db, logger))
  app.use('/api', expertsRouter(db, logger))
  app.use('/api', analyticsRouter(db, config.countryHeader))
  // Root mount: serves /objects/uploads/:id too, which must never reach the SPA fallback.
  app.use(uploadsRouter(db, config.dataDir))
  app.use('/api', authRouter(db))
  app.use('/api', statsRouter(db))
  app.use('/api', adminUsersRouter(db))
  app.use('/api', auditRouter(db))
  app.use('/api', apiNotFound)

  if (deps.webDir) app.use(webAppRouter(deps.webDir))
  app.use(errorHandler(logger))
  return app
}
