// The one per-address request limiter (express-rate-limit): every limited route builds its limiter
// here, so all of them key by the same client address (req.ip, which honours TRUST_PROXY through
// Express's 'trust proxy' hop count), answer the same 429 and carry Retry-After.
// Budgets are sized for one office or village behind one address: docs/decisions/010-lockout.md.
import type { RequestHandler, Response } from 'express'
import { rateLimit } from 'express-rate-limit'
import { messages } from '../contract'

const MINUTE = 60_000

/**
 * Per-address budgets. A data agent's phone flushing 50 queued signups with 3 photos each sends
 * 50 signups and 150 upload URLs in one go; the budgets leave room for that several times over.
 */
export const RATE_LIMITS = {
  /** Public form submissions, each route counted on its own: reviews, farm reviews, farmer and expert signups. */
  publicForm: { windowMs: 15 * MINUTE, limit: 300 },
  /** Upload URLs: up to 3 photos per signup, plus re-issues when a stored upload expired. */
  uploadUrl: { windowMs: 15 * MINUTE, limit: 600 },
  /** Analytics events: page views, searches and contact clicks of a whole office browsing. */
  analyticsEvent: { windowMs: MINUTE, limit: 300 },
} as const

export type RateBudget = { windowMs: number; limit: number }

export interface RateLimitOptions extends RateBudget {
  /**
   * Requests that end this way are given back to the address's budget. Default: replays of a
   * stored Idempotency-Key (they write nothing: the stored answer is sent again).
   */
  isRefunded?: (res: Response) => boolean
}

/** A replay answered from the Idempotency-Key store (sync/server/idempotency.ts marks it). */
export const isIdempotentReplay = (res: Response) => res.getHeader('Idempotent-Replayed') === 'true'

export function perAddressLimit({ windowMs, limit, isRefunded = isIdempotentReplay }: RateLimitOptions): RequestHandler {
  return rateLimit({
    windowMs,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    // Counted when the request arrives (so a flood is refused before any database work), then
    // given back when it ends as a refund.
    skipSuccessfulRequests: true,
    requestWasSuccessful: (_req, res) => isRefunded(res),
    handler: (_req, res, _next, options) => {
      res.status(options.statusCode).json({ message: messages.common.rateLimited })
    },
  })
}
