import { describe, expect, it } from 'vitest'
import { messages } from '../../api/contract/messages'
import { sessionStorageKeys } from './api'
import { json, stubFetch as stubFetchCalls, stubStorageEachTest, type FetchCall } from './testing/stubs'
import { UploadError, defaultMaxBytes, uploadPhoto } from './upload'

const id = '0b7c9a52-3a5e-4f43-9a55-1f6f0e1f2b3c'

/** Answers the calls in order; records them. */
function stubFetch(...answers: (() => Response | Promise<Response>)[]): FetchCall[] {
  return stubFetchCalls(({ url }, index) => {
    const answer = answers[index]
    if (!answer) throw new Error(`unexpected call ${url}`)
    return answer()
  })
}

const png = (size = 100) => new Blob([new Uint8Array(size)], { type: 'image/png' })

stubStorageEachTest()

describe('uploadPhoto', () => {
  it('asks for an upload URL, PUTs the bytes with their type, and answers the photo path', async () => {
    const calls = stubFetch(
      () => json({ uploadURL: `/api/uploads/${id}`, objectPath: `/objects/uploads/${id}` }),
      () => json({ objectPath: `/objects/uploads/${id}` }),
    )
    const file = png()
    await expect(uploadPhoto(file, { mode: 'public' })).resolves.toBe(`/objects/uploads/${id}`)
    expect(calls[0]?.url).toBe('/api/public/expert-signup/upload')
    expect(calls[0]?.init.method).toBe('POST')
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ contentType: 'image/png', size: 100 })
    expect(new Headers(calls[0]?.init.headers).has('Authorization')).toBe(false)
    expect(calls[1]?.url).toBe(`/api/uploads/${id}`)
    expect(calls[1]?.init.method).toBe('PUT')
    expect(new Headers(calls[1]?.init.headers).get('Content-Type')).toBe('image/png')
    expect(calls[1]?.init.body).toBe(file)
  })

  it('derives the path from the upload URL when the answer has none', async () => {
    stubFetch(() => json({ uploadURL: `http://localhost:3000/api/uploads/${id}` }), () => new Response(null, { status: 204 }))
    await expect(uploadPhoto(png(), { mode: 'public' })).resolves.toBe(`/objects/uploads/${id}`)
  })

  it('uses the signed-in endpoint with the bearer token', async () => {
    localStorage.setItem(sessionStorageKeys.token, 'tok')
    const calls = stubFetch(
      () => json({ uploadURL: `/api/uploads/${id}`, objectPath: `/objects/uploads/${id}` }),
      () => json({ objectPath: `/objects/uploads/${id}` }),
    )
    await uploadPhoto(png(), { mode: 'signed-in' })
    expect(calls[0]?.url).toBe('/api/objects/upload')
    expect(new Headers(calls[0]?.init.headers).get('Authorization')).toBe('Bearer tok')
  })

  it('checks the file before any request, with the limit of the flow', async () => {
    const calls = stubFetch()
    await expect(uploadPhoto(new Blob(['x'], { type: 'text/plain' }), { mode: 'public' })).rejects.toThrow('Please select an image file')
    await expect(uploadPhoto(png(defaultMaxBytes('public') + 1), { mode: 'public' })).rejects.toThrow('File size must be less than 5MB')
    await expect(uploadPhoto(png(defaultMaxBytes('signed-in') + 1), { mode: 'signed-in' })).rejects.toThrow('File size must be less than 10MB')
    expect(calls).toHaveLength(0)
  })

  it('needs a session for the signed-in flow', async () => {
    stubFetch()
    await expect(uploadPhoto(png(), { mode: 'signed-in' })).rejects.toThrow('Please log in to upload files')
  })

  it('says which step failed', async () => {
    stubFetch(() => json({ message: 'Internal server error' }, 500))
    await expect(uploadPhoto(png(), { mode: 'public' })).rejects.toThrow('Failed to get upload URL')

    stubFetch(() => json({ uploadURL: `/api/uploads/${id}`, objectPath: `/objects/uploads/${id}` }), () => json({ message: 'Upload not found' }, 404))
    await expect(uploadPhoto(png(), { mode: 'public' })).rejects.toThrow('Failed to upload file')

    stubFetch(() => {
      throw new TypeError('Failed to fetch')
    })
    const error = await uploadPhoto(png(), { mode: 'public' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UploadError)
    expect((error as Error).message).toBe('Upload failed')
  })

  it("shows the server's own upload text, e.g. bytes that are not an image", async () => {
    stubFetch(
      () => json({ uploadURL: `/api/uploads/${id}`, objectPath: `/objects/uploads/${id}` }),
      () => json({ message: 'Please select an image file' }, 400),
    )
    await expect(uploadPhoto(png(), { mode: 'public' })).rejects.toThrow('Please select an image file')
  })

  it('shows the server\'s refusal of a photo over 50 megapixels (a 64 MP camera mode), not "Failed to upload file"', async () => {
    stubFetch(
      () => json({ uploadURL: `/api/uploads/${id}`, objectPath: `/objects/uploads/${id}` }),
      () => json({ message: messages.uploads.tooManyPixels }, 400),
    )
    await expect(uploadPhoto(png(), { mode: 'public' })).rejects.toThrow(messages.uploads.tooManyPixels)
  })
})
