// npm run remove-demo-data
// Removes all demo data (rows marked isDemo, the demo data agent, photos only they used) and only
// that, in one transaction with one audit row, and prints what it removed. Uses DATA_DIR, or
// DATABASE_URL's PostgreSQL, like the server; never creates a database.
import fs from 'node:fs'
import { databaseFile, exitOnWrongDatabaseUrl, holdsAppTables, openConfiguredDatabase, postgresUrl, resolveDataDir } from '../db/connection'
import { migrateToLatest } from '../db/migrate'
import { describeRemoval, isNothingRemoved, removeDemoData } from '../api/demo-data/remove-demo-data'

// The server's check of DATABASE_URL, with its words, before anything is opened.
exitOnWrongDatabaseUrl()

if (process.argv.length > 2) {
  console.error('\n  Usage: npm run remove-demo-data  (DATA_DIR or DATABASE_URL as for the server)\n')
  process.exit(1)
}

const dataDir = resolveDataDir()
if (!postgresUrl() && !fs.existsSync(databaseFile(dataDir))) {
  console.error(`\n  No database at ${databaseFile(dataDir)}. Set DATA_DIR to the server's data folder (or DATABASE_URL).\n`)
  process.exit(1)
}

const { db, close } = openConfiguredDatabase(dataDir)
try {
  // A database with no tables of ours (a mistyped DATABASE_URL, an empty restore target) is refused
  // as a missing file is: migrating it would build the whole schema there.
  if (!(await holdsAppTables(db))) {
    await close()
    console.error(
      postgresUrl()
        ? "\n  DATABASE_URL names a database that holds no Viti Farmers data: nothing was changed. Set it to the server's database.\n"
        : `\n  ${databaseFile(dataDir)} holds no Viti Farmers data: nothing was changed. Set DATA_DIR to the server's data folder.\n`,
    )
    process.exit(1)
  }
  // The isDemo marks arrive with migration 0006: a database last opened by an older server gets it first.
  await migrateToLatest(db)
  const removed = await removeDemoData(db, { dataDir })
  if (isNothingRemoved(removed)) {
    console.log('\n  No demo data found: nothing removed.\n')
  } else {
    console.log(`\n  Demo data removed (one audit row, action remove_demo_data):\n${describeRemoval(removed).map((l) => `  ${l}`).join('\n')}\n`)
  }
} catch (error) {
  await close()
  console.error(`\n  Removing demo data failed: ${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
}
await close()
