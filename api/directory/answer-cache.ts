// Public directory answers, computed once per (directory version, Fiji day, URL) and kept as
// serialized JSON with their ETag. Who is listed changes only with a write (which moves the
// directory version, migration 0002) or at Fiji midnight, so a kept answer is exact until then.
// A phone revalidating with If-None-Match gets a bodiless 304 (the service worker's
// stale-while-revalidate then costs bytes only when something changed).
import { createHash } from 'node:crypto'
import type { Request, Response } from 'express'
import { fijiDayBounds } from './public-listing'

export interface CachedAnswer {
  body: string
  etag: string
}

interface Entry extends CachedAnswer {
  version: number
  day: string
}

/** Enough for every list, city, produce and first pages a busy day asks for; oldest use goes first. */
const MAX_ENTRIES = 500

export function answerCache(currentVersion: () => Promise<number>) {
  const entries = new Map<string, Entry>()
  return {
    async get(key: string, day: string, compute: () => Promise<unknown>): Promise<CachedAnswer> {
      // Read the version before computing: an answer is never labelled newer than its data.
      const version = await currentVersion()
      const hit = entries.get(key)
      entries.delete(key)
      if (hit && hit.version === version && hit.day === day) {
        entries.set(key, hit)
        return hit
      }
      const body = JSON.stringify(await compute())
      const hash = createHash('sha1').update(body).digest('base64url').slice(0, 27)
      const entry: Entry = { body, etag: `W/"${Buffer.byteLength(body).toString(16)}-${hash}"`, version, day }
      entries.set(key, entry)
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string)
      return entry
    },
  }
}

/** Sends a kept answer; 304 without a body when the client's If-None-Match still matches. */
export function sendAnswer(_req: Request, res: Response, answer: CachedAnswer): void {
  // Stored by the browser, but asked again each time: the conditional request is what keeps it fresh.
  res.set('Cache-Control', 'no-cache')
  res.set('ETag', answer.etag)
  res.type('json')
  res.send(answer.body)
}

/**
 * A handler maker whose answers are kept per URL, directory version and Fiji day, and computed
 * with the same `now` the kept day came from.
 */
export function cachedAnswers(currentVersion: () => Promise<number>) {
  const cache = answerCache(currentVersion)
  return (compute: (req: Request, res: Response, now: Date) => Promise<unknown>) => async (req: Request, res: Response) => {
    const now = new Date()
    sendAnswer(req, res, await cache.get(req.originalUrl, fijiDayBounds(now).date, () => compute(req, res, now)))
  }
}
