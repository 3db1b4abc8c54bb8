// The one place where SQLite and PostgreSQL differ for the queries repositories write: JSON lists,
// "now", case-insensitive text, and constraint errors. A repository calls
// `portable(db)` and never asks which database it is on; everything else is plain kysely, which
// already speaks both (upserts: `.onConflict(...)`, never `INSERT OR IGNORE`).
// Decision 021 says how both databases store and read back the same values.
import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely'

export type DialectName = 'sqlite' | 'postgres'

type Text = Expression<string | null> | string

/** A kysely instance or transaction: anything a query can be compiled for. */
type Executor = Parameters<RawBuilder<unknown>['compile']>[0]

const known = new WeakMap<object, DialectName>()

/**
 * Which database a kysely instance (or a transaction of one) talks to. Read from how it compiles a
 * parameter (`$1` or `?`), which is public API and holds for every connection and transaction.
 */
export function dialectOf(db: Executor): DialectName {
  const cached = known.get(db)
  if (cached) return cached
  const name: DialectName = sql`${1}`.compile(db).sql === '$1' ? 'postgres' : 'sqlite'
  known.set(db, name)
  return name
}

/** A column name (as `sql.ref` takes it, e.g. 'farmers.cities') or any text expression. */
const ref = (value: Text) => (typeof value === 'string' ? sql.ref(value) : value)

export interface PortableSql {
  readonly name: DialectName
  /** The current time as ISO-8601 UTC text with milliseconds, the form `Date.toISOString()` writes. */
  now(): RawBuilder<string>
  /** True when the JSON text list holds exactly this string (case-sensitive, as `=`). */
  jsonListContains(list: Text, value: string): RawBuilder<SqlBool>
  /**
   * A list's string elements as a table `alias` with columns `value` and `position` (0-based, list
   * order), as `json_each` gives them on SQLite. For sub-queries in `select`/`where`, which may
   * read the outer row; not as a join (PostgreSQL would need LATERAL, SQLite has none).
   */
  jsonListValues(list: Text, alias: string): RawBuilder<{ value: string; position: number }>
  /** Aggregate: a JSON text list of the group's values in `orderBy` order; `[]` for an empty group. */
  jsonListAgg(value: Text, orderBy: Text): RawBuilder<string>
  /** Equal ignoring ASCII case, as SQLite's NOCASE and the reference tables' unique indexes. */
  caselessEquals(column: Text, value: string): RawBuilder<SqlBool>
  /** Two text expressions (or columns) equal ignoring ASCII case; on SQLite through a NOCASE index. */
  caselessSame(left: Text, right: Text): RawBuilder<SqlBool>
  /** LIKE ignoring ASCII case (SQLite's LIKE); `\` escapes `%` and `_` in the pattern. */
  caselessLike(column: Text, pattern: string): RawBuilder<SqlBool>
  /** An ORDER BY key that sorts ignoring ASCII case and matches the `lower(name)` indexes. */
  caselessOrder(column: Text): RawBuilder<string>
  /** ISO text (a timestamp or a bare date, read as UTC) as a Julian day number, like SQLite's julianday(). */
  julianDay(value: Text): RawBuilder<number>
  /** ISO text as whole milliseconds since 1970 (an integer; bare dates are UTC midnight, as julianDay). */
  epochMs(value: Text): RawBuilder<number>
  /**
   * Conditions splitting `table` into pieces of at most `rows` rows, for a query that must read a
   * whole table: on SQLite, whose driver holds the thread while a query runs, rowid ranges (storage
   * order, so each piece reads its pages once and other requests are served between pieces); on
   * PostgreSQL, whose queries run beside the event loop, one piece. `alias`: the table's name in a
   * query that joins it.
   */
  tableChunks<DB>(db: Kysely<DB>, table: string, rows: number, alias?: string): Promise<RawBuilder<SqlBool>[]>
  /** 'YYYY-MM' of an integer Julian Day Number (the civil day it names; 2440588 is 1970-01-01). */
  yearMonthOfDayNumber(dayNumber: Expression<number>): RawBuilder<string>
  /** True when `needle` occurs in `haystack` as it is (case-sensitive, no wildcards): SQLite's instr() > 0. */
  containsText(haystack: Text, needle: string): RawBuilder<SqlBool>
  /**
   * After a table alias: walk this index (SQLite's INDEXED BY, which its planner otherwise
   * sometimes passes over for a sort). Nothing on PostgreSQL, whose planner picks by statistics.
   */
  indexedBy(index: string): RawBuilder<unknown>
}

const sqlitePortable: PortableSql = {
  name: 'sqlite',
  now: () => sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
  jsonListContains: (list, value) => sql<SqlBool>`exists (select 1 from json_each(${ref(list)}) where value = ${value})`,
  jsonListValues: (list, alias) =>
    sql<{ value: string; position: number }>`(select value, key as position from json_each(${ref(list)}) where type = 'text') as ${sql.table(alias)}`,
  jsonListAgg: (value, orderBy) => sql<string>`json_group_array(${ref(value)} order by ${ref(orderBy)})`,
  caselessEquals: (column, value) => sql<SqlBool>`${ref(column)} = ${value} collate nocase`,
  caselessSame: (left, right) => sql<SqlBool>`${ref(left)} = ${ref(right)} collate nocase`,
  caselessLike: (column, pattern) => sql<SqlBool>`${ref(column)} like ${pattern} escape '\\'`,
  caselessOrder: (column) => sql<string>`${ref(column)} collate nocase`,
  julianDay: (value) => sql<number>`julianday(${ref(value)})`,
  // julianday() keeps whole milliseconds; rounding drops the float's last bits.
  epochMs: (value) => sql<number>`cast(round((julianday(${ref(value)}) - 2440587.5) * 86400000) as integer)`,
  async tableChunks(db, table, rows, alias) {
    const { rows: found } = await sql<{ last: number | null }>`select max(rowid) as last from ${sql.table(table)}`.execute(db)
    const last = found[0]?.last ?? 0
    const rowid = alias === undefined ? sql.ref('rowid') : sql.ref(`${alias}.rowid`)
    const chunks: RawBuilder<SqlBool>[] = []
    for (let after = 0; after < last; after += rows) chunks.push(sql<SqlBool>`(${rowid} > ${after} and ${rowid} <= ${after + rows})`)
    return chunks.length > 0 ? chunks : [sql<SqlBool>`1 = 1`]
  },
  // A number given to strftime() is a Julian day; an integer one is that civil day's noon.
  yearMonthOfDayNumber: (dayNumber) => sql<string>`strftime('%Y-%m', ${dayNumber})`,
  containsText: (haystack, needle) => sql<SqlBool>`instr(${ref(haystack)}, ${needle}) > 0`,
  indexedBy: (index) => sql`indexed by ${sql.id(index)}`,
}

