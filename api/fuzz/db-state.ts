// Everything a request could have written, as one comparable value: each table's row count and a
// hash of its rows (tables listed by kysely's introspection, on SQLite or PostgreSQL, so a table
// added later is covered), and the files under the uploads folder. `sessions` is counted only: every authenticated request
// may slide its session's expiry, which is not a write of the refused request's making.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import type { Kysely } from 'kysely'

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

type AnyDb = Kysely<any> // eslint-disable-line @typescript-eslint/no-explicit-any -- every table, listed at run time

/** The app's tables (kysely's own migration tables left out), with their columns, on either database. */
async function tablesOf(db: AnyDb): Promise<{ name: string; columns: string[] }[]> {
  const tables = (await db.introspection.getTables()).filter((table) => !table.isView)
  return tables.map((table) => ({ name: table.name, columns: table.columns.map((column) => column.name) })).sort((a, b) => a.name.localeCompare(b.name))
}

export async function dbState(db: AnyDb, uploadsDir: string): Promise<DbState> {
  const state: DbState = {}
  for (const table of await tablesOf(db)) {
    if (COUNTERS.has(table.name)) continue
    if (COUNT_ONLY.has(table.name)) {
      const { count } = await db.selectFrom(table.name).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()
      state[table.name] = `${Number(count)} rows`
      continue
    }
    // Sorted, so the order the database happens to read them in never counts as a change.
    const ignored = GUESS_COUNTERS[table.name] ?? []
    const columns = table.columns.filter((c) => !ignored.includes(c))
    const rows = (await db.selectFrom(table.name).select(columns).execute()).map((row) => JSON.stringify(columns.map((c) => (row as Record<string, unknown>)[c]))).sort()
    state[table.name] = `${rows.length} rows, ${createHash('sha1').update(rows.join('\n')).digest('hex').slice(0, 12)}`
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
export async function databaseValues(db: AnyDb): Promise<{ ids: PoolValue[]; names: PoolValue[] }> {
  const ids: PoolValue[] = []
  const names: PoolValue[] = []
  for (const table of await tablesOf(db)) {
    const read = async (column: string, limit: number) =>
      (await db.selectFrom(table.name).select(column).limit(limit).execute()).map((row) => ({ table: table.name, value: String((row as Record<string, unknown>)[column]) }))
    if (table.columns.includes('id')) ids.push(...(await read('id', 4)))
    if (table.columns.includes('name')) names.push(...(await read('name', 3)))
  }
  return { ids, names }
}
