import { createHash, randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uploadsDir } from '../../db/connection'
import {
  UPLOAD_URL_BATCH_MAX, UploadPutResponseSchema, UploadUrlBatchResponseSchema, UploadUrlResponseSchema, messages, photoPathFromUploadUrl, photoThumbnailPath,
} from '../contract'
import { signInAs } from '../directory/testing'
import { startTestApp, type TestApp } from '../testing/test-app'
import { deleteUnreferencedUploads } from './cleanup'
import { JPEG_BYTES, PNG_BYTES, photoJpeg, pngClaiming, pngOfSize, putBytes, uploadPhoto } from './testing'

let api: TestApp
const MB5 = 5242880
const MB10 = 10485760

let webDir: string

beforeAll(async () => {
  // With a built web app, so the test also proves /objects/… never falls through to index.html.
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vf-web-'))
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>')
  api = await startTestApp({ webDir })
})
afterAll(async () => {
  await api.close()
  fs.rmSync(webDir, { recursive: true, force: true })
})

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

async function issuePublic(body: object = {}) {
  const res = await api.postJson('/api/public/expert-signup/upload', body)
  expect(res.status).toBe(200)
  return UploadUrlResponseSchema.parse(await res.json())
}

describe('upload URLs', () => {
  it('public: answers an upload URL and the photo path derived from it', async () => {
    const issued = await issuePublic({ contentType: 'image/jpeg', size: 1234 })
    expect(issued.uploadURL).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/)
    expect(photoPathFromUploadUrl(issued.uploadURL)).toBe(issued.objectPath)
  })

  it('refuses an announced non-image or oversize file up front', async () => {
    const notImage = await api.postJson('/api/public/expert-signup/upload', { contentType: 'application/pdf' })
    expect(notImage.status).toBe(400)
    expect(await notImage.json()).toEqual({ message: messages.uploads.imageRequired })
    const tooBig = await api.postJson('/api/public/expert-signup/upload', { contentType: 'image/png', size: MB5 + 1 })
    expect(tooBig.status).toBe(413)
    expect(await tooBig.json()).toEqual({ message: messages.uploads.fileTooLarge5MB })
  })

  it('signed-in: /api/objects/upload needs a session (401) and allows 10 MB', async () => {
    expect((await api.postJson('/api/objects/upload', {})).status).toBe(401)
    const agent = await signInAs(api.db, 'data_agent')
    const issueSignedIn = async () => {
      const res = await api.postJson('/api/objects/upload', { contentType: 'image/png', size: MB10 }, agent.headers)
      expect(res.status).toBe(200)
      return UploadUrlResponseSchema.parse(await res.json()).uploadURL
    }
    expect((await putBytes(api, await issueSignedIn(), pngOfSize(MB5 + 1))).status).toBe(200)
    const over = await putBytes(api, await issueSignedIn(), pngOfSize(MB10 + 1))
    expect(over.status).toBe(413)
    expect(await over.json()).toEqual({ message: messages.uploads.fileTooLarge10MB })
  })
})

