// Configuration comes from the environment only; every setting has a default that works on a
// fresh machine with the embedded SQLite database. A value that is set but wrong is refused with a
// ConfigError naming the variable, before the server writes anything (api/server.ts).
import path from 'node:path'
import { DATABASE_URL_PROBLEM, isPostgresUrl } from '../db/database-url'
import { PASSWORD_RULE } from '../db/seed/admin'
import { MAX_ANSWER_STALE_MS } from './contract/common'

export type AppConfig = {
  port: number
  dataDir: string
  /** PostgreSQL connection string (DATABASE_URL); unset means the embedded SQLite file in dataDir. */
  databaseUrl?: string
  adminEmail?: string
  adminPassword?: string
  seedDemo: boolean
  smtpUrl?: string
  mailDomain: string
  countryHeader: string
  /** Number of reverse-proxy hops whose X-Forwarded-For is trusted (0: none). A count, not `true`, so a client cannot spoof its IP past the per-IP limits. */
  trustProxyHops: number
  version: string
  /**
   * How long after a write a public answer from before it may still be served while its one rebuild
   * runs (ANSWER_STALE_MS, milliseconds; 0: every request after a write waits for the rebuild). Decision 022.
   */
  answerStaleMs: number
  /**
   * Make the farmers export and the payment report in a worker thread of their own (EXPORT_THREAD=1;
   * SQLite only): ~0.5 s less of the event loop's CPU per 100,000-farmer export, ~30 MB more RSS
   * while exporting; off by default, as the mixed bench measured it (decision 030; api/exports).
   */
  exportThread: boolean
  /**
   * How long SIGTERM lets the requests in flight finish before the process ends anyway (SHUTDOWN_GRACE_MS):
   * a phone's photo on weak 3G takes seconds. Requests cut then are logged, and the exit code is 1.
   */
  shutdownGraceMs: number
  /** The public address (SITE_URL, no trailing slash) for absolute links in share previews and the sitemap; unset: the request's own origin. */
  siteUrl?: string
}

export const DEFAULT_PORT = 3000
/** The staleness bound of public answers after a write: a few seconds (decision 022). */
export const DEFAULT_ANSWER_STALE_MS = 5_000
/** Within the 30 s a container runtime is told to wait (compose.yaml's stop_grace_period). */
export const DEFAULT_SHUTDOWN_GRACE_MS = 25_000
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']

