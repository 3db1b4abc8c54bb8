// Sign-in lockout keyed by e-mail + client address (clarifications, Passwords; docs/decisions/010):
// 10 wrong passwords for one e-mail from one address within 15 minutes refuse that e-mail from that
// address for 15 minutes. Unknown e-mails are counted exactly like real ones, so neither the answer
// nor its timing says whether an account exists, and failures from one address never lock the
// account's owner out from another. Counters live in the database, so every server agrees (decision 025).
import type { Kysely } from 'kysely'
import { clearLoginFailures, countLoginFailure, loginLockedUntil, purgeEndedLoginFailures } from '../../db/shared-counters'
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

export interface LoginThrottle {
  /** Throws AccountLockedError while `email` is locked from `address`. */
  assertNotLocked(email: string, address: string, now?: Date): Promise<void>
  /** One more wrong password for `email` from `address`; answers true when this one locked it. */
  recordFailure(email: string, address: string, now?: Date): Promise<boolean>
  /** A successful sign-in from `address` starts that pair afresh. */
  clear(email: string, address: string): Promise<void>
  /** A new password (changed, or reset by an admin) lifts every lock on the e-mail. */
  clearEmail(email: string): Promise<void>
}

const norm = (email: string) => email.trim().toLowerCase()
const RULE = { windowMs: LOGIN_LOCK_WINDOW_MS, maxFailures: LOGIN_MAX_FAILURES }

/**
 * The counters are rows of login_failures (db/shared-counters.ts), so every server sharing the
 * database counts the same failures, and a lock outlives a restart.
 */
export function loginThrottleFor(db: Kysely<Database>): LoginThrottle {
  return {
    async assertNotLocked(email, address, now = new Date()) {
      const lockedUntil = await loginLockedUntil(db, norm(email), address)
      if (lockedUntil <= now.getTime()) return
      throw new AccountLockedError(Math.max(1, Math.ceil((lockedUntil - now.getTime()) / 1000)))
    },
    recordFailure: (email, address, now) => countLoginFailure(db, norm(email), address, RULE, now),
    clear: (email, address) => clearLoginFailures(db, norm(email), address),
    clearEmail: (email) => clearLoginFailures(db, norm(email)),
  }
}

/** Deletes the pairs whose window and lock have both ended (a scheduled job); answers how many. */
export const purgeEndedLockouts = (db: Kysely<Database>, now = new Date()) => purgeEndedLoginFailures(db, LOGIN_LOCK_WINDOW_MS, now)
