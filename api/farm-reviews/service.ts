// Farm reviews: published at once, but only about farms that are listed now; the review and its
// Idempotency-Key record commit together (offline-sync promise 2).
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { recordIdempotent } from '../../sync/server/idempotency'
import { messages, type FarmReview, type FarmReviewCreate, type FarmReviewPage, type FarmReviewsQuery, type FarmsWithRatingsPage, type FarmsWithRatingsQuery } from '../contract'
import { directoryRepository, parseList } from '../directory/repository'
import { isListedFarmer } from '../directory/public-listing'
import { HttpError } from '../errors'
import { farmReviewsRepository } from './repository'

export function farmReviewsService(db: Kysely<Database>) {
  const repository = farmReviewsRepository(db)
  const directoryVersion = directoryRepository(db).version
  return {
    /** Moves on with every write that can change an answer: the listed farms (directory) and their reviews (migration 0005). */
    version: async () => `${await directoryVersion()}.${await repository.version()}`,

    /** A page of listed farms by name, each with its average rating (0 without reviews) and review count. */
    async farmsWithRatings(query: FarmsWithRatingsQuery, now = new Date()): Promise<FarmsWithRatingsPage> {
      const { farmCount, farms } = await repository.ratedFarms(query, now)
      return {
        farmCount,
        page: query.page,
        limit: query.limit,
        farms: farms.map((farm) => ({
          farmer: { id: farm.id, name: farm.name, isDemo: farm.isDemo === 1, town: farm.town, cities: parseList(farm.cities), produce: parseList(farm.produce) },
          averageRating: Number(farm.averageRating ?? 0),
          reviewCount: Number(farm.reviewCount),
        })),
      }
    },

    /** A page of reviews of listed farms, newest first; of one farm when farmId is given (none for an unlisted one). */
    async reviews(query: FarmReviewsQuery, now = new Date()): Promise<FarmReviewPage> {
      const { reviewCount, reviews } = await repository.reviewsOfListed(query, now)
      return { reviewCount, page: query.page, limit: query.limit, reviews }
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
