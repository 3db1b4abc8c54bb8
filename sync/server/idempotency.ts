// Idempotency-Key handling for the queued POST endpoints (offline-sync promise 2; anchor:
// IETF httpapi Idempotency-Key draft). Owns the HTTP side only: rows live behind an
// IdempotencyStore, and the service records its response inside its own business
// transaction through res.locals.idempotency. Mount after express.json() and after auth.
import { randomUUID } from 'node:crypto'
import type { Request, RequestHandler, Response } from 'express'
import { messages } from '../../api/contract/messages'
import { MAX_BODY_DEPTH, exceedsDepth, photoPathsAsContent, photoPathsIn, requestFingerprint } from './fingerprint'
import type { IdempotencyStore } from './idempotency-store'
import { MAX_KEY_LENGTH, MIN_KEY_LENGTH, readIdempotencyKey } from './idempotency-key'

export type { ClaimResult, IdempotencyStore } from './idempotency-store'
export { IdempotencyLockLostError } from './idempotency-store'

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key'
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed'
/**
 * Emitted on the response the moment a request is found to write nothing: a replay of a stored
 * answer, or the 409 of a key whose first request still runs. The rate limiters give its hits back
 * then (api/middleware/rate-limit.ts), not when the answer finishes: a phone that hangs up before
 * the last byte must not lose its budget to its own retries.
 */
export const WRITES_NOTHING_EVENT = 'idempotency:writes-nothing'

// The contract's words, so a reader of the outbox sees them in their language (web/i18n/messages.ts).
export const IDEMPOTENCY_MESSAGES = {
  ...messages.idempotency,
  invalid: messages.idempotency.invalid(MIN_KEY_LENGTH, MAX_KEY_LENGTH),
  tooDeep: messages.idempotency.tooDeep(MAX_BODY_DEPTH),
} as const

// Long enough that a slow write is never taken over mid-flight; short enough that a claim
// stranded by a crash or a dropped connection stops answering 409 within a minute.
export const DEFAULT_STALE_AFTER_MS = 60_000
/** A key is remembered this long (counted from its first claim), then forgotten and never replayed. */
export const IDEMPOTENCY_KEY_TTL_MS = 30 * 24 * 60 * 60_000
/**
 * The waits between tries of a release the store refused (the database out of reach): the last
 * repeats, until the claim would have gone stale anyway. Left as it was, the claim held the item's
 * retries at 409 for the rest of that minute, though the database was back within seconds.
 */
export const RELEASE_RETRY_DELAYS_MS: readonly number[] = [1_000, 2_000, 4_000]
/** Photo paths beyond this many in one body are compared as they are, not looked up (no queued form has more than 10). */
const MAX_PHOTO_LOOKUPS = 20

export interface IdempotencyContext<Tx> {
  readonly scope: string
  readonly key: string
  /**
   * Call inside the business transaction, after the business write: the key and the row
   * commit together, or a retry could create a duplicate. Only 2xx answers are recorded.
   */
  record(tx: Tx, status: number, body: unknown): Promise<void>
}

export interface IdempotencyLogger {
  warn(message: string, details?: Record<string, unknown>): void
}

export interface IdempotencyOptions {
  staleAfterMs?: number
  /** Default IDEMPOTENCY_KEY_TTL_MS. */
  ttlMs?: number
  /** Answer 400 to a request without a key (the draft's rule for a route that documents the key as required). */
  required?: boolean
  scopeOf?: (req: Request, res: Response) => string
  logger?: IdempotencyLogger
  now?: () => Date
  /** Default RELEASE_RETRY_DELAYS_MS. */
  releaseRetryDelaysMs?: readonly number[]
}

