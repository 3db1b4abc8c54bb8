// The column shapes migrations share, for the database they run on. On SQLite each is exactly what
// the shipped migrations always wrote (db/migrations/sqlite-schema.test.ts holds them to it); on
// PostgreSQL the same values are stored in the same form (decision 021): ISO text, 0/1 integers,
// JSON lists as text, text compared byte for byte (collation "C"), names unique ignoring ASCII case.
import { sql, type ColumnDefinitionBuilder, type Expression, type Kysely, type RawBuilder } from 'kysely'
import { dialectOf, type DialectName } from '../dialect'

type Col = (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder
type DataType = 'text' | 'integer' | 'serial' | Expression<unknown>

export interface Ddl {
  dialect: DialectName
  /** Text; on PostgreSQL with the "C" collation, so order and comparison are SQLite's BINARY. */
  text: DataType
  /** The database's now as `Date.toISOString()` text, for defaults. */
  isoNow: RawBuilder<unknown>
  /** An integer primary key the database numbers (SQLite AUTOINCREMENT, PostgreSQL serial). */
  intIdType: DataType
  intId: Col
  /** A JSON array as text, refused by the database when malformed. */
  jsonList: (name: string) => Col
  /** NOT NULL and unique ignoring ASCII case. On PostgreSQL the uniqueness is an index: call caselessUnique after the table. */
  uniqueName: Col
  /** Unique ignoring case, NULLs allowed (SQLite: column UNIQUE COLLATE NOCASE). */
  uniqueCaseless: Col
  /** PostgreSQL: the unique index on lower(column) that uniqueName/uniqueCaseless stand for. SQLite: nothing. */
  caselessUnique(table: string, column: string): Promise<void>
  /** An index key ordering ignoring ASCII case: `"name" COLLATE NOCASE` / `lower("name")`. */
  caselessKey(column: string): string
}

export function ddlFor(db: Kysely<unknown>): Ddl {
  return dialectOf(db) === 'postgres' ? postgresDdl(db) : sqliteDdl
}

const sqliteDdl: Ddl = {
  dialect: 'sqlite',
  text: 'text',
  // Same shape as `new Date().toISOString()` so defaults and app-written values sort together.
  isoNow: sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
  intIdType: 'integer',
  intId: (c) => c.primaryKey().autoIncrement(),
  // A malformed list would break every json_each query, so the database refuses it up front.
  jsonList: (name) => (c) =>
    c.notNull().defaultTo('[]').check(sql`json_valid(${sql.ref(name)}) and json_type(${sql.ref(name)}) = 'array'`),
  uniqueName: (c) => c.notNull().unique().modifyEnd(sql`collate nocase`),
  uniqueCaseless: (c) => c.unique().modifyEnd(sql`collate nocase`),
  caselessUnique: async () => {},
  caselessKey: (column) => `"${column}" COLLATE NOCASE`,
}

const postgresDdl = (db: Kysely<unknown>): Ddl => ({
  dialect: 'postgres',
  text: sql`text collate "C"`,
  isoNow: sql`(to_char(statement_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`,
  intIdType: 'serial',
  intId: (c) => c.primaryKey(),
  // json_list_valid() is created by 0001: a cast in a CHECK would fail with a type error, not a
  // constraint violation, and PostgreSQL 15 has no IS JSON.
  jsonList: (name) => (c) => c.notNull().defaultTo('[]').check(sql`json_list_valid(${sql.ref(name)})`),
  uniqueName: (c) => c.notNull(),
  uniqueCaseless: (c) => c,
  // lower() under "C" folds ASCII only: the same names collide as under SQLite's NOCASE.
  caselessUnique: async (table, column) => {
    await sql.raw(`CREATE UNIQUE INDEX "${table}_${column}_key" ON "${table}" (lower("${column}"))`).execute(db)
  },
  caselessKey: (column) => `lower("${column}")`,
})

/** PostgreSQL only: the CHECK function behind ddl.jsonList. */
export async function createJsonListValid(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION json_list_valid(value text) RETURNS boolean LANGUAGE plpgsql IMMUTABLE AS $$
    BEGIN
      RETURN jsonb_typeof(value::jsonb) = 'array';
    EXCEPTION WHEN others THEN
      RETURN false;
    END $$`.execute(db)
}
