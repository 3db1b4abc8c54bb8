// Public platform reviews paged and kept like the directory's answers (issue 19): a version row of
// their own (platform_review_version), moved by triggers on every write to platform_reviews — a new
// pending review, a moderator's approval or deletion — so every server sees the change on its next
// request, and an index that walks the approved ones newest first.
import { sql, type Kysely, type Migration } from 'kysely'
import { dialectOf } from '../dialect'

const EVENTS = ['insert', 'update', 'delete'] as const

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('platform_review_version')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`"id" = 1`))
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute()
  await sql`INSERT INTO platform_review_version ("id", "version") VALUES (1, 1)`.execute(db)
  if (dialectOf(db) === 'postgres') {
    await sql
      .raw(`CREATE FUNCTION platform_review_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
        UPDATE platform_review_version SET "version" = "version" + 1 WHERE "id" = 1; RETURN NULL; END $$`)
      .execute(db)
    for (const event of EVENTS) {
      await sql
        .raw(`CREATE TRIGGER platform_reviews_answer_version_${event} AFTER ${event.toUpperCase()} ON platform_reviews FOR EACH ROW EXECUTE FUNCTION platform_review_version_bump()`)
        .execute(db)
    }
  } else {
    for (const event of EVENTS) {
      await sql
        .raw(
          `CREATE TRIGGER platform_reviews_answer_version_${event} AFTER ${event.toUpperCase()} ON platform_reviews BEGIN
            UPDATE platform_review_version SET "version" = "version" + 1 WHERE "id" = 1;
          END`,
        )
        .execute(db)
    }
  }
  // A page of approved reviews, newest first (the id breaking ties), is a range of this index.
  await db.schema.createIndex('platform_reviews_public_idx').on('platform_reviews').columns(['status', 'createdAt', 'id']).execute()
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('platform_reviews_public_idx').ifExists().execute()
  const isPostgres = dialectOf(db) === 'postgres'
  for (const event of EVENTS) {
    await sql.raw(`DROP TRIGGER IF EXISTS platform_reviews_answer_version_${event}${isPostgres ? ' ON platform_reviews' : ''}`).execute(db)
  }
  if (isPostgres) await sql.raw('DROP FUNCTION IF EXISTS platform_review_version_bump() CASCADE').execute(db)
  await db.schema.dropTable('platform_review_version').ifExists().execute()
}

export const publicReviewPages: Migration = { up, down }
