// Records that carry photos (farmer signups, experts) reference their uploads here, inside the
// record's own transaction: only stored photos are accepted, and a referenced upload is never
// cleaned up (cleanup.ts deletes only rows whose referencedAt is still null).
import type { Transaction } from 'kysely'
import type { Database } from '../../db/schema'
import { PHOTO_PATH_REGEX, fileTooLargeMessage, messages } from '../contract'
import { HttpError } from '../errors'

/**
 * `onlyNew`: a submission from outside (a signup, an expert registration) may name only photos no
 * record references yet, i.e. the ones its sender just uploaded. Without it, anyone could attach a
 * listed farmer's photo (its path is public) to a made-up signup. Staff edits may reuse photos.
 */
export async function referencePhotos(trx: Transaction<Database>, photoPaths: readonly string[], maxBytes: number, now: Date, { onlyNew = false } = {}): Promise<void> {
  for (const photoPath of new Set(photoPaths)) {
    const id = PHOTO_PATH_REGEX.exec(photoPath)?.[1]?.toLowerCase()
    const upload = id
      ? await trx.selectFrom('uploads').select(['id', 'size', 'referencedAt']).where('id', '=', id).where('status', '=', 'stored').executeTakeFirst()
      : undefined
    if (!upload || (onlyNew && upload.referencedAt !== null)) throw new HttpError(400, messages.farmerSignup.photoPathInvalid)
    // A photo uploaded through the 10 MB signed-in route still has to meet this record's limit.
    if ((upload.size ?? 0) > maxBytes) throw new HttpError(400, fileTooLargeMessage(maxBytes))
    const taken = await trx
      .updateTable('uploads')
      .set({ referencedAt: now.toISOString() })
      .where('id', '=', upload.id)
      .where('referencedAt', 'is', null)
      .executeTakeFirst()
    // Two submissions naming one new photo at once: the second finds it taken.
    if (onlyNew && Number(taken.numUpdatedRows) !== 1) throw new HttpError(400, messages.farmerSignup.photoPathInvalid)
  }
}
