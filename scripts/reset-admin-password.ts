// npm run reset-admin-password -- [e-mail] [--password <new password>]
// Sets a new password (generated unless given) for a staff account — by default the first global
// admin — marks it to be changed at the next sign-in, ends that user's sessions, writes an audit
// row and prints the password once. Uses DATABASE_URL or DATA_DIR like the server; never creates a database,
// but brings one of ours up to date first, as the server's start does (the reset needs the newer tables).
import fs from 'node:fs'
import { parseArgs } from 'node:util'
import { databaseFile, exitOnWrongDatabaseUrl, holdsAppTables, openDatabase, openPostgres, postgresUrl, resolveDataDir } from '../db/connection'
import { migrateToLatest } from '../db/migrate'
import { ResetAdminPasswordError, resetAdminPassword } from '../api/admin-users/reset-admin-password'

// The server's check of DATABASE_URL, with its words, before anything is opened.
exitOnWrongDatabaseUrl()

const USAGE = 'Usage: npm run reset-admin-password -- [e-mail] [--password <new password>]'

function fail(message: string): never {
  console.error(`\n  ${message}\n`)
  process.exit(1)
}

let args: ReturnType<typeof parse>
function parse() {
  return parseArgs({ allowPositionals: true, options: { password: { type: 'string' }, help: { type: 'boolean', short: 'h' } } })
}
try {
  args = parse()
} catch (error) {
  fail(`${error instanceof Error ? error.message : String(error)}\n  ${USAGE}`)
}
if (args.values.help) {
  console.log(USAGE)
  process.exit(0)
}
if (args.positionals.length > 1) fail(USAGE)

function open() {
  const url = postgresUrl()
  if (url) return openPostgres({ url, max: 1 })
  const file = databaseFile(resolveDataDir())
  if (!fs.existsSync(file)) fail(`No database at ${file}. Set DATA_DIR to the server's data folder (the server creates it on its first start).`)
  return openDatabase({ file })
}

const { db, close } = open()
try {
  if (!(await holdsAppTables(db))) {
    await close()
    fail(postgresUrl() ? "DATABASE_URL names a database that holds no Viti Farmers data: nothing was changed. Set it to the server's database." : `${databaseFile(resolveDataDir())} holds no Viti Farmers data: nothing was changed.`)
  }
  const applied = await migrateToLatest(db)
  if (applied.length > 0) console.log(`\n  Brought the database up to date first (${applied.join(', ')})`)
  const result = await resetAdminPassword(db, { email: args.positionals[0], password: args.values.password })
  console.log(`\n  Password reset for ${result.email}`)
  if (result.generated) console.log(`    new password: ${result.password}  (shown once; it must be changed at the next sign-in)`)
  else console.log('    new password: the one you gave (it must be changed at the next sign-in)')
  console.log('    every session of this account has been signed out\n')
} catch (error) {
  await close()
  // One line, as the server says it (a database that cannot be reached, a wrong password): never a stack.
  fail(error instanceof ResetAdminPasswordError ? error.message : `Resetting the password failed: ${error instanceof Error ? error.message : String(error)}`)
}
await close()
