// What read-only public screens show, with no schema and no zod: a lazy public page (reviews,
// experts) imports this file directly so it renders without loading zod. reviews.ts and uploads.ts
// re-export it, so the index has it too.
export const RATING_LABELS = ['Poor', 'Fair', 'Good', 'Very Good', 'Excellent'] as const
export type RatingLabel = (typeof RATING_LABELS)[number]

/** Label of a rating or an average (rounded, clamped to 1..5), spec 000 §9. */
export function ratingLabel(rating: number): RatingLabel {
  const index = Math.min(5, Math.max(1, Math.round(rating))) - 1
  return RATING_LABELS[index] ?? 'Poor'
}

/** Legacy paths '/objects.private/…' are shown as '/objects/…' (spec 000 §7). */
export function displayPhotoPath(path: string): string {
  return path.startsWith('/objects.private/') ? `/objects/${path.slice('/objects.private/'.length)}` : path
}
