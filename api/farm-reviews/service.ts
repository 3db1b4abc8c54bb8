// Farm reviews: published at once, but only about farms that are listed now; the review and its
// Idempotency-Key record commit together (offline-sync promise 2).
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { recordIdempotent } from '../../sync/server/idempotency'
import { messages, type FarmReview, type FarmReviewCreate, type FarmWithRatings } from '../contract'
import { parseList } from '../directory/repository'
import { isListedFarmer } from '../directory/public-listing'
import { HttpError } from '../errors'
import { farmReviewsRepository } from './repository'

export function farmReviewsService(db: Kysely<Database>) {
  const repository = farmReviewsRepository(db)
  return {
    /** Listed farms by name, each with its average rating (0 without reviews) and review count. */
    async farmsWithRatings(now = new Date()): Promise<FarmWithRatings[]> {
      const farms = await repository.listedFarms(now)
      const ratings = new Map((await repository.ratingsOfListed(now)).map((r) => [r.farmId, r]))
      return farms.map((farm) => {
        const rating = ratings.get(farm.id)
        return {
          farmer: { id: farm.id, name: farm.name, isDemo: farm.isDemo === 1, town: farm.town, cities: parseList(farm.cities), produce: parseList(farm.produce) },
          averageRating: rating ? Number(rating.averageRating) : 0,
          reviewCount: rating ? Number(rating.reviewCount) : 0,
        }
      })
    },

    /** Reviews of listed farms, newest first; of one farm when farmId is given (none for an unlisted one). */
    async reviews(farmId: string | undefined, now = new Date()): Promise<FarmReview[]> {
      return repository.reviewsOfListed(farmId, now)
    },

    async submit(review: FarmReviewCreate, locals: Record<string, unknown>): Promise<FarmReview> {
      const now = new Date()
      const created: FarmReview = { id: randomUUID(), farmId: review.farmId, rating: review.rating, comment: review.comment, createdAt: now.toISOString() }
      await db.transaction().execute(async (trx) => {
        if (!(await isListedFarmer(trx, review.farmId, now))) throw new HttpError(404, messages.farmReviews.farmNotFound)
        await repository.insert(trx, created)
        await recordIdempotent(locals, trx, 201, created)
      })
      return created
    },
  }
}
