// Real image bytes for tests (tests only): a 1×1 PNG and a 1×1 JPEG, a camera-sized JPEG, and the
// two-step upload.
import zlib from 'node:zlib'
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

/** One PNG chunk: length, type, data, CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(zlib.crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A PNG that says it is width × height, all black: what a decompression bomb looks like (a few KB that decode to gigabytes). */
export function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 0 // greyscale
  // Rows of a filter byte and `width` zero bytes; only the first 64 are there (the header is what counts).
  const rows = zlib.deflateSync(Buffer.alloc((width + 1) * Math.min(height, 64)))
  return Buffer.concat([PNG_BYTES.subarray(0, 8), pngChunk('IHDR', header), pngChunk('IDAT', rows), pngChunk('IEND', Buffer.alloc(0))])
}
