// The SQLite side of the Idempotency-Key protocol (sync/server/idempotency.ts owns the rules).
// `complete` runs inside the caller's business transaction: the stored answer and the business
// row commit together, so a lost response can always be replayed and never re-executed.
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../../db/schema'
import { IDEMPOTENCY_MESSAGES, type IdempotencyStore } from '../../sync/server/idempotency'
import { HttpError } from '../errors'

export type Tx = Transaction<Database>

export function sqliteIdempotencyStore(db: Kysely<Database>): IdempotencyStore<Tx> {
  return {
    claim: ({ scope, key, fingerprint, lockToken, now, staleAfterMs }) =>
      db.transaction().execute(async (trx) => {
        const existing = await trx
          .selectFrom('idempotency_keys')
          .selectAll()
          .where('scope', '=', scope)
          .where('key', '=', key)
          .executeTakeFirst()
        const at = now.toISOString()
        if (!existing) {
          await trx
            .insertInto('idempotency_keys')
            .values({ scope, key, fingerprint, status: 'processing', lockToken, responseStatus: null, responseBody: null, createdAt: at, updatedAt: at })
            .execute()
          return { kind: 'claimed' as const }
        }
        if (existing.status === 'completed') {
          return { kind: 'completed' as const, fingerprint: existing.fingerprint, status: existing.responseStatus ?? 200, body: existing.responseBody ?? 'null' }
        }
        const isStale = now.getTime() - Date.parse(existing.updatedAt) > staleAfterMs
        if (isStale) {
          // Its business transaction never committed (complete would have marked it), so running again is safe.
          await trx
            .updateTable('idempotency_keys')
            .set({ lockToken, fingerprint, updatedAt: at })
            .where('scope', '=', scope)
            .where('key', '=', key)
            .execute()
          return { kind: 'claimed' as const }
        }
        return { kind: 'processing' as const, fingerprint: existing.fingerprint }
      }),

    async complete(tx, { scope, key, lockToken, status, body, now }) {
      const result = await tx
        .updateTable('idempotency_keys')
        .set({ status: 'completed', responseStatus: status, responseBody: body, updatedAt: now.toISOString() })
        .where('scope', '=', scope)
        .where('key', '=', key)
        .where('lockToken', '=', lockToken)
        .where('status', '=', 'processing')
        .executeTakeFirst()
      if (Number(result.numUpdatedRows) !== 1) {
        // Another attempt took the claim over; rolling back keeps exactly one business row, and the
        // client's retry gets the other attempt's answer replayed.
        throw new HttpError(409, IDEMPOTENCY_MESSAGES.inProgress)
      }
    },

    async release({ scope, key, lockToken }) {
      await db
        .deleteFrom('idempotency_keys')
        .where('scope', '=', scope)
        .where('key', '=', key)
        .where('lockToken', '=', lockToken)
        .where('status', '=', 'processing')
        .execute()
    },
  }
}
