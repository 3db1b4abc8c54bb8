// The public directory at national scale (issue 12): farmer–city and farmer–produce pairs in their
// own indexed tables, so counts and pages are index reads, never a pass over every farmer.
//
// SQLite triggers keep both tables in step with farmers.cities / farmers.produce on every write,
// whatever code path makes it. Each pair also carries a copy of the farmer's listing columns
// (isActive, subscription dates) and list order (isPremium, name): counting a produce's listed
// farmers, or reading its first page, then touches one index and no farmers row.
//
// `directory_version` counts every change that can alter a public directory answer; the API keys
// its answer cache (and ETags) on it.
import { sql, type Kysely, type Migration } from 'kysely'

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

async function up(db: Kysely<unknown>): Promise<void> {
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

async function down(db: Kysely<unknown>): Promise<void> {
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

export const directoryIndex: Migration = { up, down }
