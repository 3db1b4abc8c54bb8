// Per-address limit on password attempts (clarifications, Passwords): generous enough for an office
// or a mobile carrier's shared address, tight enough to stop guessing across many accounts.
import type { RequestHandler } from 'express'
import { rateLimit } from 'express-rate-limit'
import { LOGIN_IP_LIMIT, LOGIN_LOCK_WINDOW_MS, messages } from '../contract'

export function passwordAttemptLimit(options: { limit?: number; windowMs?: number } = {}): RequestHandler {
  return rateLimit({
    windowMs: options.windowMs ?? LOGIN_LOCK_WINDOW_MS,
    limit: options.limit ?? LOGIN_IP_LIMIT,
    // Only failures count: many staff signing in from one address never trip it.
    skipSuccessfulRequests: true,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, res, _next, limitOptions) => {
      res.status(limitOptions.statusCode).json({ message: messages.common.rateLimited })
    },
  })
}
