// An in-memory IdempotencyStore for unit tests. Its toy transaction applies staged writes
// only when the work succeeds, so tests can show that the key and the business row commit
// or roll back together. Not for production: nothing survives a restart.
import { IdempotencyLockLostError, type ClaimInput, type ClaimResult, type CompleteInput, type IdempotencyStore, type ReleaseInput } from './idempotency-store'

export interface MemoryTx {
  /** check runs for every staged write before any apply, so a failed check applies nothing. */
  onCommit(apply: () => void, check?: () => void): void
}

export interface MemoryIdempotencyRow {
  scope: string
  key: string
  fingerprint: string
  status: 'processing' | 'completed'
  lockToken: string
  responseStatus: number | null
  responseBody: string | null
  createdAt: string
  updatedAt: string
}

export class MemoryIdempotencyStore implements IdempotencyStore<MemoryTx> {
  readonly rows = new Map<string, MemoryIdempotencyRow>()
  /** Stored photo bytes' SHA-256 by path, as the API's uploads table knows them. */
  readonly photoHashes = new Map<string, string>()

  get(scope: string, key: string): MemoryIdempotencyRow | undefined {
    return this.rows.get(rowId(scope, key))
  }

  async transaction<T>(work: (tx: MemoryTx) => Promise<T>): Promise<T> {
    const staged: Array<{ apply: () => void; check?: () => void }> = []
    const result = await work({ onCommit: (apply, check) => staged.push({ apply, check }) })
    for (const { check } of staged) check?.()
    for (const { apply } of staged) apply()
    return result
  }

  async claim(input: ClaimInput): Promise<ClaimResult> {
    const id = rowId(input.scope, input.key)
    const row = this.rows.get(id)
    const now = input.now.toISOString()
    const staleBefore = new Date(input.now.getTime() - input.staleAfterMs).toISOString()
    const expiredBefore = new Date(input.now.getTime() - input.ttlMs).toISOString()
    if (row === undefined || row.createdAt < expiredBefore) {
      this.rows.set(id, {
        scope: input.scope, key: input.key, fingerprint: input.fingerprint, status: 'processing',
        lockToken: input.lockToken, responseStatus: null, responseBody: null, createdAt: now, updatedAt: now,
      })
      return { kind: 'claimed' }
    }
    if (row.status === 'completed') {
      return { kind: 'completed', fingerprint: row.fingerprint, status: row.responseStatus ?? 200, body: row.responseBody ?? '' }
    }
    if (row.updatedAt < staleBefore) {
      Object.assign(row, { fingerprint: input.fingerprint, lockToken: input.lockToken, updatedAt: now })
      return { kind: 'claimed' }
    }
    return { kind: 'processing', fingerprint: row.fingerprint }
  }

  async complete(tx: MemoryTx, input: CompleteInput): Promise<void> {
    const check = () => {
      const row = this.get(input.scope, input.key)
      if (row?.status !== 'processing' || row.lockToken !== input.lockToken) throw new IdempotencyLockLostError(input.scope, input.key)
    }
    check()
    tx.onCommit(() => {
      Object.assign(this.get(input.scope, input.key)!, {
        status: 'completed', responseStatus: input.status, responseBody: input.body, updatedAt: input.now.toISOString(),
      })
    }, check)
  }

  async photoContentHashes(paths: readonly string[]): Promise<ReadonlyMap<string, string>> {
    return new Map(paths.flatMap((path) => {
      const hash = this.photoHashes.get(path)
      return hash === undefined ? [] : [[path, hash] as const]
    }))
  }

  async release(input: ReleaseInput): Promise<void> {
    const row = this.get(input.scope, input.key)
    if (row?.status === 'processing' && row.lockToken === input.lockToken) this.rows.delete(rowId(input.scope, input.key))
  }
}

function rowId(scope: string, key: string): string {
  return JSON.stringify([scope, key])
}
