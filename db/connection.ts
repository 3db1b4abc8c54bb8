// Opens the database: the embedded SQLite file under DATA_DIR (the default, `npm start`), or
// PostgreSQL when DATABASE_URL is set. Both hand out the same kysely `Database`; decision 021 says
// how values read back the same on both.
import fs from 'node:fs'
import path from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely'
import pg from 'pg'
import { openReadThread, type ReadThread } from './read-thread'
import type { Database } from './schema'
import { DATABASE_URL_PROBLEM, isPostgresUrl } from './database-url'

export interface SqliteHandle {
  dialect: 'sqlite'
  db: Kysely<Database>
  /** The raw handle, for pragmas, backups and tests; queries go through `db`. */
  sqlite: BetterSqlite3.Database
  /**
   * Where heavy reads go (the public answers' rebuilds): with `readThread`, a read-only connection
   * in a worker thread, so they never hold the event loop (decision 030); otherwise `db` itself.
   */
  readDb: Kysely<Database>
  /** The worker behind `readDb`, when opened with `readThread`. */
  readThread?: ReadThread<Database>
  close(): Promise<void>
}

export interface PostgresHandle {
  dialect: 'postgres'
  db: Kysely<Database>
  /** The connection string, for pg_dump / pg_restore. */
  url: string
  pool: pg.Pool
  /** `db` itself: pg's queries never hold the event loop. */
  readDb: Kysely<Database>
  close(): Promise<void>
}

/** The SQLite handle (`openDatabase`); most of the code and its tests need only this. */
export type DatabaseHandle = SqliteHandle
export type AnyDatabaseHandle = SqliteHandle | PostgresHandle

export interface SqliteOptions {
  file: string
  /** Run `readDb`'s queries in a worker thread (the server does; told when that worker stops unasked). */
  readThread?: boolean | { onWorkerExit?: (error: unknown) => void }
}

export function openDatabase(options: SqliteOptions): SqliteHandle {
  fs.mkdirSync(path.dirname(path.resolve(options.file)), { recursive: true })
  const sqlite = new BetterSqlite3(options.file)
  // WAL lets readers run while a write commits; NORMAL is durable enough under WAL and much faster.
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = NORMAL')
  // Off by default in SQLite, and every cascade in the schema depends on it.
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')

  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) })
  const thread = options.readThread
    ? openReadThread<Database>(path.resolve(options.file), { fallback: db, ...(typeof options.readThread === 'object' ? options.readThread : {}) })
    : undefined
  let closed = false
  return {
    dialect: 'sqlite',
    db,
    sqlite,
    readDb: thread?.db ?? db,
    readThread: thread,
    async close() {
      if (closed) return
      closed = true
      await thread?.close()
      await db.destroy()
      if (sqlite.open) sqlite.close()
    },
  }
}

/** Distinct SQL texts kept prepared; the app has a few hundred, so this only bounds a runaway. */
const STATEMENT_CACHE_SIZE = 1_000

/**
 * kysely's SQLite driver prepares every query anew; preparing showed in the server's profile of a
 * photo upload (issue 22). Queries are compiled with parameters, so their texts repeat: each text is
 * prepared once and reused. Safe because the driver runs a statement to completion before it
 * returns (all/run); only streaming (`iterate`) could hold one busy, and the app does not stream
 * from SQLite.
 */
function withStatementCache(sqlite: BetterSqlite3.Database): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>()
  return {
    close: () => sqlite.close(),
    prepare(source: string) {
      let statement = statements.get(source)
      if (statement === undefined) {
        statement = sqlite.prepare(source)
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!)
        statements.set(source, statement)
      }
      return statement
    },
  }
}

const INT8 = 20
const NUMERIC = 1700
const BOOL = 16

// Read back what better-sqlite3 gives for the same query: count(*) and sums (int8) and averages
// (numeric) as numbers, not strings; a boolean expression (`a = b`, `exists`) as 1 or 0. Counts
// stay far below 2^53.
const sameAsSqlite: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (format !== 'binary') {
      if (oid === INT8 || oid === NUMERIC) return (value: string) => Number(value)
      if (oid === BOOL) return (value: string) => (value === 't' ? 1 : 0)
    }
    return pg.types.getTypeParser(oid, format as 'text')
  }) as pg.CustomTypesConfig['getTypeParser'],
}

export function openPostgres(options: { url: string; max?: number }): PostgresHandle {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.max ?? 10,
    // A database behind a dead link (no refusal, no answer) fails a request in 10 s, answered 503
    // (db/unavailable.ts), rather than holding it until TCP gives up, minutes later.
    connectionTimeoutMillis: 10_000,
    types: sameAsSqlite,
    // UTC, so a bare date cast to a timestamp is UTC midnight, as SQLite's date functions read it.
    options: '-c TimeZone=UTC',
  })
  // An idle pooled connection the server ends (a restart, a failover, a dropped database) is emitted
  // as 'error' on the pool; without a listener Node crashes the process. The pool drops that client
  // and the next query opens a new one, so it is not fatal.
  pool.on('error', (error) => {
    if (!closed) console.warn(`PostgreSQL closed an idle connection: ${error.message}`)
  })
  // The pool listens only while a connection is idle; one lost while a query runs (PostgreSQL
  // restarting under load) is emitted on its client too, and unheard, that ended the process. The
  // query itself rejects (answered 503, db/unavailable.ts) and the pool drops the broken client.
  pool.on('connect', (client) => {
    client.on('error', () => undefined)
  })
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  let closed = false
  return {
    dialect: 'postgres',
    db,
    readDb: db,
    url: options.url,
    pool,
    async close() {
      if (closed) return
      closed = true
      // Destroying kysely ends the pool.
      await db.destroy()
    },
  }
}

/** An operator command's first step: a DATABASE_URL that is not PostgreSQL's stops it with the server's line. */
export function exitOnWrongDatabaseUrl(env: Record<string, string | undefined> = process.env): void {
  const url = postgresUrl(env)
  if (url === undefined || isPostgresUrl(url)) return
  console.error(`\n  ${DATABASE_URL_PROBLEM}\n`)
  process.exit(1)
}

/** DATABASE_URL when it names PostgreSQL; undefined means the embedded SQLite file. */
export function postgresUrl(env: Record<string, string | undefined> = process.env): string | undefined {
  const url = env.DATABASE_URL?.trim()
  return url ? url : undefined
}

/** PostgreSQL when DATABASE_URL is set, otherwise the SQLite file in the data directory. */
export function openConfiguredDatabase(dataDir: string, env: Record<string, string | undefined> = process.env): AnyDatabaseHandle {
  const url = postgresUrl(env)
  return url ? openPostgres({ url }) : openDatabase({ file: databaseFile(dataDir) })
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

/**
 * Whether the database holds the app's tables: the operator commands refuse one that does not (a
 * mistyped DATABASE_URL, an empty restore target) rather than build the schema there or fail on a
 * missing table.
 */
export async function holdsAppTables(db: Kysely<Database>): Promise<boolean> {
  return (await db.introspection.getTables()).some((table) => table.name === APP_TABLE)
}

/** The table whose presence says a database is the app's (every migration since the first has it). */
export const APP_TABLE = 'farmers'
