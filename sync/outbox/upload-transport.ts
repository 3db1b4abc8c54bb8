// How a photo's bytes go up, with progress. fetch() reports no upload progress, so in a browser
// the PUT goes through XMLHttpRequest (upload.onprogress); elsewhere (node, tests) through the
// engine's fetch, reporting only the end. Either way the answer comes back as a Response, for
// http.ts to read and sort like any other.
import type { FetchLike } from './http'

/** Sends one request, calling onProgress with the body bytes sent so far. */
export type UploadTransport = (url: string, init: RequestInit, onProgress: (sentBytes: number) => void) => Promise<Response>

export function fetchUploadTransport(fetchImpl: FetchLike): UploadTransport {
  return async (url, init, onProgress) => {
    const response = await fetchImpl(url, init)
    if (init.body instanceof Blob) onProgress(init.body.size)
    return response
  }
}

/** XMLHttpRequest where the page has it (upload progress events), else the engine's fetch. */
export function defaultUploadTransport(fetchImpl: FetchLike): UploadTransport {
  return typeof XMLHttpRequest === 'function' ? xhrUploadTransport : fetchUploadTransport(fetchImpl)
}

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304])

export const xhrUploadTransport: UploadTransport = (url, init, onProgress) =>
  new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(init.method ?? 'GET', url)
    for (const [name, value] of new Headers(init.headers).entries()) xhr.setRequestHeader(name, value)
    xhr.upload.onprogress = (event) => onProgress(event.loaded)
    xhr.onload = () => {
      const headers = new Headers()
      for (const line of xhr.getAllResponseHeaders().trim().split(/[\r\n]+/)) {
        const at = line.indexOf(':')
        if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim())
      }
      const body = NULL_BODY_STATUSES.has(xhr.status) ? null : xhr.responseText
      resolve(new Response(body, { status: xhr.status, statusText: xhr.statusText, headers }))
    }
    // Same shapes as fetch's failures, so http.ts sorts them the same way.
    xhr.onerror = () => reject(new TypeError('Failed to fetch'))
    xhr.ontimeout = () => reject(new TypeError('Failed to fetch'))
    xhr.onabort = () => reject(new DOMException('The operation was aborted.', 'AbortError'))
    const signal = init.signal
    if (signal?.aborted) {
      reject(new DOMException('The operation was aborted.', 'AbortError'))
      return
    }
    signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null)
  })
