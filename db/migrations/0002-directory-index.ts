// The public directory at national scale (issue 12): farmer–city and farmer–produce pairs in their
// own indexed tables, so counts and pages are index reads, never a pass over every farmer.
//
// Triggers keep both tables in step with farmers.cities / farmers.produce on every write,
// whatever code path makes it. Each pair also carries a copy of the farmer's listing columns
// (isActive, subscription dates) and list order (isPremium, name): counting a produce's listed
// farmers, or reading its first page, then touches one index and no farmers row.
//
// `directory_version` counts every change that can alter a public directory answer; the API keys
// its answer cache (and ETags) on it.
//
// SQLite and PostgreSQL write triggers differently (a body of statements; a plpgsql function), so
// each has its own up/down below; both keep the same tables, columns, keys and behaviour.
import { sql, type Kysely, type Migration } from 'kysely'
import { dialectOf } from '../dialect'

/** The farmer columns copied into each pair, in this order. */
const COPIED = ['isActive', 'subscriptionStart', 'subscriptionEnd', 'isPremium', 'deliveryAvailable', 'isBulk', 'name'] as const
const copiedList = COPIED.map((c) => `"${c}"`).join(', ')
const copiedFromNew = COPIED.map((c) => `NEW."${c}"`).join(', ')
const copiedFromFarmer = COPIED.map((c) => `f."${c}"`).join(', ')

interface PairTable {
  table: 'farmer_cities' | 'farmer_produce'
  /** The farmer's JSON list column. */
  list: 'cities' | 'produce'
  /** The farmer's spelling. */
  value: 'city' | 'produce'
  /** lower(trim(value)): the case-insensitive match key. */
  key: 'cityKey' | 'produceKey'
}

const PAIRS: readonly PairTable[] = [
  { table: 'farmer_cities', list: 'cities', value: 'city', key: 'cityKey' },
  { table: 'farmer_produce', list: 'produce', value: 'produce', key: 'produceKey' },
]

/** Pairs of one farmer (`NEW`) from its JSON list; a name listed twice in any case counts once. */
const insertPairsOfNew = ({ table, list, value, key }: PairTable) => `
  INSERT OR IGNORE INTO ${table} ("farmerId", "${value}", "${key}", ${copiedList})
  SELECT NEW."id", trim(j.value), lower(trim(j.value)), ${copiedFromNew}
  FROM json_each(NEW."${list}") AS j
  WHERE j.type = 'text' AND trim(j.value) <> '';`

async function sqliteUp(db: Kysely<unknown>): Promise<void> {
  for (const pair of PAIRS) {
    const { table, list, value, key } = pair
    await sql
      .raw(
        `CREATE TABLE ${table} (
          "farmerId" TEXT NOT NULL REFERENCES farmers("id") ON DELETE CASCADE ON UPDATE CASCADE,
          "${value}" TEXT NOT NULL,
          "${key}" TEXT NOT NULL,
          "isActive" INTEGER NOT NULL,
          "subscriptionStart" TEXT,
          "subscriptionEnd" TEXT,
          "isPremium" INTEGER NOT NULL,
          "deliveryAvailable" INTEGER NOT NULL,
          "isBulk" INTEGER NOT NULL,
          "name" TEXT NOT NULL,
          PRIMARY KEY ("farmerId", "${key}")
        ) WITHOUT ROWID`,
      )
      .execute(db)
    // Counts per name (GROUP BY key) over listed pairs: a covering index, no table read.
    await sql
      .raw(`CREATE INDEX ${table}_listed_idx ON ${table} ("isActive", "${key}", "subscriptionEnd", "subscriptionStart")`)
      .execute(db)
    // One name's farmers in list order (premium first, then name): a page is an index range.
    await sql
      .raw(`CREATE INDEX ${table}_order_idx ON ${table} ("${key}", "isPremium" DESC, "name" COLLATE NOCASE, "farmerId")`)
      .execute(db)

    // Backfill from the lists already stored.
    await sql
      .raw(
        `INSERT OR IGNORE INTO ${table} ("farmerId", "${value}", "${key}", ${copiedList})
         SELECT f."id", trim(j.value), lower(trim(j.value)), ${copiedFromFarmer}
         FROM farmers AS f, json_each(f."${list}") AS j
         WHERE j.type = 'text' AND trim(j.value) <> ''`,
      )
      .execute(db)

    await sql
      .raw(
        `CREATE TRIGGER ${table}_after_list_update AFTER UPDATE OF "${list}" ON farmers BEGIN
          DELETE FROM ${table} WHERE "farmerId" = OLD."id";
          ${insertPairsOfNew(pair)}
        END`,
      )
      .execute(db)
  }

  // All listed farmers in list order (the search with no words): the first page is an index range.
  await sql.raw(`CREATE INDEX farmers_order_idx ON farmers ("isPremium" DESC, "name" COLLATE NOCASE, "id")`).execute(db)

  await sql
    .raw(
      `CREATE TRIGGER farmers_pairs_after_insert AFTER INSERT ON farmers BEGIN
        ${PAIRS.map(insertPairsOfNew).join('\n')}
      END`,
    )
    .execute(db)
  await sql
    .raw(
      `CREATE TRIGGER farmers_pairs_after_copied_update AFTER UPDATE OF ${copiedList} ON farmers BEGIN
        ${PAIRS.map(({ table }) => `UPDATE ${table} SET (${copiedList}) = (${copiedFromNew}) WHERE "farmerId" = NEW."id";`).join('\n')}
      END`,
    )
    .execute(db)
  // The foreign keys cascade too; this also holds on a connection with foreign_keys off.
  await sql
    .raw(
      `CREATE TRIGGER farmers_pairs_after_delete AFTER DELETE ON farmers BEGIN
        ${PAIRS.map(({ table }) => `DELETE FROM ${table} WHERE "farmerId" = OLD."id";`).join('\n')}
      END`,
    )
    .execute(db)

  await sql.raw(`CREATE TABLE directory_version ("id" INTEGER PRIMARY KEY CHECK ("id" = 1), "version" INTEGER NOT NULL)`).execute(db)
  await sql.raw(`INSERT INTO directory_version ("id", "version") VALUES (1, 1)`).execute(db)
  // Every table a public directory answer reads from.
  for (const source of ['farmers', 'produce', 'locations', 'farm_reviews']) {
    for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
      await sql
        .raw(
          `CREATE TRIGGER ${source}_directory_version_${event.toLowerCase()} AFTER ${event} ON ${source} BEGIN
            UPDATE directory_version SET "version" = "version" + 1 WHERE "id" = 1;
          END`,
        )
        .execute(db)
    }
  }
}

