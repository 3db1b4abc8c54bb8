// Photo upload, two steps (spec 000 §7): ask the API for an upload URL, then PUT the file's
// bytes there with its own content type. The photo is then referenced by its objectPath
// ('/objects/uploads/{id}'), which is what forms send.
//
// - 'public' (expert registration, public farmer signup): POST /api/public/expert-signup/upload.
// - 'signed-in' (back office, Data Agent Mode): POST /api/objects/upload with the bearer token.
//
// Every failure is an UploadError whose message is one of the spec's upload texts, so a
// screen can show `error.message` as it is.
import {
  EXPERT_PHOTO_MAX_BYTES,
  UPLOAD_MAX_BYTES,
  checkImageFile,
  messages,
  photoPathFromUploadUrl,
} from '../../api/contract'
import { authHeaders, readSession } from './api'

export type UploadMode = 'public' | 'signed-in'

export const uploadUrlEndpoints: Record<UploadMode, string> = {
  public: '/api/public/expert-signup/upload',
  'signed-in': '/api/objects/upload',
}

/** The spec's limit for each flow: 5 MB public, 10 MB signed-in (spec 000 §9). */
export function defaultMaxBytes(mode: UploadMode): number {
  return mode === 'public' ? EXPERT_PHOTO_MAX_BYTES : UPLOAD_MAX_BYTES
}

const m = messages.uploads

/** An upload failure; `message` is a spec text fit to show the user. */
export class UploadError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'UploadError'
  }
}

/** Upload texts the server may answer with (e.g. a file that is not an image by its bytes). */
const serverUploadMessages: ReadonlySet<string> = new Set([m.fileTooLarge5MB, m.fileTooLarge10MB, m.imageRequired, m.tooManyPixels, m.loginRequired])

/** The server's `{ message }` when it is one of the spec's upload texts, else null. */
async function knownServerMessage(res: Response): Promise<string | null> {
  try {
    const body = (await res.json()) as { message?: unknown }
    return typeof body.message === 'string' && serverUploadMessages.has(body.message) ? body.message : null
  } catch {
    return null
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError'
}

export interface UploadOptions {
  mode: UploadMode
  /** Defaults to the flow's limit (defaultMaxBytes). */
  maxBytes?: number
  signal?: AbortSignal
}

/**
 * Checks the file in the browser, then uploads it. Resolves to the photo's path
 * ('/objects/uploads/{id}'); rejects with an UploadError (or the AbortError of `signal`).
 */
export async function uploadPhoto(file: Blob, { mode, maxBytes = defaultMaxBytes(mode), signal }: UploadOptions): Promise<string> {
  const problem = checkImageFile(file, maxBytes)
  if (problem) throw new UploadError(problem)
  if (mode === 'signed-in' && !readSession()?.token) throw new UploadError(m.loginRequired)

  try {
    // Step 1: the upload URL.
    const urlRes = await fetch(uploadUrlEndpoints[mode], {
      method: 'POST',
      headers: { ...authHeaders(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ contentType: file.type, size: file.size }),
      credentials: 'include',
      signal,
    })
    if (!urlRes.ok) {
      if (urlRes.status === 401) throw new UploadError(m.loginRequired)
      throw new UploadError((await knownServerMessage(urlRes)) ?? m.failedToGetUploadUrl)
    }
    const issued = (await urlRes.json().catch(() => null)) as { uploadURL?: unknown; objectPath?: unknown } | null
    const uploadURL = typeof issued?.uploadURL === 'string' ? issued.uploadURL : null
    if (!uploadURL) throw new UploadError(m.failedToGetUploadUrl)
    const issuedPath = typeof issued?.objectPath === 'string' ? issued.objectPath : photoPathFromUploadUrl(uploadURL)
    if (!issuedPath) throw new UploadError(m.failedToGetUploadUrl)

    // Step 2: the bytes, with their own content type.
    const putRes = await fetch(uploadURL, {
      method: 'PUT',
      headers: { 'Content-Type': file.type },
      body: file,
      credentials: 'include',
      signal,
    })
    if (!putRes.ok) throw new UploadError((await knownServerMessage(putRes)) ?? m.failedToUploadFile)
    const stored = (await putRes.json().catch(() => null)) as { objectPath?: unknown } | null
    return typeof stored?.objectPath === 'string' ? stored.objectPath : issuedPath
  } catch (error) {
    if (error instanceof UploadError || isAbort(error)) throw error
    // Network failure or anything unexpected.
    throw new UploadError(m.uploadFailed)
  }
}
