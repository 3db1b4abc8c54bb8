// Real image files made in the test: a solid-colour PNG (the server checks the type from the bytes).
import crypto from 'node:crypto'
import zlib from 'node:zlib'

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(zlib.crc32(body))
  return Buffer.concat([length, body, crc])
}

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