async function sqliteDown(db: Kysely<unknown>): Promise<void> {
  for (const source of ['farmers', 'produce', 'locations', 'farm_reviews']) {
    for (const event of ['insert', 'update', 'delete']) await sql.raw(`DROP TRIGGER IF EXISTS ${source}_directory_version_${event}`).execute(db)
  }
  for (const trigger of ['farmers_pairs_after_insert', 'farmers_pairs_after_copied_update', 'farmers_pairs_after_delete']) {
    await sql.raw(`DROP TRIGGER IF EXISTS ${trigger}`).execute(db)
  }
  for (const { table } of PAIRS) {
    await sql.raw(`DROP TRIGGER IF EXISTS ${table}_after_list_update`).execute(db)
    await sql.raw(`DROP TABLE IF EXISTS ${table}`).execute(db)
  }
  await sql.raw('DROP TABLE IF EXISTS directory_version').execute(db)
  await sql.raw('DROP INDEX IF EXISTS farmers_order_idx').execute(db)
}

/** The copied columns' SQL types on PostgreSQL, in COPIED order (text compared as SQLite's BINARY). */
const PG_COPIED_TYPES = ['INTEGER NOT NULL', 'TEXT COLLATE "C"', 'TEXT COLLATE "C"', 'INTEGER NOT NULL', 'INTEGER NOT NULL', 'INTEGER NOT NULL', 'TEXT COLLATE "C" NOT NULL']

/** PostgreSQL: the string elements of a JSON text list, trimmed, non-empty, in list order (as json_each). */
const pgElements = (list: string) => `
  (SELECT trim(e.v #>> '{}') COLLATE "C" AS value, e.n FROM jsonb_array_elements((${list})::jsonb) WITH ORDINALITY AS e(v, n)
   WHERE jsonb_typeof(e.v) = 'string' AND trim(e.v #>> '{}') <> '') AS j`

/** PostgreSQL: pairs of one farmer (`NEW`); the first spelling of a name wins, as INSERT OR IGNORE does. */
const pgInsertPairsOfNew = ({ table, list, value, key }: PairTable) => `
  INSERT INTO ${table} ("farmerId", "${value}", "${key}", ${copiedList})
  SELECT NEW."id", j.value, lower(j.value), ${copiedFromNew}
  FROM ${pgElements(`NEW."${list}"`)}
  ORDER BY j.n
  ON CONFLICT DO NOTHING;`

