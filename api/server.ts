// The product's entry point. Start-up tells the truth and writes nothing until it can run: the
// environment is checked, then the port is taken, and only then is the database opened (the
// embedded SQLite file under DATA_DIR, or PostgreSQL at DATABASE_URL), migrated and seeded, and the
// API and the built web app served on PORT.
import fs from 'node:fs'
import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { AnyDatabaseHandle } from '../db/connection'
import { ConfigError, readConfig, type AppConfig } from './config'

type Handler = (req: IncomingMessage, res: ServerResponse) => void

/** Prints why the server cannot start and ends the process with a failure code. */
function fail(lines: string[]): never {
  console.error(`\n  Viti Farmers cannot start:\n${lines.map((line) => `    ${line}`).join('\n')}\n`)
  process.exit(1)
}

function readConfigOrFail(): AppConfig {
  try {
    return readConfig()
  } catch (error) {
    if (error instanceof ConfigError) fail(error.problems)
    throw error
  }
}

/** Resolves once the port is ours; fails the start with a clear message when it is not. */
function takePort(server: http.Server, port: number): Promise<void> {
  return new Promise((resolve) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') fail([`Port ${port} is already in use. Set PORT to another port, e.g. PORT=${port === 65535 ? 3001 : port + 1} npm start.`])
      if (error.code === 'EACCES') fail([`Port ${port} needs more privileges than this user has. Set PORT to a port above 1023, e.g. PORT=3000 npm start.`])
      fail([`Cannot listen on port ${port}: ${error.message}`])
    })
    server.listen(port, () => resolve())
  })
}

/** The connection string without its password, for the banner and logs. */
function redacted(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '***'
    return parsed.toString()
  } catch {
    return 'postgres://…'
  }
}

const config = readConfigOrFail()

// Until the database is ready every request gets 503 (the health check included).
let handle: Handler = (_req, res) => {
  res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' })
  res.end(JSON.stringify({ message: 'Starting' }))
}
const server = http.createServer((req, res) => handle(req, res))
await takePort(server, config.port)

// The port is ours: from here on files may be written. Heavy modules load only now, so a failed
// start is quick and touches nothing.
const [{ databaseFile, openDatabase, openPostgres }, { checkDataDir, keepDataPrivate }, { migrateToLatest }, { seedDatabase }, { createApp }, { hashPassword }, { createLogger }, { productJobs, startScheduledJobs }, { createMailer }, { openExportThread }] =
  await Promise.all([
    import('../db/connection'),
    import('../db/data-dir'),
    import('../db/migrate'),
    import('../db/seed'),
    import('./app'),
    import('./auth/password'),
    import('./logger'),
    import('./jobs/scheduled-jobs'),
    import('./email/mailer'),
    import('./exports/export-thread'),
  ])
const logger = createLogger()
const webDir = process.env.WEB_DIR ? path.resolve(process.env.WEB_DIR) : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist')

// Everything the server creates from here on (database, WAL, photos) is its user's alone.
process.umask(0o077)
try {
  checkDataDir(config.dataDir)
} catch (error) {
  server.close()
  fail([error instanceof Error ? error.message : String(error)])
}

