// The database side of the Idempotency-Key protocol (sync/server/idempotency.ts owns the rules),
// on SQLite or PostgreSQL.
// `complete` runs inside the caller's business transaction: the stored answer and the business
// row commit together, so a lost response can always be replayed and never re-executed.
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../../db/schema'
import { photoPathForUploadId } from '../contract'
import { IDEMPOTENCY_MESSAGES, type IdempotencyStore } from '../../sync/server/idempotency'
import { HttpError } from '../errors'

export type Tx = Transaction<Database>

/** Expired keys are deleted at most this often, on a claim (one indexed range delete on createdAt). */
export const IDEMPOTENCY_PURGE_INTERVAL_MS = 60 * 60_000

/** Deletes keys first claimed before `before`; answers how many. */
export async function purgeExpiredIdempotencyKeys(db: Kysely<Database>, before: Date): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('createdAt', '<', before.toISOString()).executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** The Idempotency-Key store over the app's database (SQLite or PostgreSQL: one table, its unique key and transactions). */
export function databaseIdempotencyStore(db: Kysely<Database>): IdempotencyStore<Tx> {
  let lastPurgeAt = -Infinity
  return {
    claim: async ({ scope, key, fingerprint, lockToken, now, staleAfterMs, ttlMs }) => {
      const expiredBefore = new Date(now.getTime() - ttlMs)
      if (now.getTime() - lastPurgeAt >= IDEMPOTENCY_PURGE_INTERVAL_MS) {
        lastPurgeAt = now.getTime()
        await purgeExpiredIdempotencyKeys(db, expiredBefore)
      }
      return db.transaction().execute(async (trx) => {
        const find = () => trx.selectFrom('idempotency_keys').selectAll().where('scope', '=', scope).where('key', '=', key).executeTakeFirst()
        const found = await find()
        const at = now.toISOString()
        // Expired (between purges): forgotten, so claimed afresh rather than replayed.
        let existing = found && found.createdAt >= expiredBefore.toISOString() ? found : undefined
        if (found && !existing) await trx.deleteFrom('idempotency_keys').where('scope', '=', scope).where('key', '=', key).execute()
        if (!existing) {
          // On PostgreSQL another server (or connection) may insert the same key between the read and
          // this insert: the primary key decides, the insert waits for that claim to commit, and this
          // request then answers from its row instead of failing on the duplicate.
          const inserted = await trx
            .insertInto('idempotency_keys')
            .values({ scope, key, fingerprint, status: 'processing', lockToken, responseStatus: null, responseBody: null, createdAt: at, updatedAt: at })
            .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
            .executeTakeFirst()
          if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return { kind: 'claimed' as const }
          existing = await find()
          if (!existing) return { kind: 'processing' as const, fingerprint }
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
      })
    },

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

    async photoContentHashes(paths) {
      const byId = new Map(paths.map((path) => [path.slice(photoPathForUploadId('').length), path]))
      if (byId.size === 0) return new Map()
      const stored = await db
        .selectFrom('uploads')
        .select(['id', 'sha256'])
        .where('id', 'in', [...byId.keys()])
        .where('status', '=', 'stored')
        .where('sha256', 'is not', null)
        .execute()
      return new Map(stored.flatMap(({ id, sha256 }) => (sha256 === null || !byId.has(id) ? [] : [[byId.get(id)!, sha256] as const])))
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
