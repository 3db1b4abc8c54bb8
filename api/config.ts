// Configuration comes from the environment only; every setting has a default that works on a
// fresh machine with the embedded SQLite database.
import path from 'node:path'

export type AppConfig = {
  port: number
  dataDir: string
  adminEmail?: string
  adminPassword?: string
  seedDemo: boolean
  smtpUrl?: string
  mailDomain: string
  countryHeader: string
  /** Number of reverse-proxy hops whose X-Forwarded-For is trusted (0: none). A count, not `true`, so a client cannot spoof its IP past the per-IP limits. */
  trustProxyHops: number
  version: string
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  return {
    port: Number(env.PORT ?? 3000),
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    seedDemo: env.SEED_DEMO !== '0',
    smtpUrl: env.SMTP_URL || undefined,
    mailDomain: env.MAIL_DOMAIN || 'vitifarmers.org.fj',
    countryHeader: (env.COUNTRY_HEADER || 'cf-ipcountry').toLowerCase(),
    trustProxyHops: env.TRUST_PROXY === 'true' ? 1 : Math.max(0, Number.parseInt(env.TRUST_PROXY ?? '0', 10) || 0),
    version: env.npm_package_version ?? '0.1.0',
  }
}
