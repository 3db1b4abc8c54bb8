// The product's entry point: open (and migrate and seed) the embedded SQLite database under
// DATA_DIR, then serve the API and the built web app on PORT.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { databaseFile, openDatabase } from '../db/connection'
import { migrateToLatest } from '../db/migrate'
import { seedDatabase } from '../db/seed'
import { createApp } from './app'
import { hashPassword } from './auth/password'
import { readConfig } from './config'
import { createLogger } from './logger'
import { scheduleUploadCleanup } from './uploads/cleanup'

const config = readConfig()
const logger = createLogger()
const webDir = process.env.WEB_DIR ? path.resolve(process.env.WEB_DIR) : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist')

fs.mkdirSync(config.dataDir, { recursive: true })
const { db, close } = openDatabase({ file: databaseFile(config.dataDir) })
await migrateToLatest(db)
const seeded = await seedDatabase(db, {
  demo: config.seedDemo,
  admin: { email: config.adminEmail, password: config.adminPassword },
  hashPassword,
})

if (!fs.existsSync(path.join(webDir, 'index.html'))) {
  logger.warn('dist/index.html not found: run `npm run build` (npm start does it) to serve the web app')
}

const app = createApp({ db, config, logger, webDir })
// Hourly, unref'd: photos never referenced by a record are removed after a day (offline-sync promise 6).
scheduleUploadCleanup({ db, dataDir: config.dataDir, logger })
const server = app.listen(config.port, () => {
  const url = `http://localhost:${config.port}`
  logger.info({ url, dataDir: config.dataDir }, 'Viti Farmers is serving')
  console.log(`\n  Viti Farmers is running at ${url}\n  Data: ${config.dataDir}`)
  if (seeded.createdAdmin) {
    const { email, generatedPassword } = seeded.createdAdmin
    console.log(`\n  Admin sign-in (${url}/login)\n    e-mail:   ${email}`)
    if (generatedPassword) {
      // Printed once, on the start that created it; the first sign-in must change it.
      console.log(`    password: ${generatedPassword}  (generated; you must change it at first sign-in)`)
    } else {
      console.log('    password: the ADMIN_PASSWORD you set')
    }
  }
  if (seeded.demoAgent) {
    console.log(`\n  Demo data agent (clearly marked demo data; SEED_DEMO=0 skips it)\n    e-mail:   ${seeded.demoAgent.email}\n    password: ${seeded.demoAgent.generatedPassword}  (must be changed at first sign-in)`)
  }
  console.log('')
})

function shutdown(signal: string) {
  logger.info({ signal }, 'shutting down')
  server.close(() => {
    void close().finally(() => process.exit(0))
  })
  setTimeout(() => process.exit(0), 5000).unref()
}
process.on('SIGTERM', () => shutdown('SIGTERM'))
process.on('SIGINT', () => shutdown('SIGINT'))
