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

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}'

/** Stored photo path: '/objects/uploads/{uuid}' (the id the upload-URL endpoint issued). */
export const PHOTO_PATH_REGEX = new RegExp(`^/objects/uploads/(${UUID})$`)

/** Edge of a photo's thumbnail in px: twice the 80 px a card shows it at, for sharp phone screens. */
export const PHOTO_THUMBNAIL_SIZE = 160

/**
 * The card-size WebP of a stored photo, '/objects/uploads/{uuid}/thumb'. Derived from the photo path
 * rather than sent as a field, so every answer (and every copy already cached on a phone) has it.
 * A path that is not a stored upload has no thumbnail and is shown as it is.
 */
export function photoThumbnailPath(photoPath: string): string {
  const path = displayPhotoPath(photoPath)
  return PHOTO_PATH_REGEX.test(path) ? `${path}/thumb` : path
}

// ---- contact links (a farmer card's buttons, in the app and on the server's farmer page)

/** tel: link, keeping only digits and a leading +. */
export function telHref(phone: string): string {
  const trimmed = phone.trim()
  const digits = trimmed.replace(/\D/g, '')
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`
}

/** WhatsApp link: https://wa.me/<digits>, with Fiji's 679 added to a local 7-digit number. */
export function whatsappHref(phone: string): string | null {
  let digits = phone.replace(/\D/g, '')
  if (digits.startsWith('00')) digits = digits.slice(2)
  if (digits.length === 7) digits = `679${digits}`
  return digits.length >= 8 ? `https://wa.me/${digits}` : null
}

export function mailtoHref(email: string): string {
  return `mailto:${email.trim()}`
}
