import fs from 'node:fs'
import path from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { Kysely, SqliteDialect } from 'kysely'
import type { Database } from './schema'

export interface DatabaseHandle {
  db: Kysely<Database>
  /** The raw handle, for pragmas, backups and tests; queries go through `db`. */
  sqlite: BetterSqlite3.Database
  close(): Promise<void>
}

export function openDatabase(options: { file: string }): DatabaseHandle {
  fs.mkdirSync(path.dirname(path.resolve(options.file)), { recursive: true })
  const sqlite = new BetterSqlite3(options.file)
  // WAL lets readers run while a write commits; NORMAL is durable enough under WAL and much faster.
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = NORMAL')
  // Off by default in SQLite, and every cascade in the schema depends on it.
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')

  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) })
  let closed = false
  return {
    db,
    sqlite,
    async close() {
      if (closed) return
      closed = true
      await db.destroy()
      if (sqlite.open) sqlite.close()
    },
  }
}

/** DATA_DIR, or ./data, as an absolute path. */
export function resolveDataDir(env: Record<string, string | undefined> = process.env): string {
  const dir = env.DATA_DIR?.trim()
  return path.resolve(dir ? dir : './data')
}

export function databaseFile(dataDir: string): string {
  return path.join(dataDir, 'viti-farmers.sqlite')
}

export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads')
}