const postgresPortable: PortableSql = {
  name: 'postgres',
  now: () => sql<string>`to_char(statement_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  jsonListContains: (list, value) => sql<SqlBool>`(${ref(list)})::jsonb @> jsonb_build_array(${value}::text)`,
  jsonListValues: (list, alias) =>
    sql<{ value: string; position: number }>`(select e.v #>> '{}' collate "C" as value, (e.n - 1)::integer as position from jsonb_array_elements((${ref(list)})::jsonb) with ordinality as e(v, n) where jsonb_typeof(e.v) = 'string') as ${sql.table(alias)}`,
  // Built as text rather than with json_agg, whose output puts a space after each comma: the same
  // list reads back byte for byte as SQLite's json_group_array writes it.
  jsonListAgg: (value, orderBy) =>
    sql<string>`('[' || coalesce(string_agg(to_json(${ref(value)}::text)::text, ',' order by ${ref(orderBy)}), '') || ']')`,
  // lower() under the "C" collation folds ASCII only, exactly as SQLite's NOCASE does.
  caselessEquals: (column, value) => sql<SqlBool>`lower(${ref(column)} collate "C") = lower(${value}::text collate "C")`,
  caselessSame: (left, right) => sql<SqlBool>`lower(${ref(left)} collate "C") = lower(${ref(right)} collate "C")`,
  caselessLike: (column, pattern) => sql<SqlBool>`${ref(column)} collate "C" ilike ${pattern}::text escape '\\'`,
  caselessOrder: (column) => sql<string>`lower(${ref(column)} collate "C")`,
  // Bare dates read as UTC midnight (the session runs in UTC, db/connection.ts), as julianday() does.
  julianDay: (value) => sql<number>`(extract(epoch from (${ref(value)})::timestamptz) / 86400.0 + 2440587.5)::float8`,
  epochMs: (value) => sql<number>`round(extract(epoch from (${ref(value)})::timestamptz) * 1000)::bigint`,
  tableChunks: () => Promise.resolve([sql<SqlBool>`true`]),
  yearMonthOfDayNumber: (dayNumber) => sql<string>`to_char(to_date((${dayNumber})::text, 'J'), 'YYYY-MM')`,
  containsText: (haystack, needle) => sql<SqlBool>`strpos(${ref(haystack)}, ${needle}::text) > 0`,
  indexedBy: () => sql``,
}

/** The dialect's versions of the constructs above, for this database. */
export function portable(db: Executor): PortableSql {
  return dialectOf(db) === 'postgres' ? postgresPortable : sqlitePortable
}

// Scheduled jobs' one-run-across-servers lives in job-lease.ts (a lease row, on both databases).
export { runJobOnce } from './job-lease'

type ConstraintKind = 'unique' | 'check' | 'foreignKey' | 'notNull'

// better-sqlite3 error codes, and PostgreSQL's SQLSTATE classes 23xxx.
const CODES: Record<ConstraintKind, readonly string[]> = {
  unique: ['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY', '23505'],
  check: ['SQLITE_CONSTRAINT_CHECK', '23514'],
  foreignKey: ['SQLITE_CONSTRAINT_FOREIGNKEY', '23503'],
  notNull: ['SQLITE_CONSTRAINT_NOTNULL', '23502'],
}

/** The classes of key `holdUntilCommit` locks (PostgreSQL advisory locks: the first of their two numbers). */
export const HELD_KEYS = { farmReviewSender: 1 } as const

/**
 * Holds `key` of `kind` until the transaction `trx` ends: transactions holding the same key run one
 * after the other, so one that counts rows and then inserts (one sender's farm reviews an hour) sees
 * what the others wrote. PostgreSQL: a transaction-scoped advisory lock. SQLite: nothing, its one
 * writer already runs them so (a second process's write on a stale read is refused as busy).
 */
export async function holdUntilCommit(trx: Executor, kind: (typeof HELD_KEYS)[keyof typeof HELD_KEYS], key: string): Promise<void> {
  if (dialectOf(trx) === 'postgres') await sql`select pg_advisory_xact_lock(${kind}::integer, hashtext(${key}::text))`.execute(trx)
}

/**
 * True when PostgreSQL cancelled a transaction for another's sake: deadlock_detected (40P01; two
 * transactions waiting on each other's rows, as a town's rename and a save of one of its farmers on
 * two servers) or serialization_failure (40001). Nothing of it was written: run it again.
 */
export function isTransactionConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return code === '40P01' || code === '40001'
}

/** True when the database refused a write for this kind of constraint, on either database. */
export function isConstraintViolation(error: unknown, kind: ConstraintKind): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && CODES[kind].includes(code)
}
