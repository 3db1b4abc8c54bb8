// Per-account sign-in lockout (clarifications, Passwords): 10 failures within 15 minutes lock the
// account for 15 minutes. The counters live on admin_users so the lock holds across restarts.
import type { Kysely, Transaction } from 'kysely'
import type { AdminUserRow, Database } from '../../db/schema'
import { LOGIN_LOCK_WINDOW_MS, LOGIN_MAX_FAILURES, messages } from '../contract'
import { HttpError } from '../errors'

export type LoginCounters = Pick<AdminUserRow, 'failedLoginCount' | 'failedLoginWindowStart' | 'lockedUntil'>

export const CLEARED_COUNTERS = { failedLoginCount: 0, failedLoginWindowStart: null, lockedUntil: null } as const

/** 429, not 423: clients (and the outbox) already treat 429 as "wait and retry later". */
export class AccountLockedError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, messages.auth.tooManyAttempts)
  }
}

export function isLocked(counters: Pick<LoginCounters, 'lockedUntil'>, now: Date): boolean {
  return counters.lockedUntil !== null && Date.parse(counters.lockedUntil) > now.getTime()
}

export function assertNotLocked(counters: Pick<LoginCounters, 'lockedUntil'>, now: Date): void {
  if (!isLocked(counters, now)) return
  const seconds = Math.ceil((Date.parse(counters.lockedUntil!) - now.getTime()) / 1000)
  throw new AccountLockedError(Math.max(1, seconds))
}

/**
 * The counters after one more failure. A failure more than 15 minutes after the window opened starts
 * a new window; the 10th failure inside a window locks the account and clears the count, so the
 * next 10 tries start afresh once the lock ends.
 */
export function countersAfterFailure(counters: LoginCounters, now: Date): LoginCounters {
  const windowStart = counters.failedLoginWindowStart ? Date.parse(counters.failedLoginWindowStart) : NaN
  const isWindowOpen = now.getTime() - windowStart < LOGIN_LOCK_WINDOW_MS
  const count = isWindowOpen ? counters.failedLoginCount + 1 : 1
  if (count >= LOGIN_MAX_FAILURES) {
    return { ...CLEARED_COUNTERS, lockedUntil: new Date(now.getTime() + LOGIN_LOCK_WINDOW_MS).toISOString() }
  }
  return {
    failedLoginCount: count,
    failedLoginWindowStart: isWindowOpen ? counters.failedLoginWindowStart : now.toISOString(),
    lockedUntil: counters.lockedUntil,
  }
}

/**
 * Records a failed password for an existing account; answers true when this failure locked it.
 * `onLock` runs in the same transaction (the audit row of the lock).
 */
export async function recordFailedPassword(
  db: Kysely<Database>,
  userId: string,
  options: { now?: Date; onLock?: (trx: Transaction<Database>) => Promise<void> } = {},
): Promise<boolean> {
  const now = options.now ?? new Date()
  // Read and write in one transaction so parallel failures cannot overwrite each other's count.
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('admin_users')
      .select(['failedLoginCount', 'failedLoginWindowStart', 'lockedUntil'])
      .where('id', '=', userId)
      .executeTakeFirst()
    if (!row) return false
    const next = countersAfterFailure(row, now)
    await trx.updateTable('admin_users').set(next).where('id', '=', userId).execute()
    const hasLocked = next.lockedUntil !== null && next.lockedUntil !== row.lockedUntil
    if (hasLocked) await options.onLock?.(trx)
    return hasLocked
  })
}
