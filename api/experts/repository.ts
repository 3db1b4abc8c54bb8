// Kysely access for the public side of subject matter experts and expertise fields.
import type { Kysely } from 'kysely'
import type { Database, NewSubjectMatterExpert } from '../../db/schema'

export function expertsRepository(db: Kysely<Database>) {
  return {
    active: () =>
      db
        .selectFrom('subject_matter_experts')
        .select(['id', 'name', 'company', 'expertField', 'contactNumber', 'email', 'photoUrl', 'comments', 'createdAt', 'isDemo'])
        .where('isActive', '=', 1)
        .orderBy('name')
        .execute(),
    fields: () => db.selectFrom('expert_fields').select(['id', 'name', 'isDefault']).orderBy('id').execute(),
    insert: async (trx: Kysely<Database>, row: NewSubjectMatterExpert) => {
      await trx.insertInto('subject_matter_experts').values(row).execute()
    },
  }
}
