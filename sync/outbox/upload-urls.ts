// Upload URLs for signed-in photos, asked for several at a time (POST /api/objects/upload/batch) and
// handed out in the order the server issued them: a drain of 200 photos asks about 20 times, not 200.
// Each batch goes under an Idempotency-Key, and a batch left unanswered (the link dropped, a 5xx) is
// sent again as it was, key and all, before any other: the server answers it with the URLs it
// issued the first time, so a lost answer costs the agent's budget nothing.
// Only the URL is shared out here; the photo that takes one remembers it on its own record before its
// PUT (engine.ts), exactly as with a URL asked for alone. Holds no photo and no Dexie table.
import type { Verdict } from './http'

/** A photo's hints, as the single upload-URL request sends them. */
export interface PhotoHints {
  contentType?: string
  size?: number
}

export interface FreshUpload {
  uploadURL: string
  objectPath: string
  issuedAt: number
}

/** A URL for the photo, or why not (what its own request would have come to). */
export type UrlAnswer = { kind: 'issued'; upload: FreshUpload } | Exclude<Verdict, { kind: 'ok' }>

/** What a batch request came to. */
export type BatchAnswer =
  /** The uploads, in the order asked. */
  | { kind: 'issued'; uploads: readonly Omit<FreshUpload, 'issuedAt'>[] }
  /** Refused as a whole (a hint, a server without the batch form, an answer not understood): each photo asks alone. */
  | { kind: 'alone'; isBatchUnknown: boolean }
  /** Busy, offline, signed out, stopped: each photo asking alone would meet the same. */
  | Exclude<Verdict, { kind: 'ok' | 'attention' }>

export interface UploadUrlStock {
  /**
   * A URL for a photo with `hints`: the oldest in stock, else from a batch asked for with the photos
   * waiting beside it (and, for the stock, as many more as `wanted()` says are still to come).
   * `alone` is the photo's own request, for when the batch is refused as a whole. `drain` is the
   * asking drain's signal: when that drain ends the photo stops waiting ('stopped'), while a batch
   * already asked goes on to its answer and its URLs are kept for the next photos (the server
   * issued them and counted each against the agent's budget, used or not).
   */
  take(hints: PhotoHints, alone: () => Promise<UrlAnswer>, drain: AbortSignal): Promise<UrlAnswer>
  /** URLs issued and not yet taken. */
  readonly size: number
}

export interface UploadUrlStockOptions {
  now: () => number
  /** Older URLs are dropped: the server forgets an unused upload id after a day. */
  maxAgeMs: number
  /** Most URLs in one request (the contract's UPLOAD_URL_BATCH_MAX). */
  max: number
  /** Photos of the drain still without a URL, the ones asking included: how many one batch may ask for. */
  wanted: () => number
  /**
   * Not ended by the drain that asked (only by the engine's stop): its answer is kept whoever takes
   * it. `key` is the batch's Idempotency-Key: the same photos under the same key are one batch.
   */
  askBatch: (photos: readonly PhotoHints[], key: string) => Promise<BatchAnswer>
  /** A new Idempotency-Key (a UUID). */
  newKey: () => string
}

/** A batch asked for: sent again exactly so (same key, same photos) until it is answered. */
interface BatchRequest {
  key: string
  photos: readonly PhotoHints[]
  /** The server issued its URLs after this, if at all: their age counts from here. */
  askedAt: number
}

interface Waiter {
  hints: PhotoHints
  alone: () => Promise<UrlAnswer>
  /** Gives the photo its answer; nothing after the first (a drain that ended answered 'stopped'). */
  settle: (answer: UrlAnswer) => void
  fail: (error: unknown) => void
  readonly isSettled: boolean
}

