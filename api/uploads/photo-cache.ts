// How long a served photo (and any size of it made from the same upload) may be kept by browsers
// and shared caches. Photos are public, but a farmer or expert removed from the directory must not
// stay visible from a proxy for a year: an hour bounds that, and sendFile's ETag keeps the
// re-check after the hour a 304 of a few bytes on 3G (docs/decisions/019).
export const PHOTO_CACHE_CONTROL = 'public, max-age=3600'
