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

/**
 * The number to dial, in full international form where its shape says it is Fiji's: '+679 920 1373',
 * '00679 920 1373', '679 920 1373' and '6799201373' all dial +6799201373, and a local 7-digit
 * '920 1373' gets +679 (a phone outside Fiji, or a link opened abroad, needs the country code). A
 * number written with its own '+' or '00' keeps its country; any other shape is dialled as written
 * (digits only), since guessing a country for it could ring a stranger.
 */
export function dialNumber(phone: string): string {
  const trimmed = phone.trim()
  const digits = trimmed.replace(/\D/g, '')
  if (trimmed.startsWith('+')) return `+${digits}`
  if (digits.startsWith('00') && digits.length > 2) return `+${digits.slice(2)}`
  if (digits.length === 7) return `+679${digits}`
  if (digits.length === 10 && digits.startsWith('679')) return `+${digits}`
  return digits
}

/** tel: link for any phone the product shows (farmer cards, the server's farmer page, experts, the back office). */
export function telHref(phone: string): string {
  return `tel:${dialNumber(phone)}`
}

/** WhatsApp link: https://wa.me/<digits>, the dialled number without its '+'; null when too short to be one. */
export function whatsappHref(phone: string): string | null {
  const digits = dialNumber(phone).replace(/^\+/, '')
  return digits.length >= 8 ? `https://wa.me/${digits}` : null
}

export function mailtoHref(email: string): string {
  return `mailto:${email.trim()}`
}