export function createUploadUrlStock(options: UploadUrlStockOptions): UploadUrlStock {
  let stock: FreshUpload[] = []
  const waiting: Waiter[] = []
  let isAsking = false
  /** The server answered the batch form with 404/405: each photo asks alone from here on (this page). */
  let isBatchUnknown = false
  /**
   * The last batch had no answer (network, timeout, a 5xx, busy): the server may have issued and
   * counted every URL of it. It is asked again, as it was, before any new batch; too old to be of
   * use (its URLs would be dropped unused), it is forgotten.
   */
  let unanswered: BatchRequest | undefined

  function fresh(): FreshUpload | undefined {
    stock = stock.filter((upload) => options.now() - upload.issuedAt < options.maxAgeMs)
    return stock.shift()
  }

  const askAlone = (batch: readonly Waiter[]) =>
    Promise.all(batch.filter((waiter) => !waiter.isSettled).map((waiter) => waiter.alone().then(waiter.settle, waiter.fail)))

  async function askForWaiting(): Promise<void> {
    try {
      while (waiting.length > 0) {
        for (let kept = fresh(); kept !== undefined && waiting.length > 0; kept = waiting.length > 0 ? fresh() : undefined) {
          waiting.shift()?.settle({ kind: 'issued', upload: kept })
        }
        const batch = waiting.splice(0, options.max)
        if (batch.length === 0) break
        if (unanswered !== undefined && options.now() - unanswered.askedAt >= options.maxAgeMs) unanswered = undefined
        let request = unanswered
        if (request === undefined) {
          const more = Math.max(0, Math.min(options.max - batch.length, options.wanted() - batch.length))
          // A lone photo with nothing behind it asks alone. An unanswered batch is asked again all the
          // same: a batch outlives the drain that asked (its URLs are kept), the photo's own request does not.
          if (isBatchUnknown || (batch.length === 1 && more === 0)) {
            await askAlone(batch)
            continue
          }
          request = { key: options.newKey(), photos: [...batch.map((waiter) => waiter.hints), ...Array.from({ length: more }, () => ({}))], askedAt: options.now() }
        }
        let answer: BatchAnswer
        try {
          answer = await options.askBatch(request.photos, request.key)
        } catch (error) {
          unanswered = request
          for (const waiter of batch) waiter.fail(error)
          continue
        }
        unanswered = answer.kind === 'issued' || answer.kind === 'alone' ? undefined : request
        switch (answer.kind) {
          case 'issued': {
            const issued = answer.uploads.map((upload) => ({ ...upload, issuedAt: request.askedAt }))
            // In the order issued: the photos still waiting first (one whose drain ended meanwhile
            // takes none), the rest kept for the photos behind them. A batch asked again may hold
            // fewer URLs than photos now wait: those wait for the next.
            const still = batch.filter((waiter) => !waiter.isSettled)
            still.slice(0, issued.length).forEach((waiter, index) => waiter.settle({ kind: 'issued', upload: issued[index]! }))
            waiting.unshift(...still.slice(issued.length))
            stock.push(...issued.slice(still.length))
            break
          }
          case 'alone':
            if (answer.isBatchUnknown) isBatchUnknown = true
            await askAlone(batch)
            break
          default:
            for (const waiter of batch) waiter.settle(answer)
        }
      }
    } finally {
      isAsking = false
    }
  }

  return {
    take(hints, alone, drain) {
      if (drain.aborted) return Promise.resolve({ kind: 'stopped' })
      if (waiting.length === 0) {
        const kept = fresh()
        if (kept !== undefined) return Promise.resolve({ kind: 'issued', upload: kept })
      }
      if (isBatchUnknown) return alone()
      return new Promise<UrlAnswer>((resolve, reject) => {
        let isSettled = false
        const once = <T>(give: (value: T) => void) => (value: T) => {
          if (isSettled) return
          isSettled = true
          drain.removeEventListener('abort', onDrainEnd)
          give(value)
        }
        const waiter: Waiter = {
          hints,
          alone,
          settle: once(resolve),
          fail: once(reject),
          get isSettled() {
            return isSettled
          },
        }
        // Its drain ended: the photo's task must end with it (the drain waits for its tasks), not
        // wait for a batch that may take a timeout to answer.
        function onDrainEnd() {
          const index = waiting.indexOf(waiter)
          if (index >= 0) waiting.splice(index, 1)
          waiter.settle({ kind: 'stopped' })
        }
        drain.addEventListener('abort', onDrainEnd, { once: true })
        waiting.push(waiter)
        if (isAsking) return
        isAsking = true
        // After the photos starting in this same turn have asked too: they go in one request.
        queueMicrotask(() => void askForWaiting())
      })
    },
    get size() {
      return stock.length
    },
  }
}
