// Records that carry photos (farmer signups, experts) reference their uploads here, inside the
// record's own transaction: only stored photos are accepted, and a referenced upload is never
// cleaned up (cleanup.ts deletes only rows whose referencedAt is still null).
import type { Transaction } from 'kysely'
import type { Database } from '../../db/schema'
import { PHOTO_PATH_REGEX, fileTooLargeMessage, messages } from '../contract'
import { HttpError } from '../errors'

export async function referencePhotos(trx: Transaction<Database>, photoPaths: readonly string[], maxBytes: number, now: Date): Promise<void> {
  for (const photoPath of photoPaths) {
    const id = PHOTO_PATH_REGEX.exec(photoPath)?.[1]?.toLowerCase()
    const upload = id
      ? await trx.selectFrom('uploads').select(['id', 'size']).where('id', '=', id).where('status', '=', 'stored').executeTakeFirst()
      : undefined
    if (!upload) throw new HttpError(400, messages.farmerSignup.photoPathInvalid)
    // A photo uploaded through the 10 MB signed-in route still has to meet this record's limit.
    if ((upload.size ?? 0) > maxBytes) throw new HttpError(400, fileTooLargeMessage(maxBytes))
    await trx
      .updateTable('uploads')
      .set({ referencedAt: now.toISOString() })
      .where('id', '=', upload.id)
      .where('referencedAt', 'is', null)
      .execute()
  }
}
