// Kysely access for farm reviews and the listed farms they belong to.
import type { Kysely } from 'kysely'
import type { Database, FarmReviewRow } from '../../db/schema'
import { isPubliclyListed } from '../directory/public-listing'

export function farmReviewsRepository(db: Kysely<Database>) {
  return {
    listedFarms: (now: Date) =>
      db.selectFrom('farmers').select(['id', 'name', 'town', 'cities', 'produce', 'isDemo']).where(isPubliclyListed(now)).orderBy('name').execute(),
    /** Count and average per reviewed listed farm (a join, not a list of ids: 100,000 farms exceed SQLite's bound variables). */
    ratingsOfListed: (now: Date) =>
      db
        .selectFrom('farm_reviews')
        .innerJoin('farmers', 'farmers.id', 'farm_reviews.farmId')
        .where(isPubliclyListed(now))
        .select((eb) => ['farm_reviews.farmId', eb.fn.countAll<number>().as('reviewCount'), eb.fn.avg<number>('farm_reviews.rating').as('averageRating')])
        .groupBy('farm_reviews.farmId')
        .execute(),
    /** Reviews of listed farms newest first; of one farm when farmId is given. */
    reviewsOfListed: (farmId: string | undefined, now: Date) => {
      let query = db
        .selectFrom('farm_reviews')
        .innerJoin('farmers', 'farmers.id', 'farm_reviews.farmId')
        .where(isPubliclyListed(now))
        .select(['farm_reviews.id', 'farm_reviews.farmId', 'farm_reviews.rating', 'farm_reviews.comment', 'farm_reviews.createdAt'])
      if (farmId !== undefined) query = query.where('farm_reviews.farmId', '=', farmId)
      return query.orderBy('farm_reviews.createdAt', 'desc').orderBy('farm_reviews.id').execute()
    },
    insert: async (trx: Kysely<Database>, row: FarmReviewRow) => {
      await trx.insertInto('farm_reviews').values(row).execute()
    },
  }
}
