// The two-step photo upload (spec 000 §7): issue an id and its PUT URL, then take the bytes. The
// real type comes from the bytes, never from the header (offline-sync promise 6), and the same
// bytes PUT twice are harmless, so the outbox may retry an upload freely; other bytes to a filled id
// are refused (409). Each stored photo gets its thumbnail made right after the PUT is answered
// (thumbnail.ts): a GET of the thumbnail meanwhile waits for that same rendering.
import { createHash, randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import { fileTypeFromBuffer } from 'file-type'
import type { Kysely } from 'kysely'
import type { Database, UploadRow } from '../../db/schema'
import {
  ACCEPTED_IMAGE_TYPES,
  EXPERT_PHOTO_MAX_BYTES,
  UPLOAD_MAX_BYTES,
  fileTooLargeMessage,
  messages,
  photoPathForUploadId,
  uploadUrlForId,
  type UploadPutResponse,
  type UploadUrlRequest,
  type UploadUrlResponse,
} from '../contract'
import { recordIdempotent } from '../../sync/server/idempotency'
import { HttpError, notFound } from '../errors'
import { uploadsRepository, type UploadKind } from './repository'
import { commitTempFile, fileExists, removeFile, thumbnailFilePath, uploadFilePath, writeTempFile } from './storage'
import { photoHeader, thumbnails } from './thumbnail'

/** Public uploads (expert and farm photos) 5 MB; signed-in uploads 10 MB (spec 000 §5, §9). */
export function maxBytesFor(kind: UploadKind): number {
  return kind === 'admin' ? UPLOAD_MAX_BYTES : EXPERT_PHOTO_MAX_BYTES
}

const notAnImage = () => new HttpError(400, messages.uploads.imageRequired)
const tooManyPixels = () => new HttpError(400, messages.uploads.tooManyPixels)
const tooLarge = (kind: UploadKind) => new HttpError(413, fileTooLargeMessage(maxBytesFor(kind)))

export function uploadsService(db: Kysely<Database>, dataDir: string) {
  const repository = uploadsRepository(db)
  const thumbnail = thumbnails(dataDir)

  /**
   * The thumbnail is made once the photo is on disk, but not awaited: the uploader waits only for
   * its photo (rendering was ~6 ms of each PUT's ~9 ms of server work). A thumbnail GET that comes
   * first joins the same rendering (thumbnails() shares one per id); a rendering that fails is
   * tried again on the first GET, as for a photo stored before thumbnails existed.
   */
  function renderAfterAnswer(id: string, bytes: Buffer): void {
    void thumbnail.ensure(id, async () => bytes).catch(() => undefined)
  }

  function refuseHints(kind: UploadKind, photos: readonly UploadUrlRequest[]): void {
    for (const hints of photos) {
      if (hints.contentType !== undefined && !hints.contentType.toLowerCase().startsWith('image/')) throw notAnImage()
      if (hints.size !== undefined && hints.size > maxBytesFor(kind)) throw tooLarge(kind)
    }
  }

  function newUploads(kind: UploadKind, count: number, createdBy: string | null) {
    const createdAt = new Date().toISOString()
    const rows = Array.from({ length: count }, () => ({ id: randomUUID(), kind, createdBy, createdAt }))
    return { rows, answers: rows.map(({ id }) => ({ uploadURL: uploadUrlForId(id), objectPath: photoPathForUploadId(id) })) }
  }

  async function issueAll(kind: UploadKind, photos: readonly UploadUrlRequest[], createdBy: string | null): Promise<UploadUrlResponse[]> {
    refuseHints(kind, photos)
    const { rows, answers } = newUploads(kind, photos.length, createdBy)
    await repository.create(rows)
    return answers
  }

  async function ensureFile(upload: UploadRow, bytes: Buffer) {
    // A crash between the row update and the rename leaves a stored row without its file; the
    // client's retry of the same bytes puts it back.
    if (await fileExists(uploadFilePath(dataDir, upload.id))) return
    await commitTempFile(dataDir, upload.id, await writeTempFile(dataDir, upload.id, bytes))
  }

  return {
    find: (id: string) => repository.find(id),

    /** The thumbnail file of a stored photo, made now if it was stored before thumbnails existed; null when it cannot be made. */
    async thumbnailFile(upload: UploadRow): Promise<string | null> {
      const isMade = await thumbnail.ensure(upload.id, () => fs.readFile(uploadFilePath(dataDir, upload.id)))
      return isMade ? thumbnailFilePath(dataDir, upload.id) : null
    },

    /**
     * Whether a photo no thumbnail could be made of may be shown as it is: only when its header reads
     * as an image of bounded size. A photo stored before the PUT checked that (a decompression bomb)
     * is not handed to a browser in a card.
     */
    async isShowableAsItIs(upload: UploadRow): Promise<boolean> {
      const bytes = await fs.readFile(uploadFilePath(dataDir, upload.id)).catch(() => undefined)
      return bytes !== undefined && (await photoHeader(bytes)).kind === 'image'
    },

    /** Both fields of the request are hints: an obvious non-image or oversize file is refused early. */
    async issue(kind: UploadKind, hints: UploadUrlRequest, createdBy: string | null): Promise<UploadUrlResponse> {
      const [issued] = await issueAll(kind, [hints], createdBy)
      return issued!
    },

    /**
     * One upload per photo's hints, in order; a refused hint refuses them all (nothing is issued).
     * Under an Idempotency-Key (`locals`) the answer commits with the rows, so a batch whose answer
     * was lost is answered again with the same URLs rather than issuing (and counting) new ones.
     */
    async issueMany(kind: UploadKind, photos: readonly UploadUrlRequest[], createdBy: string | null, locals: Record<string, unknown>): Promise<UploadUrlResponse[]> {
      refuseHints(kind, photos)
      const { rows, answers } = newUploads(kind, photos.length, createdBy)
      await db.transaction().execute(async (trx) => {
        await uploadsRepository(trx).create(rows)
        await recordIdempotent(locals, trx, 200, { uploads: answers })
      })
      return answers
    },

    async store(upload: UploadRow, bytes: Buffer): Promise<UploadPutResponse> {
      if (bytes.length > maxBytesFor(upload.kind)) throw tooLarge(upload.kind)
      const type = await fileTypeFromBuffer(bytes)
      if (!type || !(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(type.mime)) throw notAnImage()
      // The first bytes name the type; the header must also read as that image, of a size a phone can show.
      const header = await photoHeader(bytes)
      if (header.kind === 'unreadable') throw notAnImage()
      if (header.kind === 'tooManyPixels') throw tooManyPixels()
      const sha256 = createHash('sha256').update(bytes).digest('hex')
      const answer = { objectPath: photoPathForUploadId(upload.id) }

      const settleStored = async (stored: UploadRow | undefined) => {
        if (!stored) throw notFound(messages.uploads.unknownUpload)
        if (stored.sha256 !== sha256) throw new HttpError(409, messages.uploads.uploadAlreadyStored)
        await ensureFile(stored, bytes)
        renderAfterAnswer(stored.id, bytes)
        return answer
      }
      if (upload.status === 'stored') return settleStored(upload)

      const tempPath = await writeTempFile(dataDir, upload.id, bytes)
      // The row is claimed before the rename, so of two different files raced to one id only the
      // winner's bytes ever land under that id.
      const isClaimed = await repository.markStored(upload.id, { contentType: type.mime, size: bytes.length, sha256, storedAt: new Date().toISOString() })
      if (!isClaimed) {
        await removeFile(tempPath)
        return settleStored(await repository.find(upload.id))
      }
      await commitTempFile(dataDir, upload.id, tempPath)
      renderAfterAnswer(upload.id, bytes)
      return answer
    },
  }
}
