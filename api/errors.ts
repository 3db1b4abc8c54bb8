// The one error type and the one error handler: every failure answers `{ message }` in the spec's
// words; a 500 never leaks a stack or an SQL text to the client.
import type { ErrorRequestHandler, RequestHandler } from 'express'
import type { Logger } from 'pino'
import { isDatabaseUnavailable } from '../db'
import type { ErrorCode } from './contract'
import { messages } from './contract/messages'

/** Retry-After with a 503 for a database out of reach: a restart or a failover takes seconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 5

export class HttpError extends Error {
  /** A machine-readable reason (contract ERROR_CODES), for answers a client must tell apart. */
  code?: ErrorCode
  /** Sent as Retry-After with a 429 or 503, so a queued sender (the outbox) waits that long. */
  retryAfter?: number

  constructor(
    readonly status: number,
    message: string,
    readonly issues?: { path: string; message: string }[],
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

export const notFound = (message = 'Not found') => new HttpError(404, message)

export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(new HttpError(404, `No API route for ${req.method} ${req.originalUrl.split("?")[0]}`))
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    if (res.headersSent) {
      // A streamed answer (a CSV export) that failed half-way: it was cut short; say why in the log.
      logger.error({ err, method: req.method, path: req.path }, 'error after the answer began')
      return
    }
    if (err instanceof HttpError) {
      if (err.retryAfter !== undefined) res.setHeader('Retry-After', String(Math.max(1, Math.ceil(err.retryAfter))))
      res.status(err.status).json({ message: err.message, ...(err.issues && { issues: err.issues }), ...(err.code && { code: err.code }) })
      return
    }
    // body-parser's and the router's errors carry a status (400 bad JSON or a broken '%' escape in
    // the path, 413 too large); answer them plainly, each in its own words.
    const status = typeof err?.status === 'number' && err.status >= 400 && err.status < 500 ? err.status : 500
    if (status < 500) {
      res.status(status).json({ message: clientErrorMessage(err, status) })
      return
    }
    if (isDatabaseUnavailable(err)) {
      // Nothing is wrong with the request: the same request is answered once the database is back.
      logger.warn({ err, method: req.method, path: req.path }, 'database unavailable')
      res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
      res.status(503).json({ message: messages.common.serviceUnavailable })
      return
    }
    logger.error({ err, method: req.method, path: req.path }, 'unhandled error')
    res.status(500).json({ message: messages.common.internalServerError })
  }
}

/**
 * The text of a 4xx that is no HttpError: body-parser's JSON parse failure is a malformed JSON body,
 * its charset and encoding refusals say what to send instead; a path segment that does not decode (the router's URIError, '/api/farmers/%ZZ') is a
 * malformed path; anything else is a plain bad request.
 */
function clientErrorMessage(err: unknown, status: number): string {
  const type = (err as { type?: unknown }).type
  if (status === 413) return messages.common.payloadTooLarge
  if (type === 'entity.parse.failed') return messages.common.malformedJsonBody
  if (type === 'charset.unsupported') return messages.common.utf8JsonRequired
  if (type === 'encoding.unsupported') return messages.common.contentEncodingUnsupported
  if (err instanceof URIError) return messages.common.malformedPath
  return messages.common.badRequest
}
