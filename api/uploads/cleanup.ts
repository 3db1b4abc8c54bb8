// Uploads never referenced by a record are deleted after a day (offline-sync promise 6): the row
// first (only while still unreferenced, in the same statement), then its file and its thumbnail.
// Scheduled hourly, on one server at a time (api/jobs/scheduled-jobs.ts).
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { removeFile, thumbnailFilePath, uploadFilePath } from './storage'

export const UNREFERENCED_UPLOAD_MAX_AGE_MS = 24 * 60 * 60 * 1000

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
