// Review moderation (spec 001 §2, §4): a pending platform review is approved (then public) or
// rejected with a reason, once; any review can be deleted. Farm reviews are published at once, so
// staff only delete spam; a farm's average is computed when read, so it follows the delete.
import type { Kysely } from 'kysely'
import type { Database, PlatformReviewRow } from '../../db/schema'
import { staffWrite, type Actor } from '../audit/staff-write'
import { messages, type AdminFarmReview, type PlatformReview, type ReviewModeration } from '../contract'
import { HttpError } from '../errors'
import { moderationRepository } from './repository'

const notFound = () => new HttpError(404, messages.common.notFound)
const COMMENT_IN_TRAIL = 100

const toReview = (row: PlatformReviewRow): PlatformReview => ({ ...row, isDemo: row.isDemo === 1 })

export function moderationService(db: Kysely<Database>) {
  return {
    reviews: async (): Promise<PlatformReview[]> => (await moderationRepository(db).reviews()).map(toReview),
    pendingReviews: async (): Promise<PlatformReview[]> => (await moderationRepository(db).reviews('pending')).map(toReview),

    moderate: (actor: Actor, id: string, decision: ReviewModeration): Promise<PlatformReview> =>
      staffWrite(db, actor, async (trx) => {
        const repository = moderationRepository(trx)
        const row = await repository.findReview(id)
        if (!row) throw notFound()
        // Decisions are final (spec §4): a second click or a colleague's late click changes nothing.
        // The update itself asks for a pending review, not the read above: of two decisions at once
        // (two servers), the one that commits second finds the review decided and gets the same 409.
        const now = new Date().toISOString()
        const isDecided = await repository.decidePendingReview(id, {
          status: decision.status,
          rejectionReason: decision.status === 'rejected' ? decision.rejectionReason! : null,
          reviewedBy: actor.userName ?? actor.userEmail,
          reviewedAt: now,
          updatedAt: now,
        })
        if (!isDecided) throw (await repository.findReview(id)) ? new HttpError(409, messages.reviews.alreadyModerated) : notFound()
        const moderated = toReview((await repository.findReview(id))!)
        return {
          result: moderated,
          audit: {
            action: decision.status === 'approved' ? 'approve_review' : 'reject_review',
            targetType: 'platform_review',
            targetId: id,
            targetName: row.userName ?? 'Anonymous User',
            details: { rating: row.rating, ...(decision.status === 'rejected' && { rejectionReason: decision.rejectionReason }) },
          },
        }
      }),

    removeReview: (actor: Actor, id: string): Promise<void> =>
      staffWrite(db, actor, async (trx) => {
        const repository = moderationRepository(trx)
        const row = await repository.findReview(id)
        if (!row) throw notFound()
        // Two deletes at once: the second deletes nothing and answers as for a review already gone.
        if (!(await repository.deleteReview(id))) throw notFound()
        return {
          result: undefined,
          audit: { action: 'delete_review', targetType: 'platform_review', targetId: id, targetName: row.userName ?? 'Anonymous User', details: { status: row.status, rating: row.rating, comment: row.comment.slice(0, COMMENT_IN_TRAIL) } },
        }
      }),

    farmReviews: async (): Promise<AdminFarmReview[]> =>
      (await moderationRepository(db).farmReviews()).map((r) => ({ ...r, isDemo: r.isDemo === 1 })),

    removeFarmReview: (actor: Actor, id: string): Promise<void> =>
      staffWrite(db, actor, async (trx) => {
        const repository = moderationRepository(trx)
        const row = await repository.findFarmReview(id)
        if (!row) throw notFound()
        if (!(await repository.deleteFarmReview(id))) throw notFound()
        return {
          result: undefined,
          audit: { action: 'delete_farm_review', targetType: 'farm_review', targetId: id, targetName: row.farmName ?? 'Unknown Farm', details: { farmId: row.farmId, rating: row.rating, comment: row.comment.slice(0, COMMENT_IN_TRAIL) } },
        }
      }),

    /** A flood in one go: the selected reviews that still exist, deleted with one audit row naming them. */
    removeFarmReviews: (actor: Actor, ids: readonly string[]): Promise<{ deletedCount: number }> =>
      staffWrite(db, actor, async (trx) => {
        const repository = moderationRepository(trx)
        const found = await repository.findFarmReviews(ids)
        // The trail names only what this call deleted: a colleague deleting the same flood at once
        // (another server) may have taken some or all of the rows read here.
        const deletedIds = new Set(found.length ? await repository.deleteFarmReviews(found.map((r) => r.id)) : [])
        const rows = found.filter((r) => deletedIds.has(r.id))
        if (rows.length === 0) throw notFound()
        const deletedCount = rows.length
        const farms = [...new Set(rows.map((r) => r.farmName ?? 'Unknown Farm'))]
        return {
          result: { deletedCount },
          audit: {
            action: 'bulk_delete_farm_reviews',
            targetType: 'farm_review',
            targetName: farms.length === 1 ? farms[0]! : `${farms.length} farms`,
            details: { deletedCount, farms, senders: [...new Set(rows.map((r) => r.senderKey ?? 'unknown'))], ids: rows.map((r) => r.id) },
          },
        }
      }),
  }
}
