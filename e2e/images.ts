// Real image files made in the test: a solid-colour PNG (the server checks the type from the bytes).
import crypto from 'node:crypto'
import zlib from 'node:zlib'
import { pngChunk as chunk } from '../api/uploads/testing'


/** A width × height PNG filled with one RGB colour. */
export function solidPng(width = 32, height = 24, [r, g, b]: [number, number, number] = [22, 101, 52]): Buffer {
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())])
  return encodePng(width, height, Array.from({ length: height }, () => row))
}

/** A width × height PNG of random noise: it barely compresses, like a big camera file. */
export function noisyPng(width: number, height: number): Buffer {
  const rows = Array.from({ length: height }, () => Buffer.concat([Buffer.from([0]), crypto.randomBytes(width * 3)]))
  return encodePng(width, height, rows)
}

function encodePng(width: number, height: number, rows: Buffer[]): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // colour type: RGB
  const pixels = zlib.deflateSync(Buffer.concat(rows))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

export const pngFile = (name = 'photo.png') => ({ name, mimeType: 'image/png', buffer: solidPng() })

/**
 * A width × height JPEG that weighs what a phone's farm photo weighs (1600 × 1200 ≈ 225 KB): a sky,
 * a field and a few hundred leafy shapes with sensor grain, so its thumbnail has real detail too.
 */
export async function farmPhotoJpeg(width = 1600, height = 1200, seed = 11): Promise<Buffer> {
  // sharp is loaded only by the specs that make photos.
  const { default: sharp } = await import('sharp')
  let state = seed
  const rand = () => (state = (state * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff
  const leaves = Array.from({ length: 400 }, () => {
    const [cx, cy, rx, ry] = [rand() * width, rand() * height, 10 + rand() * 120, 10 + rand() * 80].map(Math.floor)
    const fill = `rgb(${Math.floor(rand() * 120)},${80 + Math.floor(rand() * 150)},${Math.floor(rand() * 90)})`
    return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}" opacity="${(0.4 + rand() * 0.6).toFixed(2)}"/>`
  })
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="45%" fill="rgb(135,190,235)"/><rect y="45%" width="100%" height="55%" fill="rgb(96,128,60)"/>${leaves.join('')}</svg>`
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  for (let i = 0; i < data.length; i++) data[i] = Math.max(0, Math.min(255, data[i]! + Math.floor(rand() * 16) - 8))
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } }).jpeg({ quality: 82 }).toBuffer()
}
