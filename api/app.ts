// createApp builds the whole HTTP surface from its dependencies and never listens, so tests and
// the server run the very same app.
import { createHash } from 'node:crypto'
import express from 'express'
import helmet from 'helmet'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema'
import type { AppConfig } from './config'
import { authenticate, refuseUnlistedRoutes } from './auth/access'
import { authRouter } from './auth/router'
import { adminUsersRouter } from './admin-users/router'
import { auditRouter } from './audit/router'
import { statsRouter } from './stats/router'
import { apiNotFound, errorHandler } from './errors'
import { healthRouter } from './health/router'
import type { Logger } from './logger'
import { referenceRouter } from './reference/router'
import type { PublicAnswerOptions } from './directory/answer-cache'
import { directoryRouter } from './directory/router'
import { farmerSignupsRouter } from './farmer-signups/router'
import { reviewsRouter } from './reviews/router'
import { farmReviewsRouter } from './farm-reviews/router'
import { expertsRouter } from './experts/router'
import { uploadsRouter } from './uploads/router'
import { analyticsRouter } from './analytics/router'
import { webAppRouter } from './web-app'
import type { RenderPage } from './site-pages/html-pages'
import { sitePages } from './site-pages/site-pages'
import { referenceAdminRouter } from './reference-admin/router'
import { expertsAdminRouter } from './experts-admin/router'
import { moderationRouter } from './moderation/router'
import { emailRouter } from './email/router'
import { createMailer, type Mailer } from './email/mailer'
import { farmersRouter } from './farmers/router'
import { settingsRouter } from './settings/router'
import { signupApprovalsRouter } from './signup-approvals/router'
import { permissionsPolicy } from './middleware/permissions-policy'
import { translationsRouter } from './translations/router'
import { LANGUAGE_GATE_SCRIPT } from './contract/locales'
import { APP_LOADER_SCRIPT } from './contract/app-loader'
import { useRateLimitStore, type RateLimitStoreFactory } from './middleware/rate-limit'
import { databaseRateLimitStores } from './middleware/rate-limit-store'
import type { ExportThread } from './exports/export-thread'
import { apiCompression } from './http/compress'
import { contractRoutes } from './http/contract-router'
import { jsonBody } from './http/json-body'

const scriptHash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`

export type AppDeps = {
  db: Kysely<Database>
  /** Where public answers are computed from (SQLite: the read thread, decision 030); `db` when omitted. */
  readDb?: Kysely<Database>
  config: AppConfig
  logger: Logger
  /** Built web app (dist/); omitted in API tests. */
  webDir?: string
  /** Outgoing e-mail; built from config.smtpUrl when omitted. */
  mailer?: Mailer
  /** How long a public answer may be served after a write while it is rebuilt (default config.answerStaleMs, 5 s; 0: rebuild before answering; decision 022). */
  answerStaleMs?: number
  /** The catalog files (web/i18n/catalogs by default); tests pass a fixture directory. */
  catalogDir?: string
  /** Renders a public page with data (the home page with its towns); the build's SSR bundle (webDir/.ssr) by default. */
  renderPage?: RenderPage
  /** Makes the farmers export and the payment report in a worker thread (SQLite; api/exports); in process when omitted. */
  exportThread?: ExportThread
  /** Where the rate limiters count; the database by default, so several servers share one budget (decision 025). */
  rateLimitStores?: RateLimitStoreFactory
}

export function createApp(deps: AppDeps) {
  const restoreStores = useRateLimitStore(deps.rateLimitStores ?? databaseRateLimitStores(deps.db))
  try {
    return buildApp(deps)
  } finally {
    restoreStores()
  }
}

function buildApp(deps: AppDeps) {
  const { db, config, logger } = deps
  // One mailer for every message the product sends (Send Email, approval notices).
  const mailer = deps.mailer ?? createMailer({ smtpUrl: config.smtpUrl, logger })
  // The public answer caches: a rebuild after a write runs off the request path within the bound.
  const answers: PublicAnswerOptions = {
    readDb: deps.readDb,
    staleForMs: deps.answerStaleMs ?? config.answerStaleMs,
    onBackgroundError: (error) => logger.error({ err: error }, 'rebuilding a public answer failed'),
  }
  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', config.trustProxyHops)
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          // The two inline scripts of every page, by their hashes: the language gate in the head
          // (api/contract/locales.ts) and the app's loader (api/contract/app-loader.ts).
          scriptSrc: ["'self'", scriptHash(LANGUAGE_GATE_SCRIPT), scriptHash(APP_LOADER_SCRIPT)],
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
      // The same answer as frame-ancestors 'none', for browsers that only read the older header.
      xFrameOptions: { action: 'deny' },
      // Served over plain http on a phone's LAN or behind a TLS proxy; HSTS is the proxy's job.
      strictTransportSecurity: false,
    }),
  )
  app.use(permissionsPolicy)
  // Case-sensitive like the contract: '/API/…' is not '/api/…'.
  app.set('case sensitive routing', true)
  app.use(refuseUnlistedRoutes())
  app.use('/api', apiCompression())
  app.use('/api', jsonBody())
  app.use('/api', authenticate(db))

  // Every router registers its handlers through api/http/contract-router.ts, by contract key and
  // behind that route's access check, so they are mounted at the root with their full paths, as one
  // handler that hands each request to the router of the route the gate matched.
  app.use(
    contractRoutes([
      healthRouter(db, config.version),
      referenceRouter(db, answers),
      directoryRouter(db, config.mailDomain, answers),
      farmerSignupsRouter(db, logger),
      reviewsRouter(db, logger, answers),
      farmReviewsRouter(db, logger, answers),
      expertsRouter(db, logger),
      analyticsRouter(db, config.countryHeader, deps.readDb),
      uploadsRouter(db, config.dataDir, logger),
      authRouter(db),
      statsRouter(db),
      adminUsersRouter(db),
      auditRouter(db),
      referenceAdminRouter(db),
      expertsAdminRouter(db),
      moderationRouter(db),
      emailRouter(db, mailer, config.mailDomain),
      farmersRouter(db, deps.readDb, deps.exportThread),
      settingsRouter(db),
      signupApprovalsRouter(db, { mailer, mailDomain: config.mailDomain, readDb: deps.readDb }),
      translationsRouter(db, { catalogDir: deps.catalogDir, answers }),
    ]),
  )
  app.use('/api', apiNotFound)

  if (deps.webDir) {
    const pages = { ...sitePages(db, { mailDomain: config.mailDomain, siteUrl: config.siteUrl, staleForMs: deps.answerStaleMs ?? config.answerStaleMs }), renderPage: deps.renderPage }
    app.use(webAppRouter(deps.webDir, pages, (error) => logger.error({ err: error }, 'rendering the home page with its towns failed (the built page was sent)')))
  }
  app.use(errorHandler(logger))
  return app
}
