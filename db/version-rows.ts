// The one-row version tables read before every cached answer (decisions 022 and 030). On SQLite the
// read goes straight to a statement prepared once on the main connection: through kysely it cost
// ~8 % of a cached answer's server CPU (the driver's connection mutex, plugins, a few awaits) for one
// indexed row. On PostgreSQL, and on any kysely not opened by openDatabase, kysely's query runs.
import type BetterSqlite3 from 'better-sqlite3'
import type { CompiledQuery, Kysely } from 'kysely'
import type { Database } from './schema'

export type VersionTable = 'directory_version' | 'farm_review_version' | 'platform_review_version' | 'translation_version'

/** The raw handle behind each kysely openDatabase made, so its version reads can skip kysely. */
const sqliteOf = new WeakMap<Kysely<Database>, BetterSqlite3.Database>()

/** Called by openDatabase: `db` runs its queries on `sqlite`, and on nothing else. */
export function registerSqlite(db: Kysely<Database>, sqlite: BetterSqlite3.Database): void {
  sqliteOf.set(db, sqlite)
}

/** A reader of `table`'s version (row id 1; 0 when the row is missing). */
export function versionReader(db: Kysely<Database>, table: VersionTable): () => Promise<number> {
  let query: CompiledQuery<{ version: number }> | undefined
  const viaKysely = async () => {
    query ??= db.selectFrom(table).select('version').where('id', '=', 1).compile()
    return Number((await db.executeQuery(query)).rows[0]?.version ?? 0)
  }
  const sqlite = sqliteOf.get(db)
  if (!sqlite) return viaKysely
  let statement: BetterSqlite3.Statement | undefined
  return () => {
    // A transaction holds the connection across awaits (kysely's driver queues the others behind it):
    // read now and the version could be one that is not committed yet, or never will be. Wait as before.
    if (sqlite.inTransaction) return viaKysely()
    try {
      statement ??= sqlite.prepare(`select "version" from "${table}" where "id" = 1`).pluck()
      return Promise.resolve(Number(statement.get() ?? 0))
    } catch (error) {
      return Promise.reject(error)
    }
  }
}
