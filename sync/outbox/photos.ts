// Photos are light (offline-sync promise 6): preparePhoto turns a camera photo (often 3–5 MB)
// into a ~1600 px WebP or JPEG of a few hundred KB before it is queued. The work happens in a
// Worker where OffscreenCanvas exists, else on the page. Browser-only (the e2e suite covers it);
// targetSize is pure and unit-tested.
import { PhotoPrepareError, encodePhoto, type PreparePhotoOptions } from './photo-encode'
import type { PhotoJobRequest, PhotoJobResponse } from './photo-worker'

export { DEFAULT_MAX_EDGE, DEFAULT_QUALITY, PhotoPrepareError, targetSize, type PhotoOutputType, type PreparePhotoOptions } from './photo-encode'

/** A worker job taking longer than this is done again on the page. */
const WORKER_TIMEOUT_MS = 60_000

/**
 * A resized, re-encoded copy of the photo: long edge at most maxEdge (never upscaled), upright,
 * WebP where the browser encodes it, else JPEG. Rejects with PhotoPrepareError (a message fit to
 * show) when the photo can't be read, e.g. a HEIC photo on a browser that can't decode it.
 */
export async function preparePhoto(file: Blob, options: PreparePhotoOptions = {}): Promise<Blob> {
  const worker = photoWorker()
  if (worker) {
    try {
      return await worker.run(file, options)
    } catch (error) {
      if (error instanceof PhotoPrepareError) throw error
      // The worker itself failed (blocked, crashed, timed out): do it here instead.
    }
  }
  return encodePhoto(file, options)
}

interface PhotoWorker {
  run(file: Blob, options: PreparePhotoOptions): Promise<Blob>
}

let shared: PhotoWorker | null | undefined

function photoWorker(): PhotoWorker | null {
  if (shared !== undefined) return shared
  shared = null
  if (typeof Worker !== 'function' || typeof OffscreenCanvas !== 'function') return shared
  try {
    // Written out literally so Vite bundles the worker.
    const worker = new Worker(new URL('./photo-worker.ts', import.meta.url), { type: 'module' })
    shared = wrap(worker)
  } catch {
    shared = null
  }
  return shared
}

function wrap(worker: Worker): PhotoWorker {
  let nextId = 1
  const pending = new Map<number, { resolve: (blob: Blob) => void; reject: (error: Error) => void }>()
  const failAll = (message: string) => {
    for (const job of pending.values()) job.reject(new Error(message))
    pending.clear()
    // Later photos go straight to the page.
    shared = null
    worker.terminate()
  }
  worker.addEventListener('message', (event: MessageEvent<PhotoJobResponse>) => {
    const job = pending.get(event.data.id)
    if (!job) return
    pending.delete(event.data.id)
    if ('blob' in event.data) job.resolve(event.data.blob)
    else job.reject(event.data.unreadable ? new PhotoPrepareError(event.data.error) : new Error(event.data.error))
  })
  worker.addEventListener('error', () => failAll('The photo worker failed'))
  worker.addEventListener('messageerror', () => failAll('The photo worker could not read a message'))

  return {
    run(file, options) {
      return new Promise<Blob>((resolve, reject) => {
        const id = nextId++
        const timer = setTimeout(() => {
          if (pending.delete(id)) reject(new Error('The photo worker timed out'))
        }, WORKER_TIMEOUT_MS)
        pending.set(id, {
          resolve: (blob) => (clearTimeout(timer), resolve(blob)),
          reject: (error) => (clearTimeout(timer), reject(error)),
        })
        const job: PhotoJobRequest = { id, file, options }
        worker.postMessage(job)
      })
    },
  }
}
