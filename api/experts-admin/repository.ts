// Kysely access for the admin side of subject matter experts and expertise fields.
import type { Kysely, Updateable } from 'kysely'
import { portable } from '../../db/dialect'
import type { Database, NewSubjectMatterExpert, SubjectMatterExpertsTable } from '../../db/schema'

export function expertsAdminRepository(db: Kysely<Database>) {
  return {
    /** Newest first, as the admin cards show them. */
    list: () => db.selectFrom('subject_matter_experts').selectAll().orderBy('createdAt', 'desc').orderBy('name').execute(),
    find: (id: string) => db.selectFrom('subject_matter_experts').selectAll().where('id', '=', id).executeTakeFirst(),
    insert: async (row: NewSubjectMatterExpert) => {
      await db.insertInto('subject_matter_experts').values(row).execute()
    },
    update: async (id: string, patch: Updateable<SubjectMatterExpertsTable>) => {
      await db.updateTable('subject_matter_experts').set(patch).where('id', '=', id).execute()
    },
    /** Switches the expert on or off from `seen`; false when it no longer is `seen` (or is gone). */
    flipActive: async (id: string, seen: 0 | 1, updatedAt: string) =>
      Number((await db.updateTable('subject_matter_experts').set({ isActive: seen === 1 ? 0 : 1, updatedAt }).where('id', '=', id).where('isActive', '=', seen).executeTakeFirst()).numUpdatedRows) === 1,
    /** False when there was no such expert (any more). */
    delete: async (id: string) => Number((await db.deleteFrom('subject_matter_experts').where('id', '=', id).executeTakeFirst()).numDeletedRows) === 1,

    findField: (id: number) => db.selectFrom('expert_fields').selectAll().where('id', '=', id).executeTakeFirst(),
    findFieldByName: (name: string) =>
      db.selectFrom('expert_fields').selectAll().where(portable(db).caselessEquals('name', name)).executeTakeFirst(),
    insertField: async (name: string) => {
      const row = await db.insertInto('expert_fields').values({ name, isDefault: 0 }).returning(['id', 'name', 'isDefault']).executeTakeFirstOrThrow()
      return row
    },
    /** False when there was no such field (any more). */
    deleteField: async (id: number) => Number((await db.deleteFrom('expert_fields').where('id', '=', id).executeTakeFirst()).numDeletedRows) === 1,
  }
}
