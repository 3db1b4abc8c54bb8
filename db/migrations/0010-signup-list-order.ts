// The signup lists paged on the server (issue 19, decision 018): the approvals screen reads one status
// newest first (pending by date submitted, decisions by date decided), the data-agent report and its
// export walk signups newest first (keyset on createdAt, id). These indexes make each page and each
// export chunk an index range. Written with the schema builder so PostgreSQL runs it unchanged.
import type { Kysely, Migration } from 'kysely'

const INDEXES = [
  ['farmer_signups_status_created_idx', 'farmer_signups', ['status', 'createdAt', 'id']],
  ['farmer_signups_status_processed_idx', 'farmer_signups', ['status', 'processedAt', 'id']],
  ['farmer_signups_created_id_idx', 'farmer_signups', ['createdAt', 'id']],
] as const

async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, columns] of INDEXES) await db.schema.createIndex(name).on(table).columns([...columns]).execute()
}

async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).ifExists().execute()
}

export const signupListOrder: Migration = { up, down }
