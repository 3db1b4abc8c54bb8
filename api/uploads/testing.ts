// Real image bytes for tests (tests only): a 1×1 PNG and a 1×1 JPEG, a camera-sized JPEG, and the
// two-step upload.
import sharp from 'sharp'
import type { TestApp } from '../testing/test-app'

export const PNG_BYTES = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGPQqzUCAAG6AN7Eir+IAAAAAElFTkSuQmCC', 'base64')
export const JPEG_BYTES = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
)

/** A valid PNG padded to exactly `size` bytes (data after IEND is ignored by decoders). */
export function pngOfSize(size: number): Buffer {
  return Buffer.concat([PNG_BYTES, Buffer.alloc(size - PNG_BYTES.length)])
}

export async function putBytes(api: Pick<TestApp, 'fetch'>, uploadURL: string, bytes: Buffer, contentType = 'image/png') {
  return api.fetch(uploadURL, { method: 'PUT', headers: { 'content-type': contentType }, body: new Uint8Array(bytes) })
}

/** Issues a public upload URL and stores `bytes` there; answers the photo path. */
export async function uploadPhoto(api: Pick<TestApp, 'fetch' | 'postJson'>, bytes: Buffer = PNG_BYTES): Promise<string> {
  const issued = (await (await api.postJson('/api/public/expert-signup/upload', { contentType: 'image/png', size: bytes.length })).json()) as {
    uploadURL: string
    objectPath: string
  }
  const res = await putBytes(api, issued.uploadURL, bytes)
  if (res.status !== 200) throw new Error(`upload failed: ${res.status} ${await res.text()}`)
  return issued.objectPath
}

/** A width × height JPEG of a gradient with grain, about the weight of a phone photo of that size. */
export async function photoJpeg(width = 1600, height = 1200): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3)
  let seed = 7
  for (let i = 0; i < pixels.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff
    const x = Math.floor(i / 3) % width
    pixels[i] = (x * 255) / width / 2 + (i % 3) * 30 + (seed % 90)
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 80 }).toBuffer()
}