/** A plpgsql trigger function and its trigger, both named `name`. */
async function pgTrigger(db: Kysely<unknown>, name: string, when: string, body: string): Promise<void> {
  await sql.raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${body} RETURN NULL; END $$`).execute(db)
  await sql.raw(`CREATE TRIGGER ${name} ${when} FOR EACH ROW EXECUTE FUNCTION ${name}()`).execute(db)
}

async function postgresUp(db: Kysely<unknown>): Promise<void> {
  for (const pair of PAIRS) {
    const { table, list, value, key } = pair
    await sql
      .raw(
        `CREATE TABLE ${table} (
          "farmerId" TEXT COLLATE "C" NOT NULL REFERENCES farmers("id") ON DELETE CASCADE ON UPDATE CASCADE,
          "${value}" TEXT COLLATE "C" NOT NULL,
          "${key}" TEXT COLLATE "C" NOT NULL,
          ${COPIED.map((c, i) => `"${c}" ${PG_COPIED_TYPES[i]}`).join(',\n          ')},
          PRIMARY KEY ("farmerId", "${key}")
        )`,
      )
      .execute(db)
    await sql
      .raw(`CREATE INDEX ${table}_listed_idx ON ${table} ("isActive", "${key}", "subscriptionEnd", "subscriptionStart")`)
      .execute(db)
    await sql.raw(`CREATE INDEX ${table}_order_idx ON ${table} ("${key}", "isPremium" DESC, lower("name"), "farmerId")`).execute(db)
    await sql
      .raw(
        `INSERT INTO ${table} ("farmerId", "${value}", "${key}", ${copiedList})
         SELECT f."id", j.value, lower(j.value), ${copiedFromFarmer}
         FROM farmers AS f CROSS JOIN LATERAL ${pgElements(`f."${list}"`)}
         ORDER BY f."id", j.n
         ON CONFLICT DO NOTHING`,
      )
      .execute(db)
    await pgTrigger(
      db,
      `${table}_after_list_update`,
      `AFTER UPDATE OF "${list}" ON farmers`,
      `DELETE FROM ${table} WHERE "farmerId" = OLD."id"; ${pgInsertPairsOfNew(pair)}`,
    )
  }

  await sql.raw(`CREATE INDEX farmers_order_idx ON farmers ("isPremium" DESC, lower("name"), "id")`).execute(db)
  await pgTrigger(db, 'farmers_pairs_after_insert', 'AFTER INSERT ON farmers', PAIRS.map(pgInsertPairsOfNew).join('\n'))
  await pgTrigger(
    db,
    'farmers_pairs_after_copied_update',
    `AFTER UPDATE OF ${copiedList} ON farmers`,
    PAIRS.map(({ table }) => `UPDATE ${table} SET (${copiedList}) = (${copiedFromNew}) WHERE "farmerId" = NEW."id";`).join('\n'),
  )
  await pgTrigger(
    db,
    'farmers_pairs_after_delete',
    'AFTER DELETE ON farmers',
    PAIRS.map(({ table }) => `DELETE FROM ${table} WHERE "farmerId" = OLD."id";`).join('\n'),
  )

  await sql.raw(`CREATE TABLE directory_version ("id" INTEGER PRIMARY KEY CHECK ("id" = 1), "version" INTEGER NOT NULL)`).execute(db)
  await sql.raw(`INSERT INTO directory_version ("id", "version") VALUES (1, 1)`).execute(db)
  // One function; a row trigger per table and event, as on SQLite (a write of no rows moves nothing).
  await sql
    .raw(`CREATE FUNCTION directory_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      UPDATE directory_version SET "version" = "version" + 1 WHERE "id" = 1; RETURN NULL; END $$`)
    .execute(db)
  for (const source of ['farmers', 'produce', 'locations', 'farm_reviews']) {
    for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
      await sql
        .raw(`CREATE TRIGGER ${source}_directory_version_${event.toLowerCase()} AFTER ${event} ON ${source} FOR EACH ROW EXECUTE FUNCTION directory_version_bump()`)
        .execute(db)
    }
  }
}

async function postgresDown(db: Kysely<unknown>): Promise<void> {
  for (const source of ['farmers', 'produce', 'locations', 'farm_reviews']) {
    for (const event of ['insert', 'update', 'delete']) await sql.raw(`DROP TRIGGER IF EXISTS ${source}_directory_version_${event} ON ${source}`).execute(db)
  }
  const functions = ['directory_version_bump', 'farmers_pairs_after_insert', 'farmers_pairs_after_copied_update', 'farmers_pairs_after_delete', ...PAIRS.map(({ table }) => `${table}_after_list_update`)]
  // CASCADE drops each function's trigger with it.
  for (const name of functions) await sql.raw(`DROP FUNCTION IF EXISTS ${name}() CASCADE`).execute(db)
  for (const { table } of PAIRS) await sql.raw(`DROP TABLE IF EXISTS ${table}`).execute(db)
  await sql.raw('DROP TABLE IF EXISTS directory_version').execute(db)
  await sql.raw('DROP INDEX IF EXISTS farmers_order_idx').execute(db)
}

export const directoryIndex: Migration = {
  up: (db) => (dialectOf(db) === 'postgres' ? postgresUp(db) : sqliteUp(db)),
  down: (db) => (dialectOf(db) === 'postgres' ? postgresDown(db) : sqliteDown(db)),
}
