// Pure rules of the moderation screens (spec 001 §2, §9): review counts per status, farm review
// stats, the text and rating filters, rating colour bands and comment truncation.
import type { AdminFarmReview, PlatformReview, ReviewStatus } from '../../../../api/contract/reviews'
import { t } from '../../../i18n/runtime'

export const reviewTabs = ['pending', 'approved', 'rejected', 'all'] as const
export type ReviewTab = (typeof reviewTabs)[number]
/** Catalog keys (area `admin`). */
export const reviewTabLabels: Record<ReviewTab, string> = { pending: 'admin.reviews.tab.pending', approved: 'admin.reviews.tab.approved', rejected: 'admin.reviews.tab.rejected', all: 'admin.reviews.tab.all' }

export function reviewCounts(reviews: readonly PlatformReview[]): Record<ReviewTab, number> {
  const count = (status: ReviewStatus) => reviews.filter((r) => r.status === status).length
  return { pending: count('pending'), approved: count('approved'), rejected: count('rejected'), all: reviews.length }
}

export const reviewsInTab = (reviews: readonly PlatformReview[], tab: ReviewTab) => (tab === 'all' ? reviews : reviews.filter((r) => r.status === tab))

/** Catalog keys (area `admin`). */
export const ratingLabels: Record<number, string> = { 1: 'admin.rating.poor', 2: 'admin.rating.fair', 3: 'admin.rating.good', 4: 'admin.rating.veryGood', 5: 'admin.rating.excellent' }

/** 'Poor' … 'Excellent'; '' for a rating outside 1 to 5. */
export function ratingLabel(rating: number): string {
  const key = ratingLabels[rating]
  return key ? t(key) : ''
}

/** Table comments are cut at 50 characters, the delete dialog's at 100 (spec §9). */
export const TABLE_COMMENT_CHARS = 50
export const DIALOG_COMMENT_CHARS = 100

export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text
}

/** 4 and up green, 3 up to 4 yellow, below 3 red. */
export function ratingPalette(rating: number): 'green' | 'yellow' | 'red' {
  if (rating >= 4) return 'green'
  if (rating >= 3) return 'yellow'
  return 'red'
}

export const UNKNOWN_FARM = 'admin.farmReviews.unknownFarm'
export const farmNameOf = (review: AdminFarmReview) => review.farmName ?? t(UNKNOWN_FARM)

export interface FarmReviewStats {
  total: number
  /** One decimal, e.g. '4.3'; '0.0' without reviews. */
  averageRating: string
  farmsReviewed: number
  fiveStar: number
}

export function farmReviewStats(reviews: readonly AdminFarmReview[]): FarmReviewStats {
  const sum = reviews.reduce((total, r) => total + r.rating, 0)
  return {
    total: reviews.length,
    averageRating: (reviews.length ? Math.round((sum / reviews.length) * 10) / 10 : 0).toFixed(1),
    farmsReviewed: new Set(reviews.map((r) => r.farmId)).size,
    fiveStar: reviews.filter((r) => r.rating === 5).length,
  }
}

/** Text over farm name or comment (any case), and a rating when one is chosen. */
export function filterFarmReviews(reviews: readonly AdminFarmReview[], search: string, rating: number | null): AdminFarmReview[] {
  const needle = search.trim().toLowerCase()
  return reviews.filter(
    (r) => (rating === null || r.rating === rating) && (!needle || farmNameOf(r).toLowerCase().includes(needle) || r.comment.toLowerCase().includes(needle)),
  )
}
