// Translations that improve after release (issue 20): staff corrections laid over the catalog files
// (web/i18n/catalogs), one row per language and key. `translation_version` is one row moved with
// every correction, so every server sharing the database knows when its kept public answers
// (GET /api/i18n/:locale) are out of date.
import { sql, type Kysely, type Migration } from 'kysely'
import { ddlFor } from './ddl'

async function up(db: Kysely<unknown>): Promise<void> {
  const ddl = ddlFor(db)
  await db.schema
    .createTable('translations')
    .addColumn('locale', ddl.text, (c) => c.notNull())
    .addColumn('key', ddl.text, (c) => c.notNull())
    .addColumn('message', ddl.text, (c) => c.notNull())
    .addColumn('status', ddl.text, (c) => c.notNull().check(sql`"status" in ('drafted', 'reviewed')`))
    .addColumn('updatedAt', ddl.text, (c) => c.notNull().defaultTo(ddl.isoNow))
    // The staff member's name as it was (like audit_logs): the row outlives the account.
    .addColumn('updatedBy', ddl.text)
    .addPrimaryKeyConstraint('translations_pk', ['locale', 'key'])
    .execute()
  await db.schema
    .createTable('translation_version')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`"id" = 1`))
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute()
  await sql`INSERT INTO translation_version ("id", "version") VALUES (1, 1)`.execute(db)
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('translation_version').ifExists().execute()
  await db.schema.dropTable('translations').ifExists().execute()
}

export const translations: Migration = { up, down }
