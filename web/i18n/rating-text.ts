// The label of a rating or an average (spec 000 §9: 'Poor' … 'Excellent'), from the catalog, for every
// screen that shows one (reviews, the home page's review form). Rounded and clamped as the contract's
// ratingLabel, whose English words are the catalog's English.
import { t } from './runtime'

export function ratingText(rating: number): string {
  return t(`reviews.rating.${Math.min(5, Math.max(1, Math.round(rating)))}`)
}
