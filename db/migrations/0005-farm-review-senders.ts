// Farm reviews cannot be flooded (issue 17): each review keeps a keyed hash of the address it came
// from (`senderKey`, never the address itself) and the Fiji day it was written (`reviewDay`). The
// unique index makes "one review per farm per address per day" a database fact that several
// servers sharing one database agree on; the second index counts an address's last hour. Reviews
// written before this migration have neither (NULLs never collide in a unique index).
import type { Kysely, Migration } from 'kysely'

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('farm_reviews').addColumn('senderKey', 'text').execute()
  await db.schema.alterTable('farm_reviews').addColumn('reviewDay', 'text').execute()
  await db.schema.createIndex('farm_reviews_sender_day_farm_uq').unique().on('farm_reviews').columns(['senderKey', 'reviewDay', 'farmId']).execute()
  await db.schema.createIndex('farm_reviews_sender_time_idx').on('farm_reviews').columns(['senderKey', 'createdAt']).execute()
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('farm_reviews_sender_time_idx').ifExists().execute()
  await db.schema.dropIndex('farm_reviews_sender_day_farm_uq').ifExists().execute()
  await db.schema.alterTable('farm_reviews').dropColumn('reviewDay').execute()
  await db.schema.alterTable('farm_reviews').dropColumn('senderKey').execute()
}

export const farmReviewSenders: Migration = { up, down }