describe('upload URLs in a batch (the outbox draining)', () => {
  const batch = (body: unknown, headers?: Record<string, string>) => api.postJson('/api/objects/upload/batch', body, headers)

  it('answers one upload per photo, in the order asked, each PUT-able like a single one', async () => {
    expect((await batch({ photos: [{}] })).status).toBe(401)
    const agent = await signInAs(api.db, 'data_agent')
    const res = await batch({ photos: [{ contentType: 'image/jpeg', size: 1234 }, { contentType: 'image/png' }, {}] }, agent.headers)
    expect(res.status).toBe(200)
    const { uploads } = UploadUrlBatchResponseSchema.parse(await res.json())
    expect(uploads).toHaveLength(3)
    expect(new Set(uploads.map((upload) => upload.objectPath)).size).toBe(3)
    for (const upload of uploads) expect(photoPathFromUploadUrl(upload.uploadURL)).toBe(upload.objectPath)
    expect((await putBytes(api, uploads[1]!.uploadURL, JPEG_BYTES, 'image/jpeg')).status).toBe(200)
    expect((await api.fetch(uploads[1]!.objectPath)).status).toBe(200)
  })

  it('under an Idempotency-Key, a batch sent again (its answer lost) gets the same URLs back and issues none', async () => {
    const agent = await signInAs(api.db, 'data_agent')
    const count = async () => Number((await api.db.selectFrom('uploads').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)
    const body = { photos: [{ contentType: 'image/jpeg', size: 1234 }, {}] }
    const key = { 'Idempotency-Key': randomUUID(), ...agent.headers }
    const first = await batch(body, key)
    expect(first.status).toBe(200)
    expect(first.headers.get('idempotent-replayed')).toBeNull()
    const issued = UploadUrlBatchResponseSchema.parse(await first.json()).uploads
    const afterFirst = await count()

    const again = await batch(body, key)
    expect(again.status).toBe(200)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(UploadUrlBatchResponseSchema.parse(await again.json()).uploads).toEqual(issued)
    expect(await count()).toBe(afterFirst)
    expect((await putBytes(api, issued[0]!.uploadURL, JPEG_BYTES, 'image/jpeg')).status).toBe(200)

    // The key names that one batch: other photos under it are refused, and so is the key of another agent's batch.
    const other = await batch({ photos: [{}] }, key)
    expect(other.status).toBe(422)
    const colleague = await signInAs(api.db, 'data_agent')
    const theirs = await batch(body, { 'Idempotency-Key': key['Idempotency-Key'], ...colleague.headers })
    expect(theirs.status).toBe(200)
    expect(UploadUrlBatchResponseSchema.parse(await theirs.json()).uploads.map((upload) => upload.objectPath)).not.toContain(issued[0]!.objectPath)
    expect((await batch(body, { 'Idempotency-Key': 'not-a-uuid', ...agent.headers })).status).toBe(400)
    expect(await count()).toBe(afterFirst + 2)
  })

  it('under an Idempotency-Key, a refused batch issues nothing and its key can be used again once fixed', async () => {
    const agent = await signInAs(api.db, 'data_agent')
    const key = { 'Idempotency-Key': randomUUID(), ...agent.headers }
    const refused = await batch({ photos: [{ contentType: 'application/pdf' }] }, key)
    expect(refused.status).toBe(400)
    expect(await refused.json()).toEqual({ message: messages.uploads.imageRequired })
    const fixed = await batch({ photos: [{ contentType: 'image/png' }] }, key)
    expect(fixed.status).toBe(200)
    expect(UploadUrlBatchResponseSchema.parse(await fixed.json()).uploads).toHaveLength(1)
  })

  it('all or none: one refused hint refuses the batch as a single request would, and issues nothing', async () => {
    const agent = await signInAs(api.db, 'data_agent')
    const count = async () => Number((await api.db.selectFrom('uploads').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)
    const before = await count()
    const tooBig = await batch({ photos: [{ contentType: 'image/png', size: 10 }, { contentType: 'image/png', size: MB10 + 1 }] }, agent.headers)
    expect(tooBig.status).toBe(413)
    expect(await tooBig.json()).toEqual({ message: messages.uploads.fileTooLarge10MB })
    const notImage = await batch({ photos: [{ contentType: 'application/pdf' }] }, agent.headers)
    expect(notImage.status).toBe(400)
    expect(await notImage.json()).toEqual({ message: messages.uploads.imageRequired })
    expect((await batch({ photos: [] }, agent.headers)).status).toBe(400)
    expect((await batch({ photos: Array.from({ length: UPLOAD_URL_BATCH_MAX + 1 }, () => ({})) }, agent.headers)).status).toBe(400)
    expect(await count()).toBe(before)
  })
})

describe('PUT /api/uploads/:id', () => {
  it('stores real image bytes and serves them back byte-identical, cached for an hour only (a removal reaches shared caches)', async () => {
    const issued = await issuePublic()
    const put = await putBytes(api, issued.uploadURL, JPEG_BYTES, 'image/jpeg')
    expect(put.status).toBe(200)
    expect(UploadPutResponseSchema.parse(await put.json())).toEqual({ objectPath: issued.objectPath })

    const res = await api.fetch(issued.objectPath)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/jpeg')
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600')
    expect(res.headers.get('etag')).toBeTruthy()
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(sha256(new Uint8Array(await res.arrayBuffer()))).toBe(sha256(JPEG_BYTES))

    const row = await api.db.selectFrom('uploads').selectAll().where('id', '=', issued.objectPath.split('/').pop()!).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ status: 'stored', contentType: 'image/jpeg', size: JPEG_BYTES.length, sha256: sha256(JPEG_BYTES) })
  })

  it('judges the type from the bytes: a real PNG sent as text/plain is accepted and served as image/png', async () => {
    const issued = await issuePublic()
    expect((await putBytes(api, issued.uploadURL, PNG_BYTES, 'text/plain')).status).toBe(200)
    expect((await api.fetch(issued.objectPath)).headers.get('content-type')).toBe('image/png')
  })

  it("refuses a real file that is not an allowed image (a PDF labelled image/png) with 'Please select an image file', and never serves it", async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n')
    const issued = await issuePublic()
    const res = await putBytes(api, issued.uploadURL, pdf, 'image/png')
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ message: messages.uploads.imageRequired })
    const served = await api.fetch(issued.objectPath)
    expect(served.status).toBe(404)
    expect(served.headers.get('content-type')).not.toContain('application/pdf')
  })

  it("refuses text bytes labelled image/png with 'Please select an image file'", async () => {
    const issued = await issuePublic()
    const res = await putBytes(api, issued.uploadURL, Buffer.from('this is only text pretending to be a picture'), 'image/png')
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ message: messages.uploads.imageRequired })
    expect((await api.fetch(issued.objectPath)).status).toBe(404)
  })

  it.each([
    ['a GIF header with no frame', Buffer.from('R0lGODlhAQABAAAAACw=', 'base64')],
    ['a PNG signature followed by HTML', Buffer.concat([PNG_BYTES.subarray(0, 16), Buffer.from('<html><script>alert(1)</script></html>')])],
    ['a JPEG start followed by HTML', Buffer.concat([JPEG_BYTES.subarray(0, 4), Buffer.from('<html><script>alert(1)</script></html>')])],
    ['a GIF/JavaScript polyglot', Buffer.from('GIF89a/*\x00\x00\x00\x00*/=1;alert(1)//', 'latin1')],
  ])("refuses bytes that only begin like an image (%s) with 'Please select an image file', and stores nothing", async (_name, bytes) => {
    const issued = await issuePublic()
    const res = await putBytes(api, issued.uploadURL, bytes, 'image/png')
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ message: messages.uploads.imageRequired })
    expect((await api.fetch(issued.objectPath)).status).toBe(404)
    expect((await api.fetch(photoThumbnailPath(issued.objectPath))).status).toBe(404)
  })

  it.each([
    [20_000, 20_000],
    [8_000, 6_400],
  ])('refuses a decompression bomb (a %i × %i PNG of a few KB) with its own message, and stores nothing', async (width, height) => {
    const issued = await issuePublic()
    const bomb = pngClaiming(width, height)
    expect(bomb.length).toBeLessThan(400_000)
    const res = await putBytes(api, issued.uploadURL, bomb)
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ message: messages.uploads.tooManyPixels })
    expect((await api.fetch(issued.objectPath)).status).toBe(404)
  })

  it('takes a photo of exactly 50 megapixels', async () => {
    const issued = await issuePublic()
    expect((await putBytes(api, issued.uploadURL, pngClaiming(10_000, 5_000))).status).toBe(200)
  })

  it('takes exactly 5 MB on a public upload and refuses 5 MB + 1 byte with the spec message', async () => {
    const exact = await issuePublic()
    expect((await putBytes(api, exact.uploadURL, pngOfSize(MB5))).status).toBe(200)
    const over = await issuePublic()
    const res = await putBytes(api, over.uploadURL, pngOfSize(MB5 + 1))
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({ message: messages.uploads.fileTooLarge5MB })
  })

  it('is idempotent: the same bytes again answer the same; other bytes to a stored id are refused (409)', async () => {
    const issued = await issuePublic()
    const first = await putBytes(api, issued.uploadURL, PNG_BYTES)
    const again = await putBytes(api, issued.uploadURL, PNG_BYTES)
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual(await first.json())
    const other = await putBytes(api, issued.uploadURL, JPEG_BYTES, 'image/jpeg')
    expect(other.status).toBe(409)
    expect(await other.json()).toEqual({ message: messages.uploads.uploadAlreadyStored })
    expect(sha256(new Uint8Array(await (await api.fetch(issued.objectPath)).arrayBuffer()))).toBe(sha256(PNG_BYTES))
  })

  it('puts a lost file back when the same bytes are sent again', async () => {
    const issued = await issuePublic()
    await putBytes(api, issued.uploadURL, PNG_BYTES)
    fs.rmSync(path.join(uploadsDir(api.dataDir), issued.objectPath.split('/').pop()!))
    expect((await api.fetch(issued.objectPath)).status).toBe(404)
    expect((await putBytes(api, issued.uploadURL, PNG_BYTES)).status).toBe(200)
    expect((await api.fetch(issued.objectPath)).status).toBe(200)
  })

  it('answers 404 JSON for an id never issued, on PUT and on GET', async () => {
    const id = '5b1c2f1e-0000-4000-8000-000000000000'
    const put = await putBytes(api, `/api/uploads/${id}`, PNG_BYTES)
    expect(put.status).toBe(404)
    expect(await put.json()).toEqual({ message: messages.uploads.unknownUpload })
    const get = await api.fetch(`/objects/uploads/${id}`)
    expect(get.status).toBe(404)
    expect(get.headers.get('content-type')).toMatch(/application\/json/)
  })
})

