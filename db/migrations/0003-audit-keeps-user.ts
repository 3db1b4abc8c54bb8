// Audit rows outlive their user (issue 8): deleting a staff account keeps the rows it wrote, with
// userId set to NULL and the name and e-mail it had kept on the row. SQLite cannot change a foreign
// key in place, so audit_logs is rebuilt (ON DELETE SET NULL instead of CASCADE); rows written
// before the writer stored name and e-mail get them from admin_users on the way.
// Touches audit_logs only, so it runs the same before or after any other 0002 migration.
// PostgreSQL changes the foreign key in place (and runs every migration in a transaction already).
import { sql, type Kysely, type Migration } from 'kysely'
import { dialectOf } from '../dialect'

const isoNow = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`

async function refer(db: Kysely<unknown>, onDelete: 'set null' | 'cascade'): Promise<void> {
  await sql`
    update audit_logs as a set "userEmail" = coalesce(a."userEmail", u.email), "userName" = coalesce(a."userName", u.name)
    from admin_users as u where u.id = a."userId" and (a."userEmail" is null or a."userName" is null)
  `.execute(db)
  await sql`
    alter table audit_logs drop constraint "audit_logs_userId_fkey",
      add constraint "audit_logs_userId_fkey" foreign key ("userId") references admin_users ("id") on delete ${sql.raw(onDelete)}
  `.execute(db)
}

async function rebuild(db: Kysely<unknown>, onDelete: 'set null' | 'cascade'): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.schema
      .createTable('audit_logs_rebuilt')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('userId', 'text', (c) => c.references('admin_users.id').onDelete(onDelete))
      .addColumn('userEmail', 'text')
      .addColumn('userName', 'text')
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('targetType', 'text')
      .addColumn('targetId', 'text')
      .addColumn('targetName', 'text')
      .addColumn('details', 'text')
      .addColumn('ipAddress', 'text')
      .addColumn('userAgent', 'text')
      .addColumn('createdAt', 'text', (c) => c.notNull().defaultTo(isoNow))
      .execute()
    // Ids are kept: the audit screen pages back by id.
    await sql`
      insert into audit_logs_rebuilt
        (id, userId, userEmail, userName, action, targetType, targetId, targetName, details, ipAddress, userAgent, createdAt)
      select a.id, a.userId,
        coalesce(a.userEmail, u.email), coalesce(a.userName, u.name),
        a.action, a.targetType, a.targetId, a.targetName, a.details, a.ipAddress, a.userAgent, a.createdAt
      from audit_logs a left join admin_users u on u.id = a.userId
    `.execute(trx)
    await trx.schema.dropTable('audit_logs').execute()
    await trx.schema.alterTable('audit_logs_rebuilt').renameTo('audit_logs').execute()
    await trx.schema.createIndex('audit_logs_createdAt_idx').on('audit_logs').column('createdAt').execute()
    await trx.schema.createIndex('audit_logs_userId_idx').on('audit_logs').column('userId').execute()
  })
}

const change = (db: Kysely<unknown>, onDelete: 'set null' | 'cascade') =>
  dialectOf(db) === 'postgres' ? refer(db, onDelete) : rebuild(db, onDelete)

export const auditKeepsUser: Migration = {
  up: (db) => change(db, 'set null'),
  // Back to the cascade; the rows of users deleted meanwhile (userId NULL) stay, as the old table allowed.
  down: (db) => change(db, 'cascade'),
}
