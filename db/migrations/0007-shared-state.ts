// State that several servers on one database must agree on (issue 18, decision 025), as rows the
// database updates atomically instead of Maps in one process:
// - login_failures: the sign-in lockout's counters per (e-mail, client address) (decision 010);
// - rate_limit_hits: express-rate-limit's counters per (limiter name, key) (decision 020);
// - job_leases: which server runs a scheduled job, until when;
// - outgoing_emails.sendAfter / claimedBy: an e-mail waiting for SMTP is claimed by one sender.
// Times are ISO-8601 UTC text, as everywhere (decision 021), so they compare as text.
import type { Kysely, Migration } from 'kysely'
import { ddlFor } from './ddl'

async function up(db: Kysely<unknown>): Promise<void> {
  const { text } = ddlFor(db)
  await db.schema
    .createTable('login_failures')
    .addColumn('email', text, (c) => c.notNull())
    .addColumn('address', text, (c) => c.notNull())
    .addColumn('failedCount', 'integer', (c) => c.notNull())
    .addColumn('windowStart', text, (c) => c.notNull())
    .addColumn('lockedUntil', text)
    .addPrimaryKeyConstraint('login_failures_pk', ['email', 'address'])
    .execute()
  await db.schema
    .createTable('rate_limit_hits')
    .addColumn('name', text, (c) => c.notNull())
    .addColumn('key', text, (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('resetAt', text, (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limit_hits_pk', ['name', 'key'])
    .execute()
  // The purge of ended windows reads by time.
  await db.schema.createIndex('rate_limit_hits_reset_idx').on('rate_limit_hits').column('resetAt').execute()
  await db.schema
    .createTable('job_leases')
    .addColumn('name', text, (c) => c.primaryKey())
    .addColumn('holder', text, (c) => c.notNull())
    .addColumn('expiresAt', text, (c) => c.notNull())
    .execute()
  // NULL: nothing to send (stored mode, or an outcome is recorded). Otherwise the earliest time a
  // sender may claim it; a claim moves it past the claim's end, so one sender has it at a time.
  await db.schema.alterTable('outgoing_emails').addColumn('sendAfter', text).execute()
  await db.schema.alterTable('outgoing_emails').addColumn('claimedBy', text).execute()
  await db.schema.createIndex('outgoing_emails_send_after_idx').on('outgoing_emails').column('sendAfter').execute()
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('outgoing_emails_send_after_idx').ifExists().execute()
  await db.schema.alterTable('outgoing_emails').dropColumn('claimedBy').execute()
  await db.schema.alterTable('outgoing_emails').dropColumn('sendAfter').execute()
  await db.schema.dropTable('job_leases').ifExists().execute()
  await db.schema.dropTable('rate_limit_hits').ifExists().execute()
  await db.schema.dropTable('login_failures').ifExists().execute()
}

export const sharedState: Migration = { up, down }
