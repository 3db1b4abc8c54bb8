// Kysely access for farm reviews and the listed farms they belong to.
import type { Kysely } from 'kysely'
import type { Database, FarmReviewRow } from '../../db/schema'
import { isPubliclyListed } from '../directory/public-listing'

export function farmReviewsRepository(db: Kysely<Database>) {
  return {
    listedFarms: (now: Date) =>
      db.selectFrom('farmers').select(['id', 'name', 'town', 'cities', 'produce', 'isDemo']).where(isPubliclyListed(now)).orderBy('name').execute(),
    /** Count and average per farm, for the farms given. */
    ratings: (farmIds: string[]) =>
      farmIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('farm_reviews')
            .select((eb) => ['farmId', eb.fn.countAll<number>().as('reviewCount'), eb.fn.avg<number>('rating').as('averageRating')])
            .where('farmId', 'in', farmIds)
            .groupBy('farmId')
            .execute(),
    /** Reviews newest first, of the given farms only. */
    reviewsOf: (farmIds: string[]) =>
      farmIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('farm_reviews')
            .select(['id', 'farmId', 'rating', 'comment', 'createdAt'])
            .where('farmId', 'in', farmIds)
            .orderBy('createdAt', 'desc')
            .orderBy('id')
            .execute(),
    insert: async (trx: Kysely<Database>, row: FarmReviewRow) => {
      await trx.insertInto('farm_reviews').values(row).execute()
    },
  }
}