export function idempotency<Tx>(store: IdempotencyStore<Tx>, options: IdempotencyOptions = {}): RequestHandler {
  const staleAfterMs = options.staleAfterMs ?? DEFAULT_STALE_AFTER_MS
  const ttlMs = options.ttlMs ?? IDEMPOTENCY_KEY_TTL_MS
  const scopeOf = options.scopeOf ?? defaultScope
  const logger = options.logger ?? console
  const now = options.now ?? (() => new Date())
  const releaseRetryDelaysMs = options.releaseRetryDelaysMs ?? RELEASE_RETRY_DELAYS_MS

  /** Releases a claim, trying again while the store refuses (release only ever deletes our own unfinished claim). */
  function releaseClaim(scope: string, key: string, lockToken: string): void {
    const startedAt = performance.now()
    const attempt = (tries: number) => {
      store.release({ scope, key, lockToken }).catch((error: unknown) => {
        if (tries === 0) logger.warn('Releasing an Idempotency-Key claim failed; trying again until it would go stale', { scope, key, error: String(error) })
        const wait = releaseRetryDelaysMs[Math.min(tries, releaseRetryDelaysMs.length - 1)] ?? staleAfterMs
        if (performance.now() - startedAt + wait >= staleAfterMs) return
        setTimeout(() => attempt(tries + 1), wait).unref()
      })
    }
    attempt(0)
  }

  /** The fingerprint to claim with (photo paths as their stored bytes), and the body's exact one. */
  async function fingerprintsOf(req: Request): Promise<{ byContent: string; exact: string }> {
    const method = req.method
    const path = pathOf(req)
    const exact = requestFingerprint(method, path, req.body)
    const paths = store.photoContentHashes ? photoPathsIn(req.body) : []
    if (paths.length === 0 || paths.length > MAX_PHOTO_LOOKUPS) return { byContent: exact, exact }
    const hashes = await store.photoContentHashes!(paths)
    return { byContent: requestFingerprint(method, path, photoPathsAsContent(req.body, hashes)), exact }
  }

  return async (req, res, next) => {
    // Before anything walks the body recursively (the fingerprint, validation): a body nested
    // half a million deep overflowed the stack here and answered 500.
    if (exceedsDepth(req.body)) {
      res.status(400).json({ message: IDEMPOTENCY_MESSAGES.tooDeep })
      return
    }
    const header = req.get(IDEMPOTENCY_KEY_HEADER)
    if (header === undefined) {
      if (options.required) res.status(400).json({ message: IDEMPOTENCY_MESSAGES.required })
      else next()
      return
    }
    const reading = readIdempotencyKey(header, isAnonymous(res))
    if (reading.kind !== 'key') {
      res.status(400).json({ message: IDEMPOTENCY_MESSAGES[reading.kind] })
      return
    }
    const key = reading.key

    const scope = scopeOf(req, res)
    const { byContent: fingerprint, exact } = await fingerprintsOf(req)
    const lockToken = randomUUID()
    const claim = await store.claim({ scope, key, fingerprint, lockToken, now: now(), staleAfterMs, ttlMs })

    // A key stored before photos were compared by content holds the exact fingerprint.
    if (claim.kind !== 'claimed' && claim.fingerprint !== fingerprint && claim.fingerprint !== exact) {
      res.status(422).json({ message: IDEMPOTENCY_MESSAGES.bodyMismatch })
      return
    }
    if (claim.kind === 'processing') {
      // The same item again while its first request runs: it writes nothing, so rate limits give it back.
      res.emit(WRITES_NOTHING_EVENT)
      res.status(409).set('Retry-After', '1').json({ message: IDEMPOTENCY_MESSAGES.inProgress })
      return
    }
    if (claim.kind === 'completed') {
      res.emit(WRITES_NOTHING_EVENT)
      res.status(claim.status).set(IDEMPOTENT_REPLAYED_HEADER, 'true')
      if (claim.body === '') res.end()
      else res.type('application/json').send(claim.body)
      return
    }

    let recordedStatus: number | undefined
    const context: IdempotencyContext<Tx> = {
      scope,
      key,
      async record(tx, status, body) {
        if (!isSuccess(status)) {
          // A failed attempt is released instead, so the agent can fix the item and resend
          // it under the same key (promise 5).
          throw new RangeError(`Only a 2xx answer is recorded for an Idempotency-Key, not ${status}`)
        }
        await store.complete(tx, { scope, key, lockToken, status, body: body === undefined ? '' : JSON.stringify(body), now: now() })
        recordedStatus = status
      },
    }
    res.locals.idempotency = context

    let isSettled = false
    const settle = () => {
      if (isSettled) return
      isSettled = true
      // A recorded 2xx is completed in the store; any other ending leaves our 'processing'
      // row behind, and release() only deletes it while it is still ours and uncommitted
      // (e.g. record() ran but its transaction rolled back).
      if (isSuccess(res.statusCode)) {
        if (recordedStatus === undefined) {
          logger.warn('Idempotent endpoint answered 2xx without recording it; a retry would write again', { scope, key, status: res.statusCode })
        } else {
          if (recordedStatus !== res.statusCode) {
            logger.warn('Idempotent endpoint answered a different status than it recorded', { scope, key, recordedStatus, status: res.statusCode })
          }
          return
        }
      }
      releaseClaim(scope, key, lockToken)
    }
    res.once('finish', settle)
    // If the client hangs up before the handler has answered, the handler may still be
    // writing: releasing then could let a retry run the write twice, so the claim is left to
    // go stale instead.
    res.once('close', () => {
      if (res.writableEnded) settle()
    })
    next()
  }
}

/** For services: records the answer when the request carried an Idempotency-Key, else does nothing. */
export async function recordIdempotent<Tx>(locals: Readonly<Record<string, unknown>> | undefined, tx: Tx, status: number, body: unknown): Promise<void> {
  await idempotencyContextOf<Tx>(locals)?.record(tx, status, body)
}

export function idempotencyContextOf<Tx>(locals: Readonly<Record<string, unknown>> | undefined): IdempotencyContext<Tx> | undefined {
  return locals?.idempotency as IdempotencyContext<Tx> | undefined
}

function isAnonymous(res: Response): boolean {
  const userId: unknown = res.locals.user?.id
  return userId === undefined || userId === null
}

function defaultScope(req: Request, res: Response): string {
  const scope = `${req.method} ${pathOf(req)}`
  // Keys are per principal: another user's key must never replay this user's answer. Anonymous
  // callers share the route's scope, which is why their keys must be UUIDs (idempotency-key.ts).
  return isAnonymous(res) ? scope : `${scope} user:${String(res.locals.user.id)}`
}

function pathOf(req: Request): string {
  return req.originalUrl.split('?', 1)[0] ?? '/'
}

function isSuccess(status: number): boolean {
  return status >= 200 && status < 300
}
