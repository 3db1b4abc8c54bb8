// The outbox's view of HTTP: the endpoints and headers it uses, one request with a timeout, and
// the sorting of every answer into what happens next (offline-sync promise 5).
//
// No runtime import from api/contract: that pulls zod and every schema into whatever chunk
// loads the engine (+34 KB gzip, see web/features/directory/texts.ts). The constants below are
// copies; http.test.ts checks each one against the contract.
import { outboxTexts } from './texts'
import type { JsonValue, OutboxError, OutboxKind } from './types'

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key'
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed'
/** api/contract/errors.ts ERROR_CODES.passwordChangeRequired. */
export const PASSWORD_CHANGE_REQUIRED_CODE = 'password_change_required'

/** Upload-URL endpoints: the public one (expert and public farmer signups) and the signed-in one. */
export const PUBLIC_UPLOAD_URL_ENDPOINT = '/api/public/expert-signup/upload'
export const SIGNED_IN_UPLOAD_URL_ENDPOINT = '/api/objects/upload'
/** Several signed-in upload URLs in one request, at most UPLOAD_URL_BATCH_MAX (the contract's). */
export const SIGNED_IN_UPLOAD_URL_BATCH_ENDPOINT = '/api/objects/upload/batch'
export const UPLOAD_URL_BATCH_MAX = 10

/** '/objects/uploads/{uuid}', as api/contract/uploads.ts PHOTO_PATH_REGEX. */
export const PHOTO_PATH_PATTERN = /^\/objects\/uploads\/([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/

/** Kinds sent under the agent's bearer token. Every other kind is sent anonymously, always. */
export const AUTHENTICATED_KINDS: readonly OutboxKind[] = ['dataAgentSignup']

export function needsAuth(kind: OutboxKind): boolean {
  return AUTHENTICATED_KINDS.includes(kind)
}

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>
/** Runs fn after ms; answers the function that cancels it. */
export type SetTimer = (fn: () => void, ms: number) => () => void

export const defaultSetTimer: SetTimer = (fn, ms) => {
  const handle = setTimeout(fn, ms)
  return () => clearTimeout(handle)
}

/** What one request came to, before any judgement. */
export type Answer =
  | { kind: 'response'; status: number; body: JsonValue; isJson: boolean; replayed: boolean; retryAfterMs?: number; text: string }
  | { kind: 'network'; message: string }
  | { kind: 'timeout' }
  | { kind: 'stopped' }

export interface RequestOptions {
  timeoutMs: number
  setTimer: SetTimer
  /** Aborted when the engine stops. */
  stopSignal: AbortSignal
  now: () => number
}

/**
 * One request, body read included, under a timeout. Never throws: every ending is an Answer.
 * Races the fetch against the abort too, so a fetch that ignores its signal can't hang the queue.
 */
export async function request(fetchImpl: FetchLike, url: string, init: RequestInit, options: RequestOptions): Promise<Answer> {
  if (options.stopSignal.aborted) return { kind: 'stopped' }
  const controller = new AbortController()
  let ending: 'timeout' | 'stopped' | undefined
  const aborted = new Promise<'aborted'>((resolve) => {
    controller.signal.addEventListener('abort', () => resolve('aborted'), { once: true })
  })
  const onStop = () => {
    ending ??= 'stopped'
    controller.abort()
  }
  options.stopSignal.addEventListener('abort', onStop, { once: true })
  const cancelTimer = options.setTimer(() => {
    ending ??= 'timeout'
    controller.abort()
  }, options.timeoutMs)

  try {
    const result = await Promise.race([exchange(fetchImpl, url, { ...init, signal: controller.signal }, options.now), aborted])
    if (result === 'aborted' || ending !== undefined) return { kind: ending ?? 'stopped' }
    return result
  } catch (error) {
    if (ending !== undefined) return { kind: ending }
    return { kind: 'network', message: error instanceof Error ? error.message : String(error) }
  } finally {
    cancelTimer()
    options.stopSignal.removeEventListener('abort', onStop)
  }
}

async function exchange(fetchImpl: FetchLike, url: string, init: RequestInit, now: () => number): Promise<Answer> {
  const response = await fetchImpl(url, init)
  const text = await response.text()
  const contentType = response.headers.get('content-type') ?? ''
  let body: JsonValue = text
  let isJson = false
  if (text === '') {
    body = null
  } else if (contentType.includes('json')) {
    try {
      body = JSON.parse(text) as JsonValue
      isJson = true
    } catch {
      // A body that claims JSON and isn't: judged below as not our server's.
    }
  }
  const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), now())
  return {
    kind: 'response',
    status: response.status,
    body,
    isJson,
    replayed: response.headers.get(IDEMPOTENT_REPLAYED_HEADER)?.toLowerCase() === 'true',
    text,
    ...(retryAfterMs !== undefined && { retryAfterMs }),
  }
}

