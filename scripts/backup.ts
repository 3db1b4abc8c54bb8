// npm run backup -- [folder]
// Writes a consistent snapshot of the database (SQLite under DATA_DIR, or DATABASE_URL's
// PostgreSQL) and the photos into a new folder (default ./backups/viti-farmers-<time>), while the
// server keeps running. Copy that folder off the machine: a backup on the same disk dies with it.
// A database without the app's tables, or one it cannot reach, is refused in one line before anything is written.
import path from 'node:path'
import { parseArgs } from 'node:util'
import { exitOnWrongDatabaseUrl, postgresUrl, resolveDataDir } from '../db/connection'
import { BackupError, backupFolderName, takeBackup } from './backup/snapshot'

// The server's check of DATABASE_URL, with its words, before anything is opened.
exitOnWrongDatabaseUrl()

const USAGE = 'Usage: npm run backup -- [folder]'

let positionals: string[]
try {
  ;({ positionals } = parseArgs({ allowPositionals: true, options: {} }))
} catch {
  console.error(`\n  ${USAGE}\n`)
  process.exit(1)
}
if (positionals.length > 1) {
  console.error(`\n  ${USAGE}\n`)
  process.exit(1)
}
const to = path.resolve(positionals[0] ?? path.join('backups', backupFolderName()))
try {
  const manifest = await takeBackup({ dataDir: resolveDataDir(), databaseUrl: postgresUrl(), to })
  console.log(`\n  Backup written to ${to}\n    database: ${manifest.dialect}, snapshot at ${manifest.takenAt}\n    photos:   ${manifest.photos}\n`)
} catch (error) {
  console.error(`\n  Backup failed: ${error instanceof BackupError ? error.message : String(error)}\n`)
  process.exit(1)
}
