// Everything a request could have written, as one comparable value: each table's row count and a
// hash of its rows (tables listed from sqlite_master, so a table added later is covered), and
// the files under the uploads folder. `sessions` is counted only: every authenticated request
// may slide its session's expiry, which is not a write of the refused request's making.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import type BetterSqlite3 from 'better-sqlite3'

const COUNT_ONLY = new Set(['sessions'])
/**
 * Tables a refusal is meant to write (decision 025): a limited request is counted when it arrives,
 * refused or not (that is what stops a flood of bad requests), and a wrong password is counted
 * toward the lockout.
 */
const COUNTERS = new Set(['rate_limit_hits', 'login_failures'])
/**
 * Columns a refusal is meant to write: a wrong current password (change-password answers 400) is a
 * password guess and counts toward the lockout (api/auth/service.ts), like a failed sign-in.
 */
const GUESS_COUNTERS: Record<string, readonly string[]> = { admin_users: ['failedLoginCount', 'failedLoginWindowStart', 'lockedUntil'] }

export type DbState = Record<string, string>

export function dbState(sqlite: BetterSqlite3.Database, uploadsDir: string): DbState {
  const tables = sqlite.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").pluck().all() as string[]
  const state: DbState = {}
  for (const table of tables) {
    if (COUNTERS.has(table)) continue
    const quoted = `"${table.replaceAll('"', '""')}"`
    if (COUNT_ONLY.has(table)) {
      state[table] = `${sqlite.prepare(`select count(*) from ${quoted}`).pluck().get() as number} rows`
      continue
    }
    // Sorted, so the order SQLite happens to read them in never counts as a change.
    const ignored = GUESS_COUNTERS[table] ?? []
    const columns = columnsOf(sqlite, table).filter((c) => !ignored.includes(c)).map((c) => `"${c.replaceAll('"', '""')}"`)
    const rows = (sqlite.prepare(`select ${columns.join(', ')} from ${quoted}`).raw().all() as unknown[]).map((row) => JSON.stringify(row)).sort()
    state[table] = `${rows.length} rows, ${createHash('sha1').update(rows.join('\n')).digest('hex').slice(0, 12)}`
  }
  const files = fs.existsSync(uploadsDir) ? fs.readdirSync(uploadsDir).sort() : []
  state['(uploads folder)'] = `${files.length} files, ${createHash('sha1').update(files.join('\n')).digest('hex').slice(0, 12)}`
  return state
}

export interface PoolValue {
  table: string
  value: string
}

/** Values worth trying: a few of every table's `id` and `name` columns, as text, with their table. */
export function databaseValues(sqlite: BetterSqlite3.Database): { ids: PoolValue[]; names: PoolValue[] } {
  const tables = sqlite.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").pluck().all() as string[]
  const ids: PoolValue[] = []
  const names: PoolValue[] = []
  for (const table of tables) {
    const columns = columnsOf(sqlite, table)
    const quoted = `"${table.replaceAll('"', '""')}"`
    const read = (column: string, limit: number) => (sqlite.prepare(`select "${column}" from ${quoted} limit ${limit}`).pluck().all() as unknown[]).map((value) => ({ table, value: String(value) }))
    if (columns.includes('id')) ids.push(...read('id', 4))
    if (columns.includes('name')) names.push(...read('name', 3))
  }
  return { ids, names }
}

function columnsOf(sqlite: BetterSqlite3.Database, table: string): string[] {
  return (sqlite.prepare(`pragma table_info("${table.replaceAll('"', '""')}")`).all() as { name: string }[]).map((c) => c.name)
}
