import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uploadsDir } from '../../db/connection'
import { UploadPutResponseSchema, UploadUrlResponseSchema, messages, photoPathFromUploadUrl } from '../contract'
import { signInAs } from '../directory/testing'
import { startTestApp, type TestApp } from '../testing/test-app'
import { deleteUnreferencedUploads } from './cleanup'
import { JPEG_BYTES, PNG_BYTES, pngOfSize, putBytes, uploadPhoto } from './testing'

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

describe('deleteUnreferencedUploads', () => {
  it('deletes rows and files of old unreferenced uploads only', async () => {
    const old = await uploadPhoto(api)
    const referenced = await uploadPhoto(api)
    const fresh = await uploadPhoto(api)
    const idOf = (p: string) => p.split('/').pop()!
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString()
    await api.db.updateTable('uploads').set({ createdAt: dayAgo }).where('id', 'in', [idOf(old), idOf(referenced)]).execute()
    await api.db.updateTable('uploads').set({ referencedAt: new Date().toISOString() }).where('id', '=', idOf(referenced)).execute()

    const deleted = await deleteUnreferencedUploads(api.db, api.dataDir, new Date(Date.now() - 24 * 60 * 60 * 1000))
    expect(deleted).toBeGreaterThanOrEqual(1)
    expect((await api.fetch(old)).status).toBe(404)
    expect(fs.existsSync(path.join(uploadsDir(api.dataDir), idOf(old)))).toBe(false)
    expect((await api.fetch(referenced)).status).toBe(200)
    expect((await api.fetch(fresh)).status).toBe(200)
  })
})
