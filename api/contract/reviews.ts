// Platform reviews (moderated) and farm reviews (published at once), public and admin shapes.
import { z } from 'zod'
import { messages } from './messages'
import { REJECTION_REASON_MAX_CHARS, TimestampSchema, hasVisibleText, optionalEmail, optionalText, whenMissing } from './common'
import { honeypotField } from './honeypot'
import { FarmerPageQuerySchema } from './farmers'

const m = messages.reviews

export { RATING_LABELS, ratingLabel, type RatingLabel } from './display'


const rating = z
  .number({ error: whenMissing(m.ratingRequired) })
  .int(m.ratingWholeNumber)
  .min(1, m.ratingMin)
  .max(5, m.ratingMax)

export const reviewStatuses = ['pending', 'approved', 'rejected'] as const
export const ReviewStatusSchema = z.enum(reviewStatuses)
export type ReviewStatus = z.infer<typeof ReviewStatusSchema>

// ---- platform reviews

/** POST /api/public/reviews (queued). No login, no name needed. */
export const PlatformReviewCreateSchema = z.object({
  userName: optionalText(100, m.userNameMax),
  userEmail: optionalEmail(m.userEmailInvalid),
  rating,
  comment: z
    .string({ error: whenMissing(m.commentMinChars) })
    .trim()
    .min(10, m.commentMinChars)
    .max(500, m.commentMaxChars)
    .refine(hasVisibleText, m.commentMinChars),
  ...honeypotField,
})
export type PlatformReviewCreate = z.infer<typeof PlatformReviewCreateSchema>
export type PlatformReviewCreateInput = z.input<typeof PlatformReviewCreateSchema>

export const PLATFORM_REVIEW_MIN_WORDS = 10
export const PLATFORM_REVIEW_MAX_WORDS = 100
export const PLATFORM_REVIEW_MAX_CHARS = 500

/** Words as the home form counts them ("n/100 words max"). */
export function countWords(text: string): number {
  const trimmed = text.trim()
  return trimmed === '' ? 0 : trimmed.split(/\s+/).length
}

/**
 * The home page's stricter form (spec 000 §5): 10–100 words, still ≤500 characters; an unset star
 * rating (0 in the form) reads "Rating Required - …". Its output is a valid PlatformReviewCreate.
 */
export const PlatformReviewFormSchema = PlatformReviewCreateSchema.extend({
  rating: z.number({ error: whenMissing(m.ratingRequired) }).int(m.ratingRequired).min(1, m.ratingRequired).max(5, m.ratingMax),
  comment: z
    .string({ error: whenMissing(m.commentMinWords) })
    .trim()
    .max(PLATFORM_REVIEW_MAX_CHARS, m.commentMaxChars)
    .refine((v) => countWords(v) <= PLATFORM_REVIEW_MAX_WORDS, m.commentMaxWords)
    .refine((v) => countWords(v) >= PLATFORM_REVIEW_MIN_WORDS, m.commentMinWords),
})
export type PlatformReviewForm = z.infer<typeof PlatformReviewFormSchema>

