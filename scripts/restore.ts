// npm run restore -- <backup folder> [--force]
// Brings a backup back into DATA_DIR (SQLite) or DATABASE_URL's PostgreSQL database, and its photos
// into DATA_DIR/uploads. Refuses a target that already holds data unless --force (which replaces
// it). Stop the server first; start it again afterwards.
import path from 'node:path'
import { parseArgs } from 'node:util'
import { exitOnWrongDatabaseUrl, postgresUrl, resolveDataDir } from '../db/connection'
import { BackupError, DamagedBackupError, restoreBackup } from './backup/snapshot'

// The server's check of DATABASE_URL, with its words, before anything is opened.
exitOnWrongDatabaseUrl()

const USAGE = 'Usage: npm run restore -- <backup folder> [--force]'

let args: { positionals: string[]; values: { force?: boolean } }
try {
  args = parseArgs({ allowPositionals: true, options: { force: { type: 'boolean' } } })
} catch {
  console.error(`\n  ${USAGE}\n`)
  process.exit(1)
}
if (args.positionals.length !== 1) {
  console.error(`\n  ${USAGE}\n`)
  process.exit(1)
}
const from = path.resolve(args.positionals[0]!)
const dataDir = resolveDataDir()
try {
  const manifest = await restoreBackup({ from, dataDir, databaseUrl: postgresUrl(), force: args.values.force })
  console.log(`\n  Restored the ${manifest.dialect} backup taken at ${manifest.takenAt} (${manifest.photos} photos) into ${postgresUrl() ? 'DATABASE_URL' : dataDir}.\n  Start the server: npm run serve\n`)
} catch (error) {
  // A damaged backup's line begins "Nothing was changed": what the operator needs to know first.
  const line = error instanceof DamagedBackupError ? error.message : `Restore failed: ${error instanceof BackupError ? error.message : String(error)}`
  console.error(`\n  ${line}\n`)
  process.exit(1)
}
