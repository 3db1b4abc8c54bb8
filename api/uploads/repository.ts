// Kysely access to the uploads table (one row per issued upload URL).
import type { Kysely } from 'kysely'
import type { Database, UploadRow } from '../../db/schema'

export type UploadKind = UploadRow['kind']

export function uploadsRepository(db: Kysely<Database>) {
  return {
    async create(row: { id: string; kind: UploadKind; createdBy: string | null; createdAt: string }) {
      await db.insertInto('uploads').values({ ...row, status: 'pending' }).execute()
    },
    find: (id: string) => db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst(),
    /** Marks a pending upload stored; false when it was no longer pending (another PUT won). */
    async markStored(id: string, file: { contentType: string; size: number; sha256: string; storedAt: string }) {
      const result = await db
        .updateTable('uploads')
        .set({ ...file, status: 'stored' })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },
  }
}
