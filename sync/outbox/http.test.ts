import { describe, expect, it } from 'vitest'
import {
  IDEMPOTENCY_KEY_HEADER as CONTRACT_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER as CONTRACT_REPLAYED_HEADER,
  ERROR_CODES, PHOTO_PATH_REGEX, UPLOAD_URL_BATCH_MAX as CONTRACT_BATCH_MAX, getRoute, queuedRoutes,
} from '../../api/contract'
import {
  IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER, PASSWORD_CHANGE_REQUIRED_CODE, PHOTO_PATH_PATTERN, PUBLIC_UPLOAD_URL_ENDPOINT, SIGNED_IN_UPLOAD_URL_ENDPOINT,
  SIGNED_IN_UPLOAD_URL_BATCH_ENDPOINT, UPLOAD_URL_BATCH_MAX, judge, needsAuth, parseRetryAfter, type Answer,
} from './http'
import { OUTBOX_ENDPOINTS, OUTBOX_KINDS } from './types'

describe('the copies of the contract', () => {
  it('match the contract word for word', () => {
    expect(IDEMPOTENCY_KEY_HEADER).toBe(CONTRACT_KEY_HEADER)
    expect(IDEMPOTENT_REPLAYED_HEADER).toBe(CONTRACT_REPLAYED_HEADER)
    expect(getRoute('POST /api/public/expert-signup/upload').path).toBe(PUBLIC_UPLOAD_URL_ENDPOINT)
    expect(getRoute('POST /api/objects/upload').path).toBe(SIGNED_IN_UPLOAD_URL_ENDPOINT)
    expect(getRoute('POST /api/objects/upload/batch').path).toBe(SIGNED_IN_UPLOAD_URL_BATCH_ENDPOINT)
    expect(UPLOAD_URL_BATCH_MAX).toBe(CONTRACT_BATCH_MAX)
    expect(PHOTO_PATH_PATTERN.source).toBe(PHOTO_PATH_REGEX.source)
    expect(PASSWORD_CHANGE_REQUIRED_CODE).toBe(ERROR_CODES.passwordChangeRequired)
    expect(queuedRoutes.map((route) => route.path).sort()).toEqual(Object.values(OUTBOX_ENDPOINTS).sort())
  })

  it('sends under a token exactly the kinds whose route needs a session', () => {
    for (const kind of OUTBOX_KINDS) {
      const route = queuedRoutes.find((candidate) => candidate.path === OUTBOX_ENDPOINTS[kind])
      expect([kind, needsAuth(kind)]).toEqual([kind, route?.access !== 'public'])
    }
  })
})

const response = (status: number, body: unknown = {}, extra: Partial<Extract<Answer, { kind: 'response' }>> = {}): Answer => ({
  kind: 'response', status, body: body as never, isJson: true, replayed: false, text: JSON.stringify(body), ...extra,
})

describe('judge: the response sorting table', () => {
  it.each([
    [{ kind: 'network', message: 'Failed to fetch' } as Answer, 'retry'],
    [{ kind: 'timeout' } as Answer, 'retry'],
    [response(500), 'retry'],
    [response(502), 'retry'],
    [response(503), 'retry'],
    [response(408), 'retry'],
    [response(409), 'retry'],
    [response(429), 'retry'],
    [response(401), 'auth'],
    [response(400), 'attention'],
    [response(403), 'attention'],
    [response(403, { message: 'You must change your password before continuing', code: 'password_change_required' }), 'auth'],
    [response(404), 'attention'],
    [response(413), 'attention'],
    [response(422), 'attention'],
    [response(200), 'ok'],
    [response(201), 'ok'],
    [response(201, {}, { replayed: true }), 'ok'],
    [response(204, null, { isJson: false, text: '' }), 'ok'],
    [response(200, '<html>', { isJson: false, text: '<html>' }), 'retry'],
    [{ kind: 'stopped' } as Answer, 'stopped'],
  ])('%j → %s', (answer, verdict) => {
    expect(judge(answer).kind).toBe(verdict)
  })

  it('keeps the server message and Retry-After', () => {
    expect(judge(response(422, { message: 'Please enter a valid email address' }))).toMatchObject({ error: { status: 422, message: 'Please enter a valid email address' } })
    expect(judge(response(429, {}, { retryAfterMs: 30_000 }))).toMatchObject({ kind: 'retry', retryAfterMs: 30_000, cause: 'busy' })
    expect(judge(response(503))).toMatchObject({ kind: 'retry', cause: 'server', error: { message: 'The server had a problem (503). It will be sent automatically.' } })
    // The server asking for time (its database out of reach): never counted towards the poison valve.
    expect(judge(response(503, { message: 'The service is unavailable for a moment. Please try again shortly.' }, { retryAfterMs: 5_000 }))).toMatchObject({
      kind: 'retry', cause: 'busy', retryAfterMs: 5_000, error: { status: 503, message: 'The server is busy. It will be sent automatically.' },
    })
    expect(judge(response(500, {}, { retryAfterMs: 5_000 }))).toMatchObject({ kind: 'retry', cause: 'server' })
  })
})

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    const now = Date.parse('2025-06-01T00:00:00Z')
    expect(parseRetryAfter('1', now)).toBe(1_000)
    expect(parseRetryAfter(' 120 ', now)).toBe(120_000)
    expect(parseRetryAfter('Sun, 01 Jun 2025 00:01:00 GMT', now)).toBe(60_000)
    expect(parseRetryAfter('Sat, 31 May 2025 00:00:00 GMT', now)).toBe(0)
    expect(parseRetryAfter('soon', now)).toBeUndefined()
    expect(parseRetryAfter(null, now)).toBeUndefined()
  })
})
