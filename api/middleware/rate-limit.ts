// The request limiters (express-rate-limit): every limited route builds its limiter here, so all
// of them answer the same 429 with Retry-After and keep their counters behind one store interface.
// - Anonymous public routes count per client address (req.ip, which honours TRUST_PROXY through
//   Express's 'trust proxy' hop count), sized for a town behind one carrier address.
// - Signed-in routes count per account, with a much larger per-address ceiling as a backstop: the
//   agents of a town share one carrier address and must not be throttled as one.
// Budgets and reasons: docs/decisions/010-lockout.md and 020-rate-limits-per-account.md.
import type { Request, RequestHandler, Response } from 'express'
import { MemoryStore, rateLimit, type Store } from 'express-rate-limit'
import type { SessionUser } from '../auth/sessions'
import { messages } from '../contract'

const MINUTE = 60_000

export type RateBudget = { windowMs: number; limit: number }

/** Per-address budgets of anonymous routes. */
export const RATE_LIMITS = {
  /** Public form submissions, each route counted on its own: reviews, farm reviews, farmer and expert signups. */
  publicForm: { windowMs: 15 * MINUTE, limit: 300 },
  /** Public upload URLs (expert and public farmer signup photos): up to 3 photos per signup, plus re-issues. */
  uploadUrl: { windowMs: 15 * MINUTE, limit: 600 },
  /** Analytics events: page views, searches and contact clicks of a whole office browsing. */
  analyticsEvent: { windowMs: MINUTE, limit: 300 },
} as const satisfies Record<string, RateBudget>

/** Signed-in budgets: per account, and per address as a backstop for a town's agents together. */
export const SIGNED_IN_LIMITS = {
  /** Upload URLs: an agent's day of 200 signups with 3 photos each is 600, twice over with re-issues. */
  uploadUrl: { perAccount: { windowMs: 15 * MINUTE, limit: 1_500 }, perAddress: { windowMs: 15 * MINUTE, limit: 20_000 } },
  /** Data-agent signups: a day's 200 at once, several times over. */
  dataAgentSignup: { perAccount: { windowMs: 15 * MINUTE, limit: 1_000 }, perAddress: { windowMs: 15 * MINUTE, limit: 10_000 } },
} as const satisfies Record<string, { perAccount: RateBudget; perAddress: RateBudget }>

/**
 * Where the counters live. createApp installs the database's store (rate-limit-store.ts) while it
 * builds its routers, so every server sharing the database counts one budget (decision 025); a
 * limiter built outside createApp (a router under test on its own) counts in memory. `name` tells
 * the limiters apart and must be the same on every server.
 */
export type RateLimitStoreFactory = (name: string) => Store
let storeFactory: RateLimitStoreFactory = () => new MemoryStore()

/** Limiters built after this call keep their counters in `factory`'s stores; the answer puts the previous factory back. */
export function useRateLimitStore(factory: RateLimitStoreFactory): () => void {
  const previous = storeFactory
  storeFactory = factory
  return () => {
    storeFactory = previous
  }
}

export interface RateLimitOptions extends RateBudget {
  /**
   * Requests that end this way are given back to the budget. Default: replays of a stored
   * Idempotency-Key (the stored answer is sent again) and the 409 for a key whose first request is
   * still running: both write nothing, and counting them let a phone's own retries use up its budget.
   */
  isRefunded?: (res: Response) => boolean
  /** Names this limiter's counters in the shared store: the same on every server, unique per limiter. */
  name: string
  /** How many hits this request counts as (a batch of upload URLs: one per photo); a refund gives back each. Default 1. */
  cost?: (req: Request) => number
}

/** A replay answered from the Idempotency-Key store, or its 409 while the key's first request runs (sync/server/idempotency.ts marks both). */
export const isIdempotentReplay = (res: Response) => res.getHeader('Idempotent-Replayed') === 'true' || res.locals.isIdempotencyInProgress === true

function limiter(
  { windowMs, limit, isRefunded = isIdempotentReplay, name, cost }: RateLimitOptions,
  key?: { of: (res: Response) => string | undefined },
): RequestHandler {
  const countOnce = rateLimit({
    windowMs,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store: storeFactory(name),
    ...(key && {
      keyGenerator: (_req, res) => key.of(res) ?? '',
      skip: (_req, res) => key.of(res) === undefined,
    }),
    // Counted when the request arrives (so a flood is refused before any database work), then
    // given back when it ends as a refund (a costed request: each of its units).
    skipSuccessfulRequests: true,
    requestWasSuccessful: (_req, res) => isRefunded(res),
    handler: (_req, res, _next, options) => {
      res.status(options.statusCode).json({ message: messages.common.rateLimited })
    },
    // A costed request is counted once per unit, on purpose.
    ...(cost && { validate: { singleCount: false } }),
  })
  if (!cost) return countOnce
  // Each unit is one hit, counted as a single request is (the same store, key, headers and 429):
  // the hit that passes the budget answers 429 and the rest are not counted.
  return (req, res, next) => {
    let left = Math.max(1, Math.floor(cost(req)))
    // Each unit waits on the answer for its refund: one 'finish' listener per unit is expected, not a leak.
    res.setMaxListeners(res.getMaxListeners() + left)
    const countNext = (error?: unknown): void => {
      left--
      if (error !== undefined || left === 0) return next(error)
      void countOnce(req, res, countNext)
    }
    void countOnce(req, res, countNext)
  }
}

export function perAddressLimit(options: RateLimitOptions): RequestHandler {
  return limiter(options)
}

/**
 * For routes only signed-in staff and agents reach: counted per account (the session's user, set
 * by authenticate()), then per address against a far larger ceiling.
 */
export function perAccountLimit(
  budgets: { perAccount: RateBudget; perAddress: RateBudget },
  name: string,
  options: Pick<RateLimitOptions, 'cost'> = {},
): RequestHandler {
  const account = limiter({ ...budgets.perAccount, name: `${name}:account`, ...options }, {
    of: (res) => (res.locals.user as SessionUser | undefined)?.id,
  })
  const address = limiter({ ...budgets.perAddress, name: `${name}:address`, ...options })
  return (req, res, next) => {
    void account(req, res, (error?: unknown) => (error === undefined ? address(req, res, next) : next(error)))
  }
}