/** One line per wrong variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'))
    this.name = 'ConfigError'
  }
}

const set = (value: string | undefined): string | undefined => (value === undefined || value.trim() === '' ? undefined : value.trim())

export function readConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const problems: string[] = []
  const wrong = (message: string) => {
    problems.push(message)
    return undefined
  }

  const rawPort = set(env.PORT)
  const port =
    rawPort === undefined
      ? DEFAULT_PORT
      : /^\d{1,5}$/.test(rawPort) && Number(rawPort) >= 1 && Number(rawPort) <= 65535
        ? Number(rawPort)
        : wrong(`PORT must be a whole number from 1 to 65535 (got "${rawPort}"), e.g. PORT=3001 npm start.`)

  const rawSeed = set(env.SEED_DEMO)?.toLowerCase()
  // Demo farmers are for trying the product: a production start (the Dockerfile sets NODE_ENV)
  // only gets them when asked with SEED_DEMO=1.
  const seedDemo =
    rawSeed === undefined
      ? env.NODE_ENV !== 'production'
      : ['1', 'true', 'yes'].includes(rawSeed)
        ? true
        : ['0', 'false', 'no'].includes(rawSeed)
          ? false
          : wrong(`SEED_DEMO must be 1 or 0 (got "${env.SEED_DEMO}").`)

  const rawProxy = set(env.TRUST_PROXY)?.toLowerCase()
  const trustProxyHops =
    rawProxy === undefined || rawProxy === 'false'
      ? 0
      : rawProxy === 'true'
        ? 1
        : /^\d{1,2}$/.test(rawProxy)
          ? Number(rawProxy)
          : wrong(`TRUST_PROXY must be the number of proxies in front, e.g. 1 (got "${env.TRUST_PROXY}").`)

  const adminEmail = set(env.ADMIN_EMAIL)
  if (adminEmail !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(adminEmail)) wrong(`ADMIN_EMAIL must be an e-mail address (got "${adminEmail}").`)
  const adminPassword = env.ADMIN_PASSWORD || undefined
  if (adminPassword !== undefined && !PASSWORD_RULE.test(adminPassword)) {
    wrong('ADMIN_PASSWORD must be at least 8 characters with a lowercase letter, an uppercase letter, a number and one of @$!%*?&.')
  }

  const smtpUrl = set(env.SMTP_URL)
  if (smtpUrl !== undefined && !/^smtps?:\/\/[^\s/]+/i.test(smtpUrl)) wrong('SMTP_URL must look like smtp://user:pass@mail.example:587 (or smtps://…).')

  const logLevel = set(env.LOG_LEVEL)
  if (logLevel !== undefined && !LOG_LEVELS.includes(logLevel)) wrong(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${logLevel}").`)

  const databaseUrl = set(env.DATABASE_URL)
  if (databaseUrl !== undefined && !isPostgresUrl(databaseUrl)) wrong(DATABASE_URL_PROBLEM)

  const siteUrl = set(env.SITE_URL)?.replace(/\/+$/, '')
  if (siteUrl !== undefined && !/^https?:\/\/[^\s/]+$/i.test(siteUrl)) wrong(`SITE_URL must be the site's public address, e.g. https://vitifarmers.org.fj (got "${env.SITE_URL}").`)

  const rawStale = set(env.ANSWER_STALE_MS)
  const answerStaleMs =
    rawStale === undefined
      ? DEFAULT_ANSWER_STALE_MS
      : /^\d{1,5}$/.test(rawStale) && Number(rawStale) <= MAX_ANSWER_STALE_MS
        ? Number(rawStale)
        : wrong(`ANSWER_STALE_MS must be milliseconds from 0 to ${MAX_ANSWER_STALE_MS}, e.g. 5000 (got "${env.ANSWER_STALE_MS}").`)

  const rawGrace = set(env.SHUTDOWN_GRACE_MS)
  const shutdownGraceMs =
    rawGrace === undefined
      ? DEFAULT_SHUTDOWN_GRACE_MS
      : /^\d{1,6}$/.test(rawGrace) && Number(rawGrace) <= 600_000
        ? Number(rawGrace)
        : wrong(`SHUTDOWN_GRACE_MS must be milliseconds from 0 to 600000, e.g. 25000 (got "${env.SHUTDOWN_GRACE_MS}").`)

  const rawExportThread = set(env.EXPORT_THREAD)?.toLowerCase()
  const exportThread =
    rawExportThread === undefined || ['0', 'false', 'no'].includes(rawExportThread)
      ? false
      : ['1', 'true', 'yes'].includes(rawExportThread)
        ? true
        : wrong(`EXPORT_THREAD must be 1 or 0 (got "${env.EXPORT_THREAD}").`)

  if (problems.length > 0 || port === undefined || seedDemo === undefined || trustProxyHops === undefined || answerStaleMs === undefined || shutdownGraceMs === undefined || exportThread === undefined) throw new ConfigError(problems)
  return {
    port,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl,
    adminEmail,
    adminPassword,
    seedDemo,
    smtpUrl,
    mailDomain: env.MAIL_DOMAIN || 'vitifarmers.org.fj',
    countryHeader: (env.COUNTRY_HEADER || 'cf-ipcountry').toLowerCase(),
    trustProxyHops,
    answerStaleMs,
    shutdownGraceMs,
    exportThread,
    version: env.npm_package_version ?? '0.1.0',
    siteUrl,
  }
}
