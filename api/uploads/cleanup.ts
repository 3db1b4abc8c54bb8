// Uploads never referenced by a record are deleted after a day (offline-sync promise 6): the row
// first (only while still unreferenced, in the same statement), then its file and its thumbnail.
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { Logger } from '../logger'
import { removeFile, thumbnailFilePath, uploadFilePath } from './storage'

export const UNREFERENCED_UPLOAD_MAX_AGE_MS = 24 * 60 * 60 * 1000
export const UPLOAD_CLEANUP_INTERVAL_MS = 60 * 60 * 1000

/** Deletes uploads created before `olderThan` that no record references; answers how many. */
export async function deleteUnreferencedUploads(db: Kysely<Database>, dataDir: string, olderThan: Date): Promise<number> {
  const deleted = await db
    .deleteFrom('uploads')
    .where('referencedAt', 'is', null)
    .where('createdAt', '<', olderThan.toISOString())
    .returning('id')
    .execute()
  for (const { id } of deleted) {
    await removeFile(uploadFilePath(dataDir, id))
    await removeFile(thumbnailFilePath(dataDir, id))
  }
  return deleted.length
}

/** Runs the clean-up now and then hourly; the timer never keeps the process alive. Returns a stop function. */
export function scheduleUploadCleanup(deps: { db: Kysely<Database>; dataDir: string; logger: Logger }): () => void {
  const run = () => {
    deleteUnreferencedUploads(deps.db, deps.dataDir, new Date(Date.now() - UNREFERENCED_UPLOAD_MAX_AGE_MS))
      .then((count) => {
        if (count > 0) deps.logger.info({ count }, 'deleted unreferenced uploads')
      })
      .catch((err: unknown) => deps.logger.warn({ err }, 'upload clean-up failed; it runs again in an hour'))
  }
  run()
  const timer = setInterval(run, UPLOAD_CLEANUP_INTERVAL_MS)
  timer.unref()
  return () => clearInterval(timer)
}
