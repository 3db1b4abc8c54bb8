// Sign-in lockout keyed by e-mail + client address (clarifications, Passwords; docs/decisions/010):
// 10 wrong passwords for one e-mail from one address within 15 minutes refuse that e-mail from that
// address for 15 minutes. Unknown e-mails are counted exactly like real ones, so neither the answer
// nor its timing says whether an account exists, and failures from one address never lock the
// account's owner out from another. Counters live in memory, beside the per-address limit.
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { LOGIN_LOCK_WINDOW_MS, LOGIN_MAX_FAILURES, messages } from '../contract'
import { HttpError } from '../errors'

/** 429, not 423: clients (and the outbox) already treat 429 as "wait and retry later". */
export class AccountLockedError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, messages.auth.tooManyAttempts)
  }
}

/** A password guess that missed: counts toward the lockout and the per-address limit; nothing else does. */
export class WrongPasswordError extends HttpError {}

interface Counters {
  failedCount: number
  windowStart: number
  lockedUntil: number
}

/** Past this many tracked (e-mail, address) pairs, ended ones are swept before a new one is added. */
const SWEEP_ABOVE = 10_000

export interface LoginThrottle {
  /** Throws AccountLockedError while `email` is locked from `address`. */
  assertNotLocked(email: string, address: string, now?: Date): void
  /** One more wrong password for `email` from `address`; answers true when this one locked it. */
  recordFailure(email: string, address: string, now?: Date): boolean
  /** A successful sign-in from `address` starts that pair afresh. */
  clear(email: string, address: string): void
  /** A new password (changed, or reset by an admin) lifts every lock on the e-mail. */
  clearEmail(email: string): void
}

export function createLoginThrottle(): LoginThrottle {
  // e-mail (lower-cased) → client address → counters.
  const byEmail = new Map<string, Map<string, Counters>>()
  let size = 0
  const norm = (email: string) => email.trim().toLowerCase()
  const isOver = (c: Counters, now: number) => c.lockedUntil <= now && now - c.windowStart >= LOGIN_LOCK_WINDOW_MS

  function sweep(now: number) {
    for (const [email, byAddress] of byEmail) {
      for (const [address, counters] of byAddress) {
        if (isOver(counters, now)) {
          byAddress.delete(address)
          size--
        }
      }
      if (byAddress.size === 0) byEmail.delete(email)
    }
  }

  return {
    assertNotLocked(email, address, now = new Date()) {
      const counters = byEmail.get(norm(email))?.get(address)
      if (!counters || counters.lockedUntil <= now.getTime()) return
      throw new AccountLockedError(Math.max(1, Math.ceil((counters.lockedUntil - now.getTime()) / 1000)))
    },

    recordFailure(email, address, date = new Date()) {
      const now = date.getTime()
      const key = norm(email)
      let byAddress = byEmail.get(key)
      let counters = byAddress?.get(address)
      if (!counters) {
        if (size >= SWEEP_ABOVE) sweep(now)
        if (!byAddress) byEmail.set(key, (byAddress = new Map()))
        counters = { failedCount: 0, windowStart: now, lockedUntil: 0 }
        byAddress.set(address, counters)
        size++
      }
      // A failure more than 15 minutes after the window opened starts a new window.
      if (now - counters.windowStart >= LOGIN_LOCK_WINDOW_MS) Object.assign(counters, { failedCount: 0, windowStart: now })
      counters.failedCount++
      if (counters.failedCount < LOGIN_MAX_FAILURES) return false
      // The 10th failure locks and clears the count, so the next 10 tries start afresh once the lock ends.
      Object.assign(counters, { failedCount: 0, windowStart: now, lockedUntil: now + LOGIN_LOCK_WINDOW_MS })
      return true
    },

    clear(email, address) {
      const byAddress = byEmail.get(norm(email))
      if (byAddress?.delete(address)) size--
    },

    clearEmail(email) {
      const byAddress = byEmail.get(norm(email))
      if (!byAddress) return
      size -= byAddress.size
      byEmail.delete(norm(email))
    },
  }
}

// One throttle per database, so the sign-in routes and the admin's password reset share it, and
// each test app (its own database) starts clean.
const throttles = new WeakMap<Kysely<Database>, LoginThrottle>()

export function loginThrottleFor(db: Kysely<Database>): LoginThrottle {
  let throttle = throttles.get(db)
  if (!throttle) throttles.set(db, (throttle = createLoginThrottle()))
  return throttle
}