describe('thumbnails', () => {
  const idOf = (photoPath: string) => photoPath.split('/').pop()!
  const thumbnailFile = (photoPath: string) => path.join(uploadsDir(api.dataDir), `${idOf(photoPath)}.thumb.webp`)

  it('a stored camera photo gets a 160 px WebP thumbnail, served as image/webp and cached like the photo', async () => {
    const photo = await photoJpeg(1600, 1200)
    const photoPath = await uploadPhoto(api, photo)

    const thumbnailPath = photoThumbnailPath(photoPath)
    expect(thumbnailPath).toBe(`${photoPath}/thumb`)
    const res = await api.fetch(thumbnailPath)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/webp')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('cache-control')).toBe((await api.fetch(photoPath)).headers.get('cache-control'))
    const bytes = Buffer.from(await res.arrayBuffer())
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 160, height: 160 })
    expect(bytes.length).toBeLessThan(photo.length / 10)
  })

  it('is made once when the photo is stored, after the PUT is answered: a GET meanwhile waits for that rendering', async () => {
    const photoPath = await uploadPhoto(api, await photoJpeg(1600, 1200))
    // Asked for at once, before the rendering the PUT started can have ended: the GET joins it.
    const res = await api.fetch(photoThumbnailPath(photoPath))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/webp')
    expect(await sharp(Buffer.from(await res.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 160, height: 160 })
    // Made by the store, before any GET: nobody asked for this one, and it is there (once) all the same.
    const unasked = await uploadPhoto(api, await photoJpeg(800, 600))
    await expect.poll(() => fs.existsSync(thumbnailFile(unasked))).toBe(true)
    const made = fs.statSync(thumbnailFile(unasked)).mtimeMs
    expect((await api.fetch(photoThumbnailPath(unasked))).headers.get('content-type')).toBe('image/webp')
    expect(fs.statSync(thumbnailFile(unasked)).mtimeMs).toBe(made)
  })

  it('a portrait photo is cropped to the same square, and a small one is never enlarged', async () => {
    const portrait = await (await api.fetch(photoThumbnailPath(await uploadPhoto(api, await photoJpeg(900, 1600))))).arrayBuffer()
    expect(await sharp(Buffer.from(portrait)).metadata()).toMatchObject({ format: 'webp', width: 160, height: 160 })
    const small = await (await api.fetch(photoThumbnailPath(await uploadPhoto(api, await photoJpeg(64, 48))))).arrayBuffer()
    expect(await sharp(Buffer.from(small)).metadata()).toMatchObject({ format: 'webp', width: 64, height: 48 })
  })

  it('a photo stored before thumbnails existed gets one on its first request, then keeps it', async () => {
    const photoPath = await uploadPhoto(api, await photoJpeg(800, 600))
    await expect.poll(() => fs.existsSync(thumbnailFile(photoPath))).toBe(true)
    fs.rmSync(thumbnailFile(photoPath))
    const res = await api.fetch(photoThumbnailPath(photoPath))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/webp')
    expect(fs.existsSync(thumbnailFile(photoPath))).toBe(true)
    const kept = fs.statSync(thumbnailFile(photoPath)).mtimeMs
    expect((await api.fetch(photoThumbnailPath(photoPath))).status).toBe(200)
    expect(fs.statSync(thumbnailFile(photoPath)).mtimeMs).toBe(kept)
  })

  it('the same bytes sent again keep the photo and its thumbnail; other bytes are refused with a 409 that says so', async () => {
    const photo = await photoJpeg(640, 480)
    const res = await api.postJson('/api/public/expert-signup/upload', { contentType: 'image/jpeg', size: photo.length })
    const issued = UploadUrlResponseSchema.parse(await res.json())
    expect((await putBytes(api, issued.uploadURL, photo, 'image/jpeg')).status).toBe(200)
    const thumbnailBefore = await (await api.fetch(photoThumbnailPath(issued.objectPath))).arrayBuffer()

    const again = await putBytes(api, issued.uploadURL, photo, 'image/jpeg')
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual({ objectPath: issued.objectPath })
    const other = await putBytes(api, issued.uploadURL, await photoJpeg(320, 240), 'image/jpeg')
    expect(other.status).toBe(409)
    expect(await other.json()).toEqual({ message: messages.uploads.uploadAlreadyStored })
    expect(sha256(new Uint8Array(await (await api.fetch(photoThumbnailPath(issued.objectPath))).arrayBuffer()))).toBe(sha256(new Uint8Array(thumbnailBefore)))
  })

  it('a decompression bomb stored before the PUT checked photos is never handed to a browser as its thumbnail: 404', async () => {
    // Stored as an older server did (type by its first bytes only): the card's <img> would decode 1.6 GB.
    const issued = await issuePublic()
    const id = idOf(issued.objectPath)
    const bomb = pngClaiming(20_000, 20_000)
    fs.mkdirSync(uploadsDir(api.dataDir), { recursive: true })
    fs.writeFileSync(path.join(uploadsDir(api.dataDir), id), bomb)
    await api.db.updateTable('uploads').set({ status: 'stored', contentType: 'image/png', size: bomb.length, sha256: sha256(bomb), storedAt: new Date().toISOString() }).where('id', '=', id).execute()
    const res = await api.fetch(photoThumbnailPath(issued.objectPath))
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toMatch(/application\/json/)
  })

  it('answers 404 JSON for the thumbnail of an id never issued or not yet stored', async () => {
    const never = await api.fetch('/objects/uploads/5b1c2f1e-0000-4000-8000-000000000000/thumb')
    expect(never.status).toBe(404)
    expect(never.headers.get('content-type')).toMatch(/application\/json/)
    const pending = await issuePublic()
    expect((await api.fetch(photoThumbnailPath(pending.objectPath))).status).toBe(404)
  })

  it('leaves a path that is not a stored upload as it is', () => {
    expect(photoThumbnailPath('https://example.org/farm.jpg')).toBe('https://example.org/farm.jpg')
    expect(photoThumbnailPath('/objects.private/uploads/5b1c2f1e-0000-4000-8000-000000000000')).toBe('/objects/uploads/5b1c2f1e-0000-4000-8000-000000000000/thumb')
  })
})

