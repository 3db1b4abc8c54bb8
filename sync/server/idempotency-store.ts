// The storage contract behind the Idempotency-Key middleware. The API implements it over
// SQLite (table idempotency_keys, PK(scope, key)); memory-store.ts implements it for tests.
// Nothing here knows about HTTP.

export type ClaimResult =
  | { kind: 'claimed' }
  | { kind: 'completed'; fingerprint: string; status: number; body: string }
  | { kind: 'processing'; fingerprint: string }

export interface ClaimInput {
  scope: string
  key: string
  fingerprint: string
  lockToken: string
  now: Date
  staleAfterMs: number
  /**
   * A row created longer ago than this is expired: treated as absent (replaced by the new claim),
   * never replayed. Expired rows may be purged at any time.
   */
  ttlMs: number
}

export interface CompleteInput {
  scope: string
  key: string
  lockToken: string
  status: number
  body: string
  now: Date
}

export interface ReleaseInput {
  scope: string
  key: string
  lockToken: string
}

export interface IdempotencyStore<Tx> {
  /**
   * One short transaction of its own. Absent (scope, key): insert a 'processing' row with
   * lockToken and answer 'claimed'. A 'processing' row whose updatedAt is older than
   * staleAfterMs is taken over (new fingerprint, lockToken and updatedAt; answer 'claimed'):
   * its business write never committed, since that would have marked it completed.
   */
  claim(input: ClaimInput): Promise<ClaimResult>
  /**
   * Runs inside the caller's business transaction, so the key and the business row commit
   * together. Must throw (IdempotencyLockLostError) unless the row is still 'processing'
   * with this lockToken: a request that lost its claim to a takeover must roll back.
   */
  complete(tx: Tx, input: CompleteInput): Promise<void>
  /**
   * Deletes the row only while it is 'processing' with this lockToken, so releasing after a
   * committed completion, or after a takeover, changes nothing.
   */
  release(input: ReleaseInput): Promise<void>
  /**
   * The SHA-256 the server computed over the stored bytes of each photo path it knows (paths
   * lower-case, as given), so a replay may name other uploads of the very same photos. Optional:
   * without it a photo path must match exactly.
   */
  photoContentHashes?(paths: readonly string[]): Promise<ReadonlyMap<string, string>>
}

/** Thrown by complete(): answer 409 so the client retries and gets the winner's replay. */
export class IdempotencyLockLostError extends Error {
  readonly status = 409
  constructor(scope: string, key: string) {
    super(`Idempotency-Key claim lost for ${scope} / ${key}`)
    this.name = 'IdempotencyLockLostError'
  }
}
