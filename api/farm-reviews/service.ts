// Farm reviews: published at once, but only about farms that are listed now; the review and its
// Idempotency-Key record commit together (offline-sync promise 2).
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { HELD_KEYS, holdUntilCommit } from '../../db/dialect'
import { recordIdempotent } from '../../sync/server/idempotency'
import { messages, type FarmReview, type FarmReviewCreate, type FarmReviewPage, type FarmReviewsQuery, type FarmsWithRatingsPage, type FarmsWithRatingsQuery } from '../contract'
import { directoryRepository, parseList } from '../directory/repository'
import { fijiDayBounds, isListedFarmer } from '../directory/public-listing'
import { HttpError } from '../errors'
import { farmReviewsRepository } from './repository'
import { senderKeyOf } from './sender'

/** Farm reviews one address may post in any hour, across all farms (issue 17; decision 017). */
export const FARM_REVIEWS_PER_HOUR = 5
const HOUR_MS = 60 * 60 * 1000

/** SQLite's and PostgreSQL's words for a unique index refusing a row. */
const isUniqueViolation = (error: unknown) =>
  error instanceof Error && (/UNIQUE constraint failed/.test(error.message) || (error as { code?: string }).code === '23505')

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
      return { reviewCount, page: query.page, limit: query.limit, reviews: reviews.map((r) => ({ id: r.id, farmId: r.farmId, rating: r.rating, comment: r.comment, createdAt: r.createdAt, isDemo: r.isDemo === 1 })) }
    },

    /**
     * Published at once (spec 000), so floods are stopped here: one review per farm per address per
     * Fiji day, and at most FARM_REVIEWS_PER_HOUR per address. The counts are rows in the database,
     * not memory, so servers sharing it agree; the unique index settles a race the count missed.
     */
    async submit(review: FarmReviewCreate, locals: Record<string, unknown>, address?: string, now = new Date()): Promise<FarmReview> {
      const created: FarmReview = { id: randomUUID(), farmId: review.farmId, rating: review.rating, comment: review.comment, createdAt: now.toISOString(), isDemo: false }
      const today = fijiDayBounds(now)
      const sender = address ? { senderKey: await senderKeyOf(db, address), reviewDay: today.date } : null
      // Refused, not "later" (422, not 429): the reviewer is told at once and keeps the words; a 429
      // would have the outbox send it again by itself tomorrow, a second review nobody asked for.
      const alreadyToday = () => new HttpError(422, messages.farmReviews.alreadyReviewedToday)
      await db.transaction().execute(async (trx) => {
        if (!(await isListedFarmer(trx, review.farmId, now))) throw new HttpError(404, messages.farmReviews.farmNotFound)
        if (sender) {
          // One sender's reviews one at a time, across servers: each counts the others' (PostgreSQL).
          await holdUntilCommit(trx, HELD_KEYS.farmReviewSender, sender.senderKey)
          if (await repository.reviewedToday(trx, sender.senderKey, review.farmId, sender.reviewDay)) throw alreadyToday()
          const lastHour = await repository.sentSince(trx, sender.senderKey, new Date(now.getTime() - HOUR_MS).toISOString())
          if (lastHour.length >= FARM_REVIEWS_PER_HOUR) {
            const refusal = new HttpError(429, messages.farmReviews.tooManyReviews)
            refusal.retryAfter = (Date.parse(lastHour[0]!.createdAt) + HOUR_MS - now.getTime()) / 1000
            throw refusal
          }
        }
        try {
          await repository.insert(trx, { ...created, isDemo: 0 }, sender)
        } catch (error) {
          if (sender && isUniqueViolation(error)) throw alreadyToday()
          throw error
        }
        await recordIdempotent(locals, trx, 201, created)
      })
      return created
    },
  }
}
