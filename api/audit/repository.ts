// audit_logs queries. Writes happen only through staff-write.ts (inside the change's transaction).
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { AuditLog } from '../contract'
import type { InstantRange } from './purge-range'

export function auditRepository(db: Kysely<Database>) {
  return {
    /**
     * Newest first; the id breaks ties within one millisecond. `before` is the id of the last entry
     * already shown: the page continues after it in that same (createdAt, id) order.
     */
    async list({ limit, before }: { limit: number; before?: number }): Promise<AuditLog[]> {
      let query = db.selectFrom('audit_logs').selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(limit)
      if (before !== undefined) {
        const cursor = await db.selectFrom('audit_logs').select(['id', 'createdAt']).where('id', '=', before).executeTakeFirst()
        // A cursor purged meanwhile leaves nothing to continue from.
        if (!cursor) return []
        query = query.where((eb) =>
          eb.or([eb('createdAt', '<', cursor.createdAt), eb.and([eb('createdAt', '=', cursor.createdAt), eb('id', '<', cursor.id)])]),
        )
      }
      return query.execute()
    },

    async deleteInRange(trx: Kysely<Database>, { fromIso, beforeIso }: InstantRange): Promise<number> {
      const result = await trx.deleteFrom('audit_logs').where('createdAt', '>=', fromIso).where('createdAt', '<', beforeIso).executeTakeFirst()
      return Number(result.numDeletedRows)
    },
  }
}
