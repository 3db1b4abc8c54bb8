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

  async decrement(key: string): Promise<void> {
    await giveBackRateLimitHit(this.db, this.name, key)
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
