// Resizes photos off the main thread, so the form stays responsive on a cheap phone while a
// 12-megapixel photo is decoded. Started by photos.ts where OffscreenCanvas exists.
import { PhotoPrepareError, encodePhoto, type PreparePhotoOptions } from './photo-encode'

export interface PhotoJobRequest {
  id: number
  file: Blob
  options: PreparePhotoOptions
}

/** unreadable: the photo itself can't be used (a PhotoPrepareError), so the page shouldn't try again. */
export type PhotoJobResponse = { id: number; blob: Blob } | { id: number; error: string; unreadable: boolean }

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<PhotoJobRequest>) => void) | null
  postMessage(message: PhotoJobResponse): void
}

scope.onmessage = (event) => {
  const { id, file, options } = event.data
  encodePhoto(file, options).then(
    (blob) => scope.postMessage({ id, blob }),
    (error: unknown) => scope.postMessage({
      id,
      error: error instanceof Error ? error.message : String(error),
      unreadable: error instanceof PhotoPrepareError,
    }),
  )
}
