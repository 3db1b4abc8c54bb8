// Each stored photo's thumbnail (issue 17): a PHOTO_THUMBNAIL_SIZE-square WebP that cards and lists
// show instead of the full photo. Made once — right after the photo is stored (the PUT does not wait
// for it), or on the first request for a photo stored before thumbnails existed — then kept on disk beside it and removed with it
// (cleanup.ts). sharp is server-only: it never reaches a browser bundle.
import type { Sharp, SharpOptions } from 'sharp'
import { PHOTO_THUMBNAIL_SIZE } from '../contract'
import { commitTempFile, fileExists, thumbnailFilePath, writeTempFile } from './storage'

// A 48 MP phone photo fits; a decompression bomb (a small PNG claiming 30 000 × 30 000) is refused
// when it is stored (photoHeader), before anything decodes it: a browser shown it would try to.
export const MAX_PHOTO_PIXELS = 50_000_000

let sharpModule: Promise<(input: Buffer, options: SharpOptions) => Sharp> | undefined

// Loaded on the first photo, not at start: the native library costs start-up time, and a machine
// where it cannot load still serves every photo (without thumbnails) instead of failing to start.
function loadSharp() {
  sharpModule ??= import('sharp').then(({ default: sharp }) => {
    // Each photo is read once; libvips' operation cache would only hold memory.
    sharp.cache(false)
    return sharp
  })
  return sharpModule
}

/**
 * What the photo's header says, read by the library that decodes it (a fraction of a millisecond:
 * nothing is decoded): 'unreadable' for bytes that only begin like an image (a PNG signature followed
 * by HTML), 'tooManyPixels' for a decompression bomb, else its size.
 */
export async function photoHeader(photo: Buffer): Promise<{ kind: 'image'; width: number; height: number } | { kind: 'unreadable' } | { kind: 'tooManyPixels' }> {
  const sharp = await loadSharp()
  // No pixel limit on reading a header (sharp's default refuses over 268 MP as if unreadable): the
  // limit is ours, and so is its message.
  const metadata = await sharp(photo, { failOn: 'none', limitInputPixels: false }).metadata().catch(() => undefined)
  const { width, height } = metadata ?? {}
  if (!width || !height) return { kind: 'unreadable' }
  return width * height > MAX_PHOTO_PIXELS ? { kind: 'tooManyPixels' } : { kind: 'image', width, height }
}

/** The thumbnail's bytes: oriented by its EXIF, cropped to a centred square, metadata (GPS) dropped. */
export async function renderThumbnail(photo: Buffer): Promise<Buffer> {
  const sharp = await loadSharp()
  return sharp(photo, { failOn: 'none', limitInputPixels: MAX_PHOTO_PIXELS })
    .rotate()
    .resize(PHOTO_THUMBNAIL_SIZE, PHOTO_THUMBNAIL_SIZE, { fit: 'cover', withoutEnlargement: true })
    // effort 2 (of 0–6, default 4): measured on a 300 KB photo, 3.1 ms of CPU a thumbnail instead of
    // 5.0 (a 1600 × 1200 JPEG: 8.3 instead of 10.0), for 1 % more bytes (issue 22).
    .webp({ quality: 70, effort: 2 })
    .toBuffer()
}

export function thumbnails(dataDir: string) {
  // Two cards asking at once for a thumbnail not made yet share one rendering.
  const rendering = new Map<string, Promise<boolean>>()

  async function make(id: string, readPhoto: () => Promise<Buffer>): Promise<boolean> {
    const target = thumbnailFilePath(dataDir, id)
    if (await fileExists(target)) return true
    try {
      const bytes = await renderThumbnail(await readPhoto())
      await commitTempFile(dataDir, id, await writeTempFile(dataDir, id, bytes), target)
      return true
    } catch {
      // Bytes a browser shows but libvips cannot decode (or a full disk): the photo itself stays
      // served, and the next request tries again.
      return false
    }
  }

  return {
    /** Makes the thumbnail of upload `id` unless it exists; answers whether it exists now. */
    ensure(id: string, readPhoto: () => Promise<Buffer>): Promise<boolean> {
      const pending = rendering.get(id)
      if (pending) return pending
      const made = make(id, readPhoto).finally(() => rendering.delete(id))
      rendering.set(id, made)
      return made
    },
  }
}
