// Platform reviews: a submitted review waits as pending for moderation (spec 000 §4); the row and
// its Idempotency-Key record commit together, so an outbox retry never posts it twice.
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { recordIdempotent } from '../../sync/server/idempotency'
import type { PlatformReviewCreate, PublicReviewPage, PublicReviewsQuery, ReviewCreatedResponse } from '../contract'
import { reviewsRepository } from './repository'

export function reviewsService(db: Kysely<Database>) {
  const repository = reviewsRepository(db)
  return {
    version: repository.version,

    /** A page of approved reviews newest first, with the overall rating and counts of the whole approved list. */
    async approvedPage(query: PublicReviewsQuery): Promise<PublicReviewPage> {
      const [summary, rows] = [await repository.approvedSummary(), await repository.approvedPage((query.page - 1) * query.limit, query.limit)]
      return {
        reviewCount: summary.reviewCount,
        ratedCount: summary.ratedCount,
        averageRating: summary.ratedCount === 0 ? 0 : summary.ratingSum / summary.ratedCount,
        page: query.page,
        limit: query.limit,
        reviews: rows.map((r) => ({ ...r, isDemo: r.isDemo === 1 })),
      }
    },

    async submit(review: PlatformReviewCreate, locals: Record<string, unknown>): Promise<ReviewCreatedResponse> {
      const now = new Date().toISOString()
      const answer: ReviewCreatedResponse = { id: randomUUID(), status: 'pending' }
      await db.transaction().execute(async (trx) => {
        await repository.insert(trx, {
          id: answer.id,
          userName: review.userName ?? null,
          userEmail: review.userEmail ?? null,
          rating: review.rating,
          comment: review.comment,
          status: 'pending',
          createdAt: now,
          updatedAt: now,
        })
        await recordIdempotent(locals, trx, 201, answer)
      })
      return answer
    },
  }
}
