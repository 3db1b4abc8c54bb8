// A phone that cannot store what was typed (sync/outbox/storage-full.ts says when that is). The
// browser's own words ("The quota has been exceeded.", "Internal error opening
// backing store for indexedDB.open.") say neither what happened nor what to do, and only in
// English. Cheap phones fill up with photos and chat media; the reader is told to free space.
import { isStorageFull } from '../../../sync/outbox/storage-full'
import { t } from '../../i18n/runtime'

export { isStorageFull }

/**
 * Why a write to this phone failed, for the reader: the storage-full reason in their language, or
 * the error's own message. No full stop at the end: it goes inside sentences.
 */
export function storageErrorText(error: unknown): string {
  if (isStorageFull(error)) return t('outbox.storage.noRoom')
  return error instanceof Error ? error.message : String(error)
}
