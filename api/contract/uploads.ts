// Photo uploads: ask for an upload URL, PUT the bytes there, then reference the photo by its path.
import { z } from 'zod'
import './zod-config'
import { messages } from './messages'

import { PHOTO_PATH_REGEX } from './display'

export { PHOTO_PATH_REGEX, PHOTO_THUMBNAIL_SIZE, displayPhotoPath, photoThumbnailPath } from './display'

/** Public expert (and farmer signup) photos, spec 000 §5/§9. */
export const EXPERT_PHOTO_MAX_BYTES = 5242880
/** Signed-in upload (POST /api/objects/upload), spec 000 §5 and 001 §9. */
export const UPLOAD_MAX_BYTES = 10485760
/** Farm photos on a signup: same flow and limit as expert photos (clarifications, Photos). */
export const FARM_PHOTO_MAX_BYTES = EXPERT_PHOTO_MAX_BYTES
/** How many farm photos a signup may carry. */
export const MAX_SIGNUP_PHOTOS = 3

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}'
/** The PUT target the upload-URL endpoints return: '/api/uploads/{uuid}' (maybe with an origin). */
export const UPLOAD_URL_REGEX = new RegExp(`/api/uploads/(${UUID})(?:[?#].*)?$`)

// Upload ids are issued in lower case and files are found by them case for case: a path sent in upper
// case is stored as the path that serves the photo.
export const PhotoPathSchema = z
  .string()
  .regex(PHOTO_PATH_REGEX, messages.farmerSignup.photoPathInvalid)
  .transform((path) => path.toLowerCase())
export type PhotoPath = z.infer<typeof PhotoPathSchema>

/** A photo path or empty ('' becomes undefined). */
export function optionalPhotoPath() {
  return z
    .string()
    .trim()
    .refine((v) => v === '' || PHOTO_PATH_REGEX.test(v), messages.farmerSignup.photoPathInvalid)
    .optional()
    .transform((v) => (v === '' ? undefined : v))
}

export function photoPathForUploadId(id: string): string {
  return `/objects/uploads/${id}`
}

export function uploadUrlForId(id: string): string {
  return `/api/uploads/${id}`
}

/** Derive the photo path from an upload URL (spec: "the photo path is then /objects/uploads/{id} derived from the URL"). */
export function photoPathFromUploadUrl(uploadURL: string): string | null {
  const match = UPLOAD_URL_REGEX.exec(uploadURL)
  return match?.[1] ? photoPathForUploadId(match[1].toLowerCase()) : null
}

/** Image types the server accepts (it checks the real type from the bytes). */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const

/** Body of POST /api/objects/upload and POST /api/public/expert-signup/upload; both fields are hints. */
export const UploadUrlRequestSchema = z.object({
  contentType: z.string().max(100).optional(),
  size: z.number().int().nonnegative().optional(),
})
export type UploadUrlRequest = z.infer<typeof UploadUrlRequestSchema>

export const UploadUrlResponseSchema = z.object({
  /** Where to PUT the file, with its content type. */
  uploadURL: z.string(),
  /** The path to store once the PUT succeeded (same as photoPathFromUploadUrl(uploadURL)). */
  objectPath: PhotoPathSchema,
})
export type UploadUrlResponse = z.infer<typeof UploadUrlResponseSchema>

/** How many upload URLs one POST /api/objects/upload/batch may ask for. */
export const UPLOAD_URL_BATCH_MAX = 10

/**
 * Body of POST /api/objects/upload/batch: the hints of several photos, one upload URL each (the
 * outbox asks for the next photos' URLs in one request). Each photo counts against the same
 * per-account budget as a single upload URL (decision 020).
 */
export const UploadUrlBatchRequestSchema = z.object({
  photos: z.array(UploadUrlRequestSchema).min(1).max(UPLOAD_URL_BATCH_MAX),
})
export type UploadUrlBatchRequest = z.infer<typeof UploadUrlBatchRequestSchema>

/** One issued upload per photo asked for, in the order asked. All or none: a refused hint refuses the batch. */
export const UploadUrlBatchResponseSchema = z.object({ uploads: z.array(UploadUrlResponseSchema) })
export type UploadUrlBatchResponse = z.infer<typeof UploadUrlBatchResponseSchema>

/** Answer of PUT /api/uploads/:id. Repeating the same PUT answers the same (idempotent). */
export const UploadPutResponseSchema = z.object({ objectPath: PhotoPathSchema })
export type UploadPutResponse = z.infer<typeof UploadPutResponseSchema>

/** Browser-side check before uploading; returns the spec message or null. */
export function checkImageFile(file: { size: number; type: string }, maxBytes: number): string | null {
  if (!file.type.startsWith('image/')) return messages.uploads.imageRequired
  if (file.size > maxBytes) return fileTooLargeMessage(maxBytes)
  return null
}

export function fileTooLargeMessage(maxBytes: number): string {
  return maxBytes <= EXPERT_PHOTO_MAX_BYTES ? messages.uploads.fileTooLarge5MB : messages.uploads.fileTooLarge10MB
}
