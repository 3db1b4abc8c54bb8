// Pure helpers of the review screens: Fiji dates, averages, "+N more" lists, rating labels, in the reader's language.
import { formatFijiTimeInLanguage } from '../../shared/fiji-time'
import { t } from '../../i18n/runtime'

export { ratingText } from '../../i18n/rating-text'

/** 'MMM dd, yyyy at h:mm a' in Pacific/Fiji with the suffix FJT (spec 000 §9): "Mar 05, 2026 at 3:04 PM FJT", in the reader's language. */
export function formatFijiDateTime(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return formatFijiTimeInLanguage(date)
}

/** Mean rating, 0 for none. */
export function averageRating(reviews: readonly { rating: number }[]): number {
  if (reviews.length === 0) return 0
  return reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length
}

/** One decimal: 4.25 → "4.3", 5 → "5.0". */
export function formatAverage(value: number): string {
  return (Math.round(value * 10) / 10).toFixed(1)
}

/** The first `limit` items joined, and "+N more" for the rest: "Nadi, Lautoka +2 more". */
export function firstWithMore(items: readonly string[], limit: number): string {
  const shown = items.slice(0, limit).join(', ')
  const more = items.length - limit
  return more > 0 ? t('reviews.plusMore', { shown, count: more }) : shown
}

/** "1 review", "12 reviews". */
export function reviewCountLabel(count: number): string {
  return t('reviews.count', { count })
}

/** The query key (and URL) of one farm's reviews. */
export function farmReviewsKey(farmId: string): [string] {
  return [`/api/farm-reviews?farmId=${encodeURIComponent(farmId)}`]
}

export { pageUrl } from '../../../api/contract/public-pages'
