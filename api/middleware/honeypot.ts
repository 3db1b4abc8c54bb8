// The public forms' honeypot (api/contract/honeypot.ts): a body with the hidden field filled is
// answered as if accepted, before the Idempotency-Key claim and validation, so nothing at all is
// written and the answer looks like any other success.
import type { RequestHandler } from 'express'
import { isHoneypotFilled } from '../contract'

/** `fakeAnswer` builds the 201 body a real submission would get. */
export function honeypot(fakeAnswer: (body: Record<string, unknown>) => unknown): RequestHandler {
  return (req, res, next) => {
    const body: unknown = req.body
    if (!isHoneypotFilled(body)) return next()
    res.status(201).json(fakeAnswer(body as Record<string, unknown>))
  }
}
