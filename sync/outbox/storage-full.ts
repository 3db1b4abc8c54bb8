// A phone that cannot store: the browser refused a write because the origin's share of the disk is
// used up (QuotaExceededError), or its database could not write or open at all (Chromium's
// UnknownError, what a full disk gives: measured with a full file system under the profile).
// Dexie hands these on wrapped (`inner`), a bulk write in `failures`, other code in `cause`.

const STORAGE_FULL_NAMES = new Set(['QuotaExceededError', 'UnknownError'])

/** True when `error`, or an error it wraps, is the browser refusing to store. */
export function isStorageFull(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== 'object' || error === null) return false
  const { name, inner, cause, failures } = error as { name?: unknown; inner?: unknown; cause?: unknown; failures?: unknown }
  if (typeof name === 'string' && STORAGE_FULL_NAMES.has(name)) return true
  if (Array.isArray(failures) && failures.some((failure) => isStorageFull(failure, depth + 1))) return true
  return isStorageFull(inner, depth + 1) || isStorageFull(cause, depth + 1)
}