/** Retry-After as delay-seconds or an HTTP date (RFC 9110 §10.2.3); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null || value.trim() === '') return undefined
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  const date = Date.parse(trimmed)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

/** What the engine does with an answer. */
export type Verdict =
  | { kind: 'ok'; status: number; body: JsonValue }
  | { kind: 'retry'; error: OutboxError; retryAfterMs?: number; cause: 'network' | 'server' | 'busy' | 'unexpected' }
  | { kind: 'auth'; error: OutboxError }
  | { kind: 'attention'; error: OutboxError; status: number; body: JsonValue }
  | { kind: 'stopped' }

export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429])
export const ATTENTION_STATUSES: ReadonlySet<number> = new Set([400, 413, 422])

/**
 * The response sorting of sync/README.md:
 * - network failure, timeout, 5xx, 408/409/425/429 → retry later (Retry-After respected); a 5xx counts
 *   towards the poison valve, unless it is a 503 with Retry-After (the server asking for time);
 * - 401, or 403 with code password_change_required → keep the item, pause the queue until the agent signs in;
 * - 400/413/422 and any other 4xx → needs attention, with the server's message;
 * - 2xx with a JSON (or empty) body → done; a replay (Idempotent-Replayed: true) is done too.
 *   A 2xx that isn't JSON (a Wi-Fi sign-in page, a proxy) is not our server: retry.
 */
export function judge(answer: Answer): Verdict {
  switch (answer.kind) {
    case 'stopped':
      return { kind: 'stopped' }
    case 'timeout':
      return { kind: 'retry', cause: 'network', error: { message: outboxTexts.timedOut } }
    case 'network':
      return { kind: 'retry', cause: 'network', error: { message: outboxTexts.noConnection } }
    case 'response':
      break
  }
  const { status, body } = answer
  if (status >= 200 && status < 300) {
    if (answer.isJson || answer.text === '') return { kind: 'ok', status, body }
    return { kind: 'retry', cause: 'unexpected', error: { status, message: outboxTexts.notOurServer } }
  }
  const serverMessage = messageOf(answer)
  if (status === 401) {
    return { kind: 'auth', error: { status, message: outboxTexts.sessionExpired } }
  }
  // An admin may flag the agent's password for change after sign-in: the item is fine, the agent must
  // change the password (and so sign in anew) before anything goes out, like a 401.
  if (status === 403 && codeOf(answer) === PASSWORD_CHANGE_REQUIRED_CODE) {
    return { kind: 'auth', error: { status, message: serverMessage ?? outboxTexts.changePassword } }
  }
  if (status >= 500 || RETRY_STATUSES.has(status)) {
    // A 503 that says when to come back (the database restarting, the server starting) is the server
    // asking for time, as a 429 does: no fault of the item, so it never counts towards the poison valve.
    const isAskingForTime = status === 429 || (status === 503 && answer.retryAfterMs !== undefined)
    const message = status === 409 || status === 425
      ? outboxTexts.stillWorking
      : isAskingForTime
        ? outboxTexts.busy
        : outboxTexts.serverProblem(status)
    return {
      kind: 'retry',
      cause: status >= 500 && !isAskingForTime ? 'server' : 'busy',
      error: { status, message },
      ...(answer.retryAfterMs !== undefined && { retryAfterMs: answer.retryAfterMs }),
    }
  }
  if (status === 413) {
    return { kind: 'attention', status, body, error: { status, message: serverMessage ?? outboxTexts.tooLarge } }
  }
  return { kind: 'attention', status, body, error: { status, message: serverMessage ?? outboxTexts.notAccepted(status) } }
}

function codeOf(answer: Extract<Answer, { kind: 'response' }>): unknown {
  const { body } = answer
  return answer.isJson && typeof body === 'object' && body !== null && !Array.isArray(body) ? body.code : undefined
}

function messageOf(answer: Extract<Answer, { kind: 'response' }>): string | undefined {
  const { body } = answer
  if (answer.isJson && typeof body === 'object' && body !== null && !Array.isArray(body) && typeof body.message === 'string' && body.message !== '') {
    return body.message
  }
  return undefined
}
