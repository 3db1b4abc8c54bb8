// HTTP for photo uploads: the upload-URL endpoints (one photo, or several signed-in at once), the PUT of the bytes, and serving
// /objects/uploads/:id and its thumbnail /objects/uploads/:id/thumb. Mounted at the root (not under
// /api) so /objects/… never reaches the SPA fallback; who may call each route comes from the route
// table, attached by contractRouter().
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express'
import type { Kysely } from 'kysely'
import type { Database, UploadRow } from '../../db/schema'
import type { SessionUser } from '../auth/sessions'
import { idempotency } from '../../sync/server/idempotency'
import { databaseIdempotencyStore } from '../idempotency/store'
import type { Logger } from '../logger'
import {
  IdParamSchema, UPLOAD_URL_BATCH_MAX, UploadUrlBatchRequestSchema, UploadUrlRequestSchema, fileTooLargeMessage, messages,
  type UploadUrlBatchRequest, type UploadUrlBatchResponse, type UploadUrlRequest,
} from '../contract'
import { HttpError, notFound } from '../errors'
import { validate } from '../middleware/validate'
import { RATE_LIMITS, SIGNED_IN_LIMITS, perAccountLimit, perAddressLimit } from '../middleware/rate-limit'
import type { UploadKind } from './repository'
import { maxBytesFor, uploadsService } from './service'
import { uploadFilePath } from './storage'
import { PHOTO_CACHE_CONTROL } from './photo-cache'
import { contractRouter } from '../http/contract-router'

type StoredPhoto = UploadRow & { contentType: string }

export function uploadsRouter(db: Kysely<Database>, dataDir: string, logger: Logger) {
  const service = uploadsService(db, dataDir)
  const { router, on } = contractRouter()

  const issue = (kind: UploadKind): RequestHandler => async (_req, res) => {
    const user = res.locals.user as SessionUser | undefined
    res.json(await service.issue(kind, res.locals.body as UploadUrlRequest, user?.id ?? null))
  }
  // Upload URLs cost disk until the daily clean-up: a generous cap keeps a script from filling it,
  // while a town's outboxes stay far below it (429 is retried). Anonymous: per address; signed-in
  // agents: per account, so the agents behind one carrier address are not throttled as one.
  on('POST /api/public/expert-signup/upload', perAddressLimit({ ...RATE_LIMITS.uploadUrl, name: 'public-upload-url' }), validate({ body: UploadUrlRequestSchema }), issue('expert'))
  on('POST /api/objects/upload', perAccountLimit(SIGNED_IN_LIMITS.uploadUrl, 'upload-url'), validate({ body: UploadUrlRequestSchema }), issue('admin'))
  // The same budget (the same counters, by name), each photo asked for counted as one upload URL.
  const photosAskedFor = (req: Request) => {
    const photos = (req.body as { photos?: unknown } | undefined)?.photos
    return Array.isArray(photos) ? Math.min(UPLOAD_URL_BATCH_MAX, Math.max(1, photos.length)) : 1
  }
  // An optional Idempotency-Key (the outbox sends one): a batch sent again after its answer was lost
  // gets the same URLs back, and its photos are given back to the budget (a replay issues nothing).
  // After the limiter, as for signups, so a flood is refused before any database work.
  const idempotent = idempotency(databaseIdempotencyStore(db), { logger: { warn: (message, details) => logger.warn(details ?? {}, message) } })
  on('POST /api/objects/upload/batch', perAccountLimit(SIGNED_IN_LIMITS.uploadUrl, 'upload-url', { cost: photosAskedFor }), idempotent, validate({ body: UploadUrlBatchRequestSchema }), async (_req, res) => {
    const user = res.locals.user as SessionUser | undefined
    const { photos } = res.locals.body as UploadUrlBatchRequest
    res.json({ uploads: await service.issueMany('admin', photos, user?.id ?? null, res.locals) } satisfies UploadUrlBatchResponse)
  })

  // One raw parser per kind; any content type is read, because the type is judged from the bytes.
  const rawParsers = new Map<UploadKind, RequestHandler>(
    (['expert', 'farmer', 'admin'] as const).map((kind) => [kind, express.raw({ type: () => true, limit: maxBytesFor(kind) + 1024 })]),
  )
  const readBytes: RequestHandler = (req, res, next) => {
    const upload = res.locals.upload as UploadRow
    rawParsers.get(upload.kind)!(req, res, (err?: unknown) => {
      const status = (err as { status?: number } | undefined)?.status
      if (status === 413) return next(new HttpError(413, fileTooLargeMessage(maxBytesFor(upload.kind))))
      next(err)
    })
  }
  const findUpload: RequestHandler = async (_req, res, next) => {
    const upload = await service.find((res.locals.params as { id: string }).id)
    if (!upload) throw notFound(messages.uploads.unknownUpload)
    res.locals.upload = upload
    next()
  }
  on('PUT /api/uploads/:id', validate({ params: IdParamSchema }), findUpload, readBytes, async (req, res) => {
    const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)
    res.json(await service.store(res.locals.upload as UploadRow, bytes))
  })

  /** Sends a photo file; a file gone from disk answers 404 like an unknown id. */
  const sendPhoto = (res: Response, next: NextFunction, filePath: string, contentType: string) => {
    res.setHeader('Content-Type', contentType)
    res.setHeader('Cache-Control', PHOTO_CACHE_CONTROL)
    res.setHeader('X-Content-Type-Options', 'nosniff')
    res.sendFile(filePath, { cacheControl: false, dotfiles: 'allow' }, (err) => {
      if (err && !res.headersSent) {
        res.removeHeader('Cache-Control')
        res.removeHeader('Content-Type')
        next(notFound())
      }
    })
  }
  const findStoredPhoto = async (res: Response): Promise<StoredPhoto> => {
    const upload = await service.find((res.locals.params as { id: string }).id)
    if (!upload || upload.status !== 'stored' || !upload.contentType) throw notFound()
    return { ...upload, contentType: upload.contentType }
  }

  on('GET /objects/uploads/:id', validate({ params: IdParamSchema }), async (_req, res, next) => {
    const upload = await findStoredPhoto(res)
    sendPhoto(res, next, uploadFilePath(dataDir, upload.id), upload.contentType)
  })
  on('GET /objects/uploads/:id/thumb', validate({ params: IdParamSchema }), async (_req, res, next) => {
    const upload = await findStoredPhoto(res)
    const thumbnailFile = await service.thumbnailFile(upload)
    // A photo no thumbnail can be made of is still shown (the card gets the photo itself) if it is one
    // a browser can show: never a decompression bomb stored before the PUT refused them.
    if (thumbnailFile) sendPhoto(res, next, thumbnailFile, 'image/webp')
    else if (await service.isShowableAsItIs(upload)) sendPhoto(res, next, uploadFilePath(dataDir, upload.id), upload.contentType)
    else throw notFound()
  })
  return router
}
