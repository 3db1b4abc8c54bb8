// Photos are light (offline-sync promise 6): the decode, resize and re-encode itself, usable on
// the page and in photo-worker.ts. Re-encoding also drops the camera's metadata (EXIF, GPS: a
// farm's exact location) from what is uploaded; orientation is applied to the pixels first.
// Runs in browsers only, except targetSize, which is pure.

export type PhotoOutputType = 'auto' | 'image/webp' | 'image/jpeg'

export interface PreparePhotoOptions {
  /** Longest edge after resizing, in pixels. Never upscaled. */
  maxEdge?: number
  /** Encoder quality, 0–1. */
  quality?: number
  /** 'auto': WebP where the browser can encode it, else JPEG. */
  type?: PhotoOutputType
}

export const DEFAULT_MAX_EDGE = 1600
export const DEFAULT_QUALITY = 0.8

/** What a PhotoPrepareError says, by name: one English source, which the web maps to its catalogs' keys. */
export const PHOTO_PREPARE_MESSAGES = {
  unreadable: 'This photo could not be read. Please choose another one.',
  unsupported: 'Photos cannot be prepared in this browser.',
  noWebp: 'This browser cannot make WebP photos.',
  notPrepared: 'This photo could not be prepared. Please choose another one.',
} as const

export class PhotoPrepareError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'PhotoPrepareError'
  }
}

/** The size to draw at: the long edge at most maxEdge, the aspect ratio kept, never larger. */
export function targetSize(width: number, height: number, maxEdge: number = DEFAULT_MAX_EDGE): { width: number; height: number } {
  if (!(width > 0) || !(height > 0) || !Number.isFinite(width) || !Number.isFinite(height)) {
    throw new RangeError(`Not an image size: ${width}×${height}`)
  }
  if (!(maxEdge >= 1)) throw new RangeError(`maxEdge must be at least 1, not ${maxEdge}`)
  const w = Math.round(width)
  const h = Math.round(height)
  const longest = Math.max(w, h)
  if (longest <= maxEdge) return { width: Math.max(1, w), height: Math.max(1, h) }
  const scale = maxEdge / longest
  return w >= h
    ? { width: Math.floor(maxEdge), height: Math.max(1, Math.round(h * scale)) }
    : { width: Math.max(1, Math.round(w * scale)), height: Math.floor(maxEdge) }
}

type Canvas2D = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D
type Source = ImageBitmap | HTMLImageElement

/** Decodes, resizes and re-encodes one photo in the current thread (page or worker). */
export async function encodePhoto(file: Blob, options: PreparePhotoOptions = {}): Promise<Blob> {
  const maxEdge = options.maxEdge ?? DEFAULT_MAX_EDGE
  const quality = options.quality ?? DEFAULT_QUALITY
  const type = options.type ?? 'auto'
  const decoded = await decode(file)
  try {
    const size = targetSize(decoded.width, decoded.height, maxEdge)
    const source = await resizedBitmap(decoded.source, size)
    try {
      return await draw(source, size, type, quality)
    } finally {
      if (source !== decoded.source && 'close' in source) source.close()
    }
  } finally {
    decoded.release()
  }
}

async function decode(file: Blob): Promise<{ source: Source; width: number; height: number; release: () => void }> {
  if (typeof createImageBitmap === 'function') {
    try {
      // 'from-image': a portrait photo stays upright (EXIF orientation applied to the pixels).
      const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
      return { source: bitmap, width: bitmap.width, height: bitmap.height, release: () => bitmap.close() }
    } catch (error) {
      if (typeof Image !== 'function') throw new PhotoPrepareError(PHOTO_PREPARE_MESSAGES.unreadable, { cause: error })
    }
  }
  if (typeof Image !== 'function' || typeof URL.createObjectURL !== 'function') {
    throw new PhotoPrepareError(PHOTO_PREPARE_MESSAGES.unsupported)
  }
  // Old browsers: an <img> applies EXIF orientation itself (image-orientation: from-image).
  const url = URL.createObjectURL(file)
  const image = new Image()
  try {
    image.src = url
    await image.decode()
  } catch (error) {
    URL.revokeObjectURL(url)
    throw new PhotoPrepareError(PHOTO_PREPARE_MESSAGES.unreadable, { cause: error })
  }
  return { source: image, width: image.naturalWidth, height: image.naturalHeight, release: () => URL.revokeObjectURL(url) }
}

/** The browser's own high-quality downscale where it has one; else drawImage scales. */
async function resizedBitmap(source: Source, size: { width: number; height: number }): Promise<Source> {
  if (!('close' in source) || (source.width === size.width && source.height === size.height)) return source
  try {
    return await createImageBitmap(source, { resizeWidth: size.width, resizeHeight: size.height, resizeQuality: 'high' })
  } catch {
    return source
  }
}

async function draw(source: Source, size: { width: number; height: number }, type: PhotoOutputType, quality: number): Promise<Blob> {
  const surface = createSurface(size)
  const context = surface.getContext('2d') as Canvas2D | null
  if (!context) throw new PhotoPrepareError(PHOTO_PREPARE_MESSAGES.unsupported)
  // JPEG has no transparency: a transparent PNG gets white, not black, behind it.
  context.fillStyle = '#ffffff'
  context.fillRect(0, 0, size.width, size.height)
  context.imageSmoothingEnabled = true
  context.imageSmoothingQuality = 'high'
  context.drawImage(source, 0, 0, size.width, size.height)

  if (type !== 'image/jpeg') {
    const webp = await toBlob(surface, 'image/webp', quality)
    // A browser that can't encode WebP (Safari) answers PNG instead: use JPEG then.
    if (webp?.type === 'image/webp') return webp
    if (type === 'image/webp') throw new PhotoPrepareError(PHOTO_PREPARE_MESSAGES.noWebp)
  }
  const jpeg = await toBlob(surface, 'image/jpeg', quality)
  if (!jpeg || jpeg.type !== 'image/jpeg') throw new PhotoPrepareError(PHOTO_PREPARE_MESSAGES.notPrepared)
  return jpeg
}

function createSurface(size: { width: number; height: number }): OffscreenCanvas | HTMLCanvasElement {
  if (typeof OffscreenCanvas === 'function') return new OffscreenCanvas(size.width, size.height)
  if (typeof document === 'undefined') throw new PhotoPrepareError(PHOTO_PREPARE_MESSAGES.unsupported)
  const canvas = document.createElement('canvas')
  canvas.width = size.width
  canvas.height = size.height
  return canvas
}

function toBlob(surface: OffscreenCanvas | HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> {
  if ('convertToBlob' in surface) return surface.convertToBlob({ type, quality }).catch(() => null)
  return new Promise((resolve) => surface.toBlob(resolve, type, quality))
}
