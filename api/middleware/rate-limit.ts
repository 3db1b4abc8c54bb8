// The request limiters (express-rate-limit): every limited route builds its limiter here, so all
// of them answer the same 429 with Retry-After and keep their counters behind one store interface.
// - Anonymous public routes count per client address (req.ip, which honours TRUST_PROXY through
//   Express's 'trust proxy' hop count), sized for a town behind one carrier address.
// - Signed-in routes count per account, with a much larger per-address ceiling as a backstop: the
//   agents of a town share one carrier address and must not be throttled as one.
// Budgets and reasons: docs/decisions/010-lockout.md and 020-rate-limits-per-account.md.
import type { Request, RequestHandler, Response } from 'express'
import { MemoryStore, rateLimit, type Store } from 'express-rate-limit'
import { WRITES_NOTHING_EVENT } from '../../sync/server/idempotency'
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
   * Requests whose answer finishes this way are given back to the budget (login: every attempt but
   * a wrong password). Whatever this says, a request the Idempotency-Key layer finds to write
   * nothing (a replay of a stored answer, the 409 of a key still running) is given back the moment
   * that is decided: counting a phone's own retries would let them use up its budget.
   */
  isRefunded?: (res: Response) => boolean
  /** Names this limiter's counters in the shared store: the same on every server, unique per limiter. */
  name: string
  /** How many hits this request counts as (a batch of upload URLs: one per photo); a refund gives back each. Default 1. */
  cost?: (req: Request) => number
}

/** The hits one limiter counted for one request (a key per unit), and whether they were given back. */
type Counted = { keys: string[]; isGivenBack: boolean }

function limiter({ windowMs, limit, isRefunded, name, cost }: RateLimitOptions, key?: { of: (res: Response) => string | undefined }): RequestHandler {
  const store = storeFactory(name)
  // Where express-rate-limit leaves this limiter's verdict (with the key it counted under) on the
  // request: a name of its own, as the account's and the address's limiters count the same request.
  const verdict = `rateLimit:${name}`
  const counted = new WeakMap<Response, Counted>()
  const giveBack = (hits: Counted) => {
    if (hits.isGivenBack) return
    hits.isGivenBack = true
    // A refund the database fails to take is lost, as express-rate-limit's own would be: the request goes on.
    for (const hitKey of hits.keys) void Promise.resolve(store.decrement(hitKey)).catch(() => undefined)
  }
  /** Notes the key a unit was counted under, so that a request found to write nothing gives its hits back at once. */
  const noteHit = (req: Request, res: Response) => {
    const hitKey = (req as unknown as Record<string, { key?: string } | undefined>)[verdict]?.key
    if (hitKey === undefined) return
    let hits = counted.get(res)
    if (!hits) {
      hits = { keys: [], isGivenBack: false }
      counted.set(res, hits)
      const ours = hits
      res.once(WRITES_NOTHING_EVENT, () => giveBack(ours))
    }
    hits.keys.push(hitKey)
  }
  const rateLimited = rateLimit({
    windowMs,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store,
    requestPropertyName: verdict,
    ...(key && {
      keyGenerator: (_req, res) => key.of(res) ?? '',
      skip: (_req, res) => key.of(res) === undefined,
    }),
    // Counted when the request arrives (so a flood is refused before any database work); a refund
    // named by isRefunded is given back when the answer finishes (a costed request: each unit).
    ...(isRefunded && {
      skipSuccessfulRequests: true,
      requestWasSuccessful: (_req: Request, res: Response) => counted.get(res)?.isGivenBack !== true && isRefunded(res),
    }),
    handler: (_req, res, _next, options) => {
      res.status(options.statusCode).json({ message: messages.common.rateLimited })
    },
    // A costed request is counted once per unit, on purpose.
    ...(cost && { validate: { singleCount: false } }),
  })
  // Past the budget the limiter answers 429 and never calls on: only a counted hit is noted.
  const countOnce: RequestHandler = (req, res, next) =>
    rateLimited(req, res, (error?: unknown) => {
      if (error === undefined) noteHit(req, res)
      next(error)
    })
  if (!cost) return countOnce
  // Each unit is one hit, counted as a single request is (the same store, key, headers and 429):
  // the hit that passes the budget answers 429 and the rest are not counted.
  return (req, res, next) => {
    let left = Math.max(1, Math.floor(cost(req)))
    // With isRefunded, each unit waits on the answer for its refund: one 'finish' listener per unit is expected, not a leak.
    if (isRefunded) res.setMaxListeners(res.getMaxListeners() + left)
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
