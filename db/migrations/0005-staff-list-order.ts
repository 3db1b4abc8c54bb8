// Staff lists at national scale (issue 19): the farmers list pages and its CSV export walks every
// farmer in the order staff chose (name or date added, the id breaking ties), and the payment report
// walks payments newest first. These indexes make each page and each export chunk an index range
// instead of a sort of every row. Written with the schema builder so PostgreSQL runs it unchanged.
import type { Kysely, Migration } from 'kysely'

const INDEXES = [
  ['farmers_admin_name_idx', 'farmers', ['name', 'id']],
  ['farmers_admin_created_idx', 'farmers', ['createdAt', 'id']],
  ['farmer_payments_created_idx', 'farmer_payments', ['createdAt', 'id']],
] as const

async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, columns] of INDEXES) await db.schema.createIndex(name).on(table).columns([...columns]).execute()
}

async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).ifExists().execute()
}

export const staffListOrder: Migration = { up, down }
