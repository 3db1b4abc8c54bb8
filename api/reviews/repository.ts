// Kysely access for platform reviews on the public side: approved ones out, new ones in.
import type { Insertable, Kysely } from 'kysely'
import type { Database, PlatformReviewsTable } from '../../db/schema'

export function reviewsRepository(db: Kysely<Database>) {
  return {
    /** Never the reviewer's e-mail: it is for moderators only. */
    approved: () =>
      db
        .selectFrom('platform_reviews')
        .select(['id', 'userName', 'rating', 'comment', 'createdAt', 'isDemo'])
        .where('status', '=', 'approved')
        .orderBy('createdAt', 'desc')
        .orderBy('id')
        .execute(),
    insert: async (trx: Kysely<Database>, row: Insertable<PlatformReviewsTable>) => {
      await trx.insertInto('platform_reviews').values(row).execute()
    },
  }
}
