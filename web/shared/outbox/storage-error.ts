// A phone that cannot store what was typed: the browser refused the write because the origin's
// share of the disk is used up (QuotaExceededError), or its database could not write or open at
// all (Chromium's UnknownError, what a full disk gives: measured with a full file system under the
// profile). The browser's own words ("The quota has been exceeded.", "Internal error opening
// backing store for indexedDB.open.") say neither what happened nor what to do, and only in
// English. Cheap phones fill up with photos and chat media; the reader is told to free space.
import { t } from '../../i18n/runtime'

const STORAGE_FULL_NAMES = new Set(['QuotaExceededError', 'UnknownError'])

/** True when `error`, or an error it wraps (Dexie's `inner`, `cause`, a bulk write's failures), is a storage refusal. */
export function isStorageFull(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== 'object' || error === null) return false
  const { name, inner, cause, failures } = error as { name?: unknown; inner?: unknown; cause?: unknown; failures?: unknown }
  if (typeof name === 'string' && STORAGE_FULL_NAMES.has(name)) return true
  if (Array.isArray(failures) && failures.some((failure) => isStorageFull(failure, depth + 1))) return true
  return isStorageFull(inner, depth + 1) || isStorageFull(cause, depth + 1)
}

/**
 * Why a write to this phone failed, for the reader: the storage-full reason in their language, or
 * the error's own message. No full stop at the end: it goes inside sentences.
 */
export function storageErrorText(error: unknown): string {
  if (isStorageFull(error)) return t('outbox.storage.noRoom')
  return error instanceof Error ? error.message : String(error)
}
