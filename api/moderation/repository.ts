// Kysely access for moderation: platform reviews (all statuses) and farm reviews with farm names.
import type { Kysely, Updateable } from 'kysely'
import type { Database, PlatformReviewsTable } from '../../db/schema'

export function moderationRepository(db: Kysely<Database>) {
  return {
    reviews: (status?: 'pending') => {
      let query = db.selectFrom('platform_reviews').selectAll()
      if (status) query = query.where('status', '=', status)
      return query.orderBy('createdAt', 'desc').orderBy('id').execute()
    },
    findReview: (id: string) => db.selectFrom('platform_reviews').selectAll().where('id', '=', id).executeTakeFirst(),
    /** Decides a review that is still pending; false when it is decided or gone. */
    decidePendingReview: async (id: string, patch: Updateable<PlatformReviewsTable>) =>
      Number((await db.updateTable('platform_reviews').set(patch).where('id', '=', id).where('status', '=', 'pending').executeTakeFirst()).numUpdatedRows) === 1,
    /** False when there was no such review (any more). */
    deleteReview: async (id: string) => Number((await db.deleteFrom('platform_reviews').where('id', '=', id).executeTakeFirst()).numDeletedRows) === 1,

    /** Every farm review, listed farm or not, newest first; farmName null when the farmer is gone. */
    farmReviews: () =>
      db
        .selectFrom('farm_reviews')
        .leftJoin('farmers', 'farmers.id', 'farm_reviews.farmId')
        .select(['farm_reviews.id', 'farm_reviews.farmId', 'farm_reviews.rating', 'farm_reviews.comment', 'farm_reviews.createdAt', 'farm_reviews.senderKey', 'farm_reviews.isDemo', 'farmers.name as farmName'])
        .orderBy('farm_reviews.createdAt', 'desc')
        .orderBy('farm_reviews.id')
        .execute(),
    findFarmReview: (id: string) =>
      db
        .selectFrom('farm_reviews')
        .leftJoin('farmers', 'farmers.id', 'farm_reviews.farmId')
        .select(['farm_reviews.id', 'farm_reviews.farmId', 'farm_reviews.rating', 'farm_reviews.comment', 'farmers.name as farmName'])
        .where('farm_reviews.id', '=', id)
        .executeTakeFirst(),
    /** False when there was no such farm review (any more). */
    deleteFarmReview: async (id: string) => Number((await db.deleteFrom('farm_reviews').where('id', '=', id).executeTakeFirst()).numDeletedRows) === 1,
    /** The farm reviews among `ids` that exist, with their farm names (for the audit row). */
    findFarmReviews: (ids: readonly string[]) =>
      db
        .selectFrom('farm_reviews')
        .leftJoin('farmers', 'farmers.id', 'farm_reviews.farmId')
        .select(['farm_reviews.id', 'farm_reviews.farmId', 'farm_reviews.senderKey', 'farmers.name as farmName'])
        .where('farm_reviews.id', 'in', ids)
        .execute(),
    /** The ids among `ids` this statement deleted (not those another transaction deleted first). */
    deleteFarmReviews: async (ids: readonly string[]) => (await db.deleteFrom('farm_reviews').where('id', 'in', ids).returning('id').execute()).map((r) => r.id),
  }
}