let database: AnyDatabaseHandle | undefined
try {
  if (config.databaseUrl) {
    database = openPostgres({ url: config.databaseUrl })
  } else {
    // Public answers are rebuilt on a read-only connection in a worker thread (decision 030).
    database = openDatabase({
      file: databaseFile(config.dataDir),
      readThread: { onWorkerExit: (error) => logger.error({ err: error }, 'the read thread stopped; its queries run on the main connection') },
    })
    keepDataPrivate(config.dataDir, databaseFile(config.dataDir))
  }
  const { db, readDb } = database
  await migrateToLatest(db)
  const seeded = await seedDatabase(db, {
    demo: config.seedDemo,
    admin: { email: config.adminEmail, password: config.adminPassword },
    hashPassword,
  })

  if (process.env.NODE_ENV === 'production' && config.siteUrl === undefined) {
    logger.warn('SITE_URL is not set: share previews and sitemap.xml take their address from each request (set it to the public address, e.g. https://vitifarmers.org.fj)')
  }
  if (!fs.existsSync(path.join(webDir, 'index.html'))) {
    logger.warn('dist/index.html not found: run `npm run build` (npm start does it) to serve the web app')
  }
  const mailer = createMailer({ smtpUrl: config.smtpUrl, logger })
  // EXPORT_THREAD=1: the farmers export and the payment report are made in a worker thread (SQLite; api/exports).
  const exportThread = database.dialect === 'sqlite' && config.exportThread
    ? openExportThread(databaseFile(config.dataDir), { onWorkerExit: (error) => logger.error({ err: error }, 'the export thread stopped; an export it was making was cut short') })
    : undefined
  handle = createApp({ db, readDb, config, logger, webDir, mailer, exportThread })
  // Clean-ups, purges and the mail outbox: each once per interval across every server on this database.
  startScheduledJobs(db, productJobs({ db, dataDir: config.dataDir, mailer }), { logger })

  const url = `http://localhost:${config.port}`
  // The banner goes out in one write, so no log line can land in the middle of the sign-in it prints.
  const banner = [`\n  Viti Farmers is running at ${url}`, `  Data: ${config.databaseUrl ? `PostgreSQL ${redacted(config.databaseUrl)}, photos in ${config.dataDir}` : config.dataDir}`]
  if (seeded.createdAdmin) {
    const { email, generatedPassword } = seeded.createdAdmin
    banner.push('', `  Admin sign-in (${url}/login)`, `    e-mail:   ${email}`)
    // A generated password is printed once, on the start that created it; the first sign-in must change it.
    if (generatedPassword) banner.push(`    password: ${generatedPassword}  (generated; you must change it at first sign-in)`, '    lost it? npm run reset-admin-password')
    else banner.push('    password: the ADMIN_PASSWORD you set')
  }
  if (seeded.demoSkipped) {
    console.log('\n  Demo data not added: this database already holds real data (demo data goes only into an empty one).')
  }
  if (seeded.demoRemovedBefore) console.log('\n  Demo data not added: it was removed from this database (npm run remove-demo-data).')
  if (seeded.demoAgent) {
    banner.push('', '  Demo data agent (clearly marked demo data; SEED_DEMO=0 skips it)', `    e-mail:   ${seeded.demoAgent.email}`, `    password: ${seeded.demoAgent.generatedPassword}  (must be changed at first sign-in)`)
  }
  console.log(`${banner.join('\n')}\n`)
  logger.info({ url, dataDir: config.dataDir }, 'Viti Farmers is serving')
} catch (error) {
  server.close()
  await database?.close()
  fail([error instanceof Error ? error.message : String(error)])
}

// Requests being answered now: a shutdown lets them finish (a photo on weak 3G takes seconds).
let inFlight = 0
let shuttingDown = false
const answering = new Set<ServerResponse>()
server.on('request', (_req: unknown, res: ServerResponse) => {
  inFlight += 1
  answering.add(res)
  // A proxy's kept-alive connection would bring request after request to a server shutting down,
  // until the grace ran out and cut one: its answer closes the connection instead.
  if (shuttingDown && !res.headersSent) res.setHeader('connection', 'close')
  res.once('close', () => {
    inFlight -= 1
    answering.delete(res)
    if (shuttingDown) setImmediate(() => server.closeIdleConnections())
  })
})

function shutdown(signal: string) {
  logger.info({ signal, inFlight, graceMs: config.shutdownGraceMs }, 'shutting down: no new connections; the requests in flight may finish')
  shuttingDown = true
  for (const res of answering) if (!res.headersSent) res.setHeader('connection', 'close')
  server.close(() => {
    void (database?.close() ?? Promise.resolve()).finally(() => process.exit(0))
  })
  setTimeout(() => {
    // Said, and a non-zero exit, so a rolling restart that cut uploads is seen (the phones' outboxes send them again).
    logger.warn({ cut: inFlight, graceMs: config.shutdownGraceMs }, 'shut down with requests still in flight: they were cut')
    process.exit(1)
  }, config.shutdownGraceMs).unref()
}
process.on('SIGTERM', () => shutdown('SIGTERM'))
process.on('SIGINT', () => shutdown('SIGINT'))
