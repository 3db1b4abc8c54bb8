// Kysely access for platform reviews on the public side: approved ones out a page at a time, new ones in.
import { sql, type Insertable, type Kysely } from 'kysely'
import type { Database, PlatformReviewsTable } from '../../db/schema'

export function reviewsRepository(db: Kysely<Database>) {
  const versionQuery = db.selectFrom('platform_review_version').select('version').where('id', '=', 1).compile()
  return {
    /** Moves with every write to platform_reviews (migration 0009). */
    async version(): Promise<number> {
      const [row] = (await db.executeQuery(versionQuery)).rows
      return row?.version ?? 0
    },

    /** One page of approved reviews, newest first (the id breaking ties). Never the reviewer's e-mail: it is for moderators only. */
    approvedPage: (offset: number, limit: number) =>
      db
        .selectFrom('platform_reviews')
        .select(['id', 'userName', 'rating', 'comment', 'createdAt', 'isDemo'])
        .where('status', '=', 'approved')
        .orderBy('createdAt', 'desc')
        .orderBy('id')
        .limit(limit)
        .offset(offset)
        .execute(),

    /**
     * The whole approved list's counts: every review, and the real (non-demo) ones with their rating
     * sum — the overall rating is sum / count, the same division the page did over the whole list.
     */
    async approvedSummary(): Promise<{ reviewCount: number; ratedCount: number; ratingSum: number }> {
      const row = await db
        .selectFrom('platform_reviews')
        .select([
          sql<number | string>`count(*)`.as('reviewCount'),
          sql<number | string>`count(case when "isDemo" = 0 then 1 end)`.as('ratedCount'),
          sql<number | string | null>`sum(case when "isDemo" = 0 then "rating" end)`.as('ratingSum'),
        ])
        .where('status', '=', 'approved')
        .executeTakeFirstOrThrow()
      // PostgreSQL answers count/sum as bigint text.
      return { reviewCount: Number(row.reviewCount), ratedCount: Number(row.ratedCount), ratingSum: Number(row.ratingSum ?? 0) }
    },

    insert: async (trx: Kysely<Database>, row: Insertable<PlatformReviewsTable>) => {
      await trx.insertInto('platform_reviews').values(row).execute()
    },
  }
}
