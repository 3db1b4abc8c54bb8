// Kysely access to the uploads table (one row per issued upload URL).
import type { Kysely } from 'kysely'
import type { Database, UploadRow } from '../../db/schema'

export type UploadKind = UploadRow['kind']

export function uploadsRepository(db: Kysely<Database>) {
  return {
    /** One row per issued upload URL, in one statement (so one commit for a batch). */
    async create(rows: readonly { id: string; kind: UploadKind; createdBy: string | null; createdAt: string }[]) {
      await db.insertInto('uploads').values(rows.map((row) => ({ ...row, status: 'pending' as const }))).execute()
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