/** Admin view of a platform review. */
export const PlatformReviewSchema = z.object({
  id: z.uuid(),
  userName: z.string().nullable(),
  userEmail: z.string().nullable(),
  rating: z.number().int(),
  comment: z.string(),
  status: ReviewStatusSchema,
  reviewedBy: z.string().nullable(),
  reviewedAt: TimestampSchema.nullable(),
  rejectionReason: z.string().nullable(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
  /** Demo data (db/seed, migration 0006): shown with a 'Demo' badge, never as real. */
  isDemo: z.boolean(),
})
export type PlatformReview = z.infer<typeof PlatformReviewSchema>

/**
 * GET /api/public/reviews item: approved only, never the reviewer's e-mail. A demo review is not a
 * "Verified Review" and does not count in the overall rating.
 */
export const PublicPlatformReviewSchema = PlatformReviewSchema.pick({
  id: true,
  userName: true,
  rating: true,
  comment: true,
  createdAt: true,
  isDemo: true,
})
export type PublicPlatformReview = z.infer<typeof PublicPlatformReviewSchema>

/** GET /api/public/reviews?page=…&limit=…: a page of approved reviews, newest first (the directory's page limits). */
export const PublicReviewsQuerySchema = FarmerPageQuerySchema.pick({ page: true, limit: true })
export type PublicReviewsQuery = z.infer<typeof PublicReviewsQuerySchema>

/**
 * One page of approved platform reviews. The summary counts the whole list, not the page:
 * `reviewCount` every approved review (demo ones included, for paging), `ratedCount` and
 * `averageRating` (0 for none) only the real ones — a demo review never counts in the overall rating.
 */
export const PublicReviewPageSchema = z.object({
  reviewCount: z.number().int().nonnegative(),
  ratedCount: z.number().int().nonnegative(),
  averageRating: z.number().min(0).max(5),
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
  reviews: z.array(PublicPlatformReviewSchema),
})
export type PublicReviewPage = z.infer<typeof PublicReviewPageSchema>

export const ReviewCreatedResponseSchema = z.object({ id: z.uuid(), status: z.literal('pending') })
export type ReviewCreatedResponse = z.infer<typeof ReviewCreatedResponseSchema>

/** PATCH /api/admin/reviews/:id: approve, or reject with a non-blank reason. */
export const ReviewModerationSchema = z
  .object({
    status: z.enum(['approved', 'rejected']),
    rejectionReason: z.string().trim().max(REJECTION_REASON_MAX_CHARS).optional(),
  })
  .refine((b) => b.status !== 'rejected' || !!b.rejectionReason, {
    error: messages.signups.rejectionReasonRequired,
    path: ['rejectionReason'],
  })
export type ReviewModeration = z.infer<typeof ReviewModerationSchema>

// ---- farm reviews

export const FARM_REVIEW_MAX_CHARS = 1000

/** POST /api/farm-reviews (queued). */
export const FarmReviewCreateSchema = z.object({
  /** Missing says so; anything but a farm's id is no farm. */
  farmId: z.uuid({ error: (issue) => (issue.input === undefined ? messages.farmReviews.farmRequired : messages.farmReviews.farmNotFound) }).transform((id) => id.toLowerCase()),
  rating: rating.default(5),
  comment: z
    .string({ error: whenMissing(messages.farmReviews.commentRequired) })
    .trim()
    .min(1, messages.farmReviews.commentRequired)
    .max(FARM_REVIEW_MAX_CHARS, messages.farmReviews.commentMax)
    .refine(hasVisibleText, messages.farmReviews.commentRequired),
  ...honeypotField,
})
export type FarmReviewCreate = z.infer<typeof FarmReviewCreateSchema>
export type FarmReviewCreateInput = z.input<typeof FarmReviewCreateSchema>

export const FarmReviewSchema = z.object({
  id: z.uuid(),
  farmId: z.uuid(),
  rating: z.number().int(),
  comment: z.string(),
  createdAt: TimestampSchema,
  /** Demo data (db/seed, migration 0006): shown with a 'Demo' badge, never taken for a real buyer's word. */
  isDemo: z.boolean(),
})
export type FarmReview = z.infer<typeof FarmReviewSchema>

/** GET /api/admin/farm-reviews item; farmName null shows "Unknown Farm". */
export const AdminFarmReviewSchema = FarmReviewSchema.extend({
  farmName: z.string().nullable(),
  /** A keyed hash of the address the review came from (never the address): reviews of one flood share it. Null before issue 17. */
  senderKey: z.string().nullable(),
})
export type AdminFarmReview = z.infer<typeof AdminFarmReviewSchema>

/** The most farm reviews one bulk delete takes: a flood's worth, and one transaction's. */
export const FARM_REVIEW_BULK_DELETE_MAX = 1000

/** POST /api/admin/farm-reviews/bulk-delete: the reviews staff selected (one sender's or one farm's flood). */
export const FarmReviewBulkDeleteSchema = z.object({
  ids: z.array(z.uuid()).min(1, 'Select at least one review').max(FARM_REVIEW_BULK_DELETE_MAX, `Select at most ${FARM_REVIEW_BULK_DELETE_MAX} reviews at once`),
})
export type FarmReviewBulkDelete = z.infer<typeof FarmReviewBulkDeleteSchema>
export const FarmReviewBulkDeleteResponseSchema = z.object({ deletedCount: z.number().int().nonnegative() })
export type FarmReviewBulkDeleteResponse = z.infer<typeof FarmReviewBulkDeleteResponseSchema>

/** ?page= (from 1) and ?limit= (cut to FARMER_PAGE_MAX), as the directory's pages. */
const pageQuery = FarmerPageQuerySchema.pick({ page: true, limit: true })

/** GET /api/farm-reviews?farmId=…&page=…&limit=…: a page of reviews newest first (of every listed farm when farmId is absent). */
export const FarmReviewsQuerySchema = pageQuery.extend({ farmId: z.uuid().optional() })
export type FarmReviewsQuery = z.infer<typeof FarmReviewsQuerySchema>
export type FarmReviewsQueryInput = z.input<typeof FarmReviewsQuerySchema>

/** One page of farm reviews: `reviewCount` counts the whole list. */
export const FarmReviewPageSchema = z.object({
  reviewCount: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
  reviews: z.array(FarmReviewSchema),
})
export type FarmReviewPage = z.infer<typeof FarmReviewPageSchema>

/** GET /api/farms-with-ratings?page=…&limit=…&city=…&farmId=…: listed farms by name, a page at a time. */
export const FarmsWithRatingsQuerySchema = pageQuery.extend({
  /** Only farms serving this city (case-insensitive). */
  city: z.string().trim().min(1).max(100).optional(),
  /** Only this farm (the page's ?farm_id= view). */
  farmId: z.uuid().optional(),
})
export type FarmsWithRatingsQuery = z.infer<typeof FarmsWithRatingsQuerySchema>
export type FarmsWithRatingsQueryInput = z.input<typeof FarmsWithRatingsQuerySchema>

/** A GET /api/farms-with-ratings page's farm (a listed farmer). */
export const FarmWithRatingsSchema = z.object({
  farmer: z.object({
    id: z.uuid(),
    name: z.string(),
    /** Demo data (db/seed): the card shows a 'Demo' badge so nobody takes it for a real farm. */
    isDemo: z.boolean(),
    town: z.string().nullable(),
    cities: z.array(z.string()),
    produce: z.array(z.string()),
  }),
  averageRating: z.number().min(0).max(5),
  reviewCount: z.number().int().nonnegative(),
})
export type FarmWithRatings = z.infer<typeof FarmWithRatingsSchema>

/** One page of listed farms with their ratings: `farmCount` counts the whole list. */
export const FarmsWithRatingsPageSchema = z.object({
  farmCount: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
  farms: z.array(FarmWithRatingsSchema),
})
export type FarmsWithRatingsPage = z.infer<typeof FarmsWithRatingsPageSchema>
