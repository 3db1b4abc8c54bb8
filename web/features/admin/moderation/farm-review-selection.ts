// Which farm reviews staff have ticked for a bulk delete (issue 17 item 13; decision 017): rows one by
// one, every shown row, every review of one sender (senderKey) or of one farm. Pure, so the rules are
// tested without a screen; the selection only ever holds ids of reviews the list still has.
import type { AdminFarmReview } from '../../../../api/contract/reviews'
import { t } from '../../../i18n/runtime'

export type Selection = ReadonlySet<string>

/**
 * The reviews of each sender or each farm, grouped once per list (a flood is hundreds of rows, each
 * asking for its group). Reviews without a sender (from before sender keys) are in no group.
 */
export function groupReviews(all: readonly AdminFarmReview[], keyOf: (review: AdminFarmReview) => string | null): ReadonlyMap<string, readonly AdminFarmReview[]> {
  const groups = new Map<string, AdminFarmReview[]>()
  for (const review of all) {
    const key = keyOf(review)
    if (key === null) continue
    const group = groups.get(key)
    if (group) group.push(review)
    else groups.set(key, [review])
  }
  return groups
}

export function withReviews(selection: Selection, reviews: readonly AdminFarmReview[], isSelected: boolean): Selection {
  const next = new Set(selection)
  for (const review of reviews) {
    if (isSelected) next.add(review.id)
    else next.delete(review.id)
  }
  return next
}

/** The ticked reviews still in the list (a refresh or another member of staff may have removed some). */
export const selectedReviews = (all: readonly AdminFarmReview[], selection: Selection) => all.filter((r) => selection.has(r.id))

/** 'all' when every shown review is ticked, 'some' when a few are (the header box shows a dash), else 'none'. */
export function shownState(shown: readonly AdminFarmReview[], selection: Selection): 'all' | 'some' | 'none' {
  const ticked = shown.filter((r) => selection.has(r.id)).length
  if (ticked === 0) return 'none'
  return ticked === shown.length ? 'all' : 'some'
}

/** A count with its noun, one or many: a plural message of the catalog (area `admin`). */
const count = (n: number, key: string) => t(key, { count: n })

/** What the confirmation says the delete reaches: 'From 1 sender, of 4 farms.' */
export function bulkDeleteReach(reviews: readonly AdminFarmReview[]): string {
  const known = reviews.filter((r) => r.senderKey !== null)
  const senders = new Set(known.map((r) => r.senderKey)).size
  const unknown = reviews.length - known.length
  const farms = new Set(reviews.map((r) => r.farmId)).size
  // Reviews written before senders were recorded (decision 017) cannot be told apart.
  const fromSenders = senders > 0 ? count(senders, 'admin.farmReviews.senders') : ''
  const fromUnknown = unknown > 0 ? count(unknown, 'admin.farmReviews.unknownSenders') : ''
  const from = fromSenders && fromUnknown ? t('admin.farmReviews.reachBoth', { senders: fromSenders, unknown: fromUnknown }) : fromSenders || fromUnknown
  return t('admin.farmReviews.reach', { from, farms: count(farms, 'admin.farmReviews.farms') })
}

export const reviewsCount = (n: number) => count(n, 'admin.farmReviews.reviews')
