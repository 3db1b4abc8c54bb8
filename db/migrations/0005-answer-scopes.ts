// Caches a visitor cannot keep cold (issue 19): a farm review is public and published at once, so
// it must not move the version every directory answer is kept on. Farm reviews get a version row of
// their own (farm_review_version); the directory's (migration 0002) now moves only with farmers,
// produce and locations. The farm reviews' answers key on both.
//
// The public analytics summary reads two counters kept with each page view (analytics_totals)
// instead of counting every page view on each call.
import { sql, type Kysely, type Migration } from 'kysely'
import { dialectOf } from '../dialect'

const EVENTS = ['insert', 'update', 'delete'] as const

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('farm_review_version')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`"id" = 1`))
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute()
  await sql`INSERT INTO farm_review_version ("id", "version") VALUES (1, 1)`.execute(db)
  if (dialectOf(db) === 'postgres') {
    // One function; a row trigger per event, as on SQLite (migration 0002's shape).
    await sql
      .raw(`CREATE FUNCTION farm_review_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
        UPDATE farm_review_version SET "version" = "version" + 1 WHERE "id" = 1; RETURN NULL; END $$`)
      .execute(db)
    for (const event of EVENTS) {
      await sql.raw(`DROP TRIGGER IF EXISTS farm_reviews_directory_version_${event} ON farm_reviews`).execute(db)
      await sql
        .raw(`CREATE TRIGGER farm_reviews_answer_version_${event} AFTER ${event.toUpperCase()} ON farm_reviews FOR EACH ROW EXECUTE FUNCTION farm_review_version_bump()`)
        .execute(db)
    }
  } else {
    for (const event of EVENTS) {
      await sql.raw(`DROP TRIGGER IF EXISTS farm_reviews_directory_version_${event}`).execute(db)
      await sql
        .raw(
          `CREATE TRIGGER farm_reviews_answer_version_${event} AFTER ${event.toUpperCase()} ON farm_reviews BEGIN
            UPDATE farm_review_version SET "version" = "version" + 1 WHERE "id" = 1;
          END`,
        )
        .execute(db)
    }
  }

  await db.schema
    .createTable('analytics_totals')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`"id" = 1`))
    .addColumn('pageViews', 'integer', (c) => c.notNull())
    .addColumn('visitors', 'integer', (c) => c.notNull())
    .execute()
  await sql`INSERT INTO analytics_totals ("id", "pageViews", "visitors")
    SELECT 1, count(*), count(DISTINCT "visitorId") FROM page_views`.execute(db)
}

async function down(db: Kysely<unknown>): Promise<void> {
  const isPostgres = dialectOf(db) === 'postgres'
  for (const event of EVENTS) {
    if (isPostgres) {
      await sql.raw(`DROP TRIGGER IF EXISTS farm_reviews_answer_version_${event} ON farm_reviews`).execute(db)
      await sql
        .raw(`CREATE TRIGGER farm_reviews_directory_version_${event} AFTER ${event.toUpperCase()} ON farm_reviews FOR EACH ROW EXECUTE FUNCTION directory_version_bump()`)
        .execute(db)
    } else {
      await sql.raw(`DROP TRIGGER IF EXISTS farm_reviews_answer_version_${event}`).execute(db)
      await sql
        .raw(
          `CREATE TRIGGER farm_reviews_directory_version_${event} AFTER ${event.toUpperCase()} ON farm_reviews BEGIN
            UPDATE directory_version SET "version" = "version" + 1 WHERE "id" = 1;
          END`,
        )
        .execute(db)
    }
  }
  if (isPostgres) await sql.raw('DROP FUNCTION IF EXISTS farm_review_version_bump() CASCADE').execute(db)
  await db.schema.dropTable('farm_review_version').ifExists().execute()
  await db.schema.dropTable('analytics_totals').ifExists().execute()
}

export const answerScopes: Migration = { up, down }