describe('deleteUnreferencedUploads', () => {
  it('deletes rows and files of old unreferenced uploads only', async () => {
    const old = await uploadPhoto(api, await photoJpeg(320, 240))
    const referenced = await uploadPhoto(api)
    const fresh = await uploadPhoto(api)
    const idOf = (p: string) => p.split('/').pop()!
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString()
    await api.db.updateTable('uploads').set({ createdAt: dayAgo }).where('id', 'in', [idOf(old), idOf(referenced)]).execute()
    await api.db.updateTable('uploads').set({ referencedAt: new Date().toISOString() }).where('id', '=', idOf(referenced)).execute()

    // Seen as a client sees it (the GET waits for the rendering the PUT started), then on disk.
    expect((await api.fetch(`${old}/thumb`)).headers.get('content-type')).toBe('image/webp')
    expect(fs.existsSync(path.join(uploadsDir(api.dataDir), `${idOf(old)}.thumb.webp`))).toBe(true)
    const deleted = await deleteUnreferencedUploads(api.db, api.dataDir, new Date(Date.now() - 24 * 60 * 60 * 1000))
    expect(deleted).toBeGreaterThanOrEqual(1)
    expect((await api.fetch(old)).status).toBe(404)
    expect(fs.existsSync(path.join(uploadsDir(api.dataDir), idOf(old)))).toBe(false)
    // Its thumbnail goes with it.
    expect(fs.existsSync(path.join(uploadsDir(api.dataDir), `${idOf(old)}.thumb.webp`))).toBe(false)
    expect((await api.fetch(`${old}/thumb`)).status).toBe(404)
    expect((await api.fetch(referenced)).status).toBe(200)
    expect((await api.fetch(`${referenced}/thumb`)).status).toBe(200)
    expect((await api.fetch(fresh)).status).toBe(200)
  })
})
