// express-rate-limit's Store over the database (rate_limit_hits, db/shared-counters.ts): every
// server sharing the database counts one budget per limiter and key, and a restart forgets nothing.
// It must not hold any count in memory. A database error rejects, and express-rate-limit then
// fails the request (500) rather than letting it through unlimited: fail closed.
import type { Kysely } from 'kysely'
import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit'
import { countRateLimitHit, giveBackRateLimitHit, readRateLimitHits, resetRateLimitHits } from '../../db/shared-counters'
import type { Database } from '../../db/schema'

export class DatabaseRateLimitStore implements Store {
  /** Counts are shared between processes, so express-rate-limit must not treat keys as local. */
  readonly localKeys = false
  /** express-rate-limit tells stores apart by prefix when it checks a request is counted once per limiter. */
  readonly prefix: string
  private windowMs = 60_000

  constructor(
    private readonly db: Kysely<Database>,
    /** The limiter's name (e.g. `upload-url:account`): the same on every server. */
    readonly name: string,
  ) {
    this.prefix = `${name}:`
  }

  init(options: Options): void {
    this.windowMs = options.windowMs
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const hits = await readRateLimitHits(this.db, this.name, key)
    return hits && { totalHits: hits.hits, resetTime: hits.resetAt }
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const { hits, resetAt } = await countRateLimitHit(this.db, this.name, key, this.windowMs)
    return { totalHits: hits, resetTime: resetAt }
  }

  /** Refunds asked for in this turn of the event loop, by key: given back in one UPDATE. */
  private readonly refunds = new Map<string, { count: number; done: Promise<void> }>()

  /**
   * A costed request's refund arrives as one decrement per unit, all from the same 'finish' event
   * (a replayed batch of 10 upload URLs: 10 per limiter). They are summed until the next microtask and
   * given back in one UPDATE, not one each: 300 replayed batches were 6,000 UPDATEs on two rows, which
   * a busy PostgreSQL took longer than 15 s to drain. The count is held for that one microtask only.
   */
  decrement(key: string): Promise<void> {
    const pending = this.refunds.get(key)
    if (pending) {
      pending.count++
      return pending.done
    }
    const refund = { count: 1, done: Promise.resolve() }
    refund.done = Promise.resolve().then(() => {
      this.refunds.delete(key)
      return giveBackRateLimitHit(this.db, this.name, key, new Date(), refund.count)
    })
    this.refunds.set(key, refund)
    return refund.done
  }

  async resetKey(key: string): Promise<void> {
    await resetRateLimitHits(this.db, this.name, key)
  }

  async resetAll(): Promise<void> {
    await resetRateLimitHits(this.db, this.name)
  }
}

/** The factory createApp installs: every limiter counts in the database. */
export const databaseRateLimitStores = (db: Kysely<Database>) => (name: string) => new DatabaseRateLimitStore(db, name)
