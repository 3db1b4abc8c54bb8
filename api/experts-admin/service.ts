// Admin management of subject matter experts (spec 001 §2): admin-created experts start active,
// self-registered ones wait inactive until an admin flips them. Photos come from the signed-in
// 10 MB upload and are referenced in the expert's own transaction. Every change is audited.
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database, SubjectMatterExpertRow } from '../../db/schema'
import { staffWrite, type Actor } from '../audit/staff-write'
import {
  UPLOAD_MAX_BYTES,
  displayPhotoPath,
  messages,
  type Expert,
  type ExpertCreate,
  type ExpertField,
  type ExpertUpdate,
} from '../contract'
import { HttpError } from '../errors'
import { referencePhotos } from '../uploads/photo-references'
import { expertsAdminRepository } from './repository'

const notFound = () => new HttpError(404, messages.common.notFound)

export function toExpert(row: SubjectMatterExpertRow): Expert {
  return { ...row, photoUrl: row.photoUrl ? displayPhotoPath(row.photoUrl) : null, isActive: row.isActive === 1, isDemo: row.isDemo === 1 }
}

/** The nullable columns of an expert form ('' or absent is stored as null). */
function columnsOf(input: ExpertUpdate) {
  return {
    name: input.name,
    company: input.company || null,
    expertField: input.expertField || null,
    contactNumber: input.contactNumber,
    email: input.email,
    photoUrl: input.photoUrl || null,
    comments: input.comments || null,
  }
}

export function expertsAdminService(db: Kysely<Database>) {
  return {
    list: async (): Promise<Expert[]> => (await expertsAdminRepository(db).list()).map(toExpert),

    create: (actor: Actor, input: ExpertCreate): Promise<Expert> =>
      staffWrite(db, actor, async (trx) => {
        const repository = expertsAdminRepository(trx)
        const now = new Date()
        const id = randomUUID()
        await repository.insert({ id, ...columnsOf(input), isActive: input.isActive ? 1 : 0, createdAt: now.toISOString(), updatedAt: now.toISOString() })
        await referencePhotos(trx, input.photoUrl ? [input.photoUrl] : [], UPLOAD_MAX_BYTES, now)
        const created = toExpert((await repository.find(id))!)
        return { result: created, audit: { action: 'create_expert', targetType: 'expert', targetId: id, targetName: created.name, details: { email: created.email, isActive: created.isActive } } }
      }),

    update: (actor: Actor, id: string, input: ExpertUpdate): Promise<Expert> =>
      staffWrite(db, actor, async (trx) => {
        const repository = expertsAdminRepository(trx)
        const row = await repository.find(id)
        if (!row) throw notFound()
        const now = new Date()
        const columns = columnsOf(input)
        await repository.update(id, { ...columns, updatedAt: now.toISOString() })
        // Only a new photo needs referencing; the one already held stays referenced.
        if (columns.photoUrl && columns.photoUrl !== row.photoUrl) await referencePhotos(trx, [columns.photoUrl], UPLOAD_MAX_BYTES, now)
        const changed = (Object.keys(columns) as (keyof typeof columns)[]).filter((key) => columns[key] !== row[key])
        const updated = toExpert((await repository.find(id))!)
        return { result: updated, audit: { action: 'update_expert', targetType: 'expert', targetId: id, targetName: updated.name, details: changed.length ? `Changed: ${changed.join(', ')}` : 'No changes' } }
      }),

    toggleStatus: (actor: Actor, id: string): Promise<Expert> =>
      staffWrite(db, actor, async (trx) => {
        const repository = expertsAdminRepository(trx)
        const row = await repository.find(id)
        if (!row) throw notFound()
        // The flip is of the state this request read: two clicks at once (two servers) that read the
        // same state asked for the same change, so the second is refused instead of flipping it back
        // or recording the same change twice.
        if (!(await repository.flipActive(id, row.isActive, new Date().toISOString()))) {
          throw (await repository.find(id)) ? new HttpError(409, messages.experts.statusChangedMeanwhile) : notFound()
        }
        const toggled = toExpert((await repository.find(id))!)
        return {
          result: toggled,
          audit: { action: toggled.isActive ? 'activate_expert' : 'deactivate_expert', targetType: 'expert', targetId: id, targetName: toggled.name, details: { isActive: toggled.isActive } },
        }
      }),

    remove: (actor: Actor, id: string): Promise<void> =>
      staffWrite(db, actor, async (trx) => {
        const repository = expertsAdminRepository(trx)
        const row = await repository.find(id)
        if (!row) throw notFound()
        // A colleague's delete at the same moment (another server) leaves this one nothing: 404, one audit row.
        if (!(await repository.delete(id))) throw notFound()
        return { result: undefined, audit: { action: 'delete_expert', targetType: 'expert', targetId: id, targetName: row.name, details: { email: row.email } } }
      }),

    addField: (actor: Actor, name: string): Promise<ExpertField> =>
      staffWrite(db, actor, async (trx) => {
        const repository = expertsAdminRepository(trx)
        if (await repository.findFieldByName(name)) throw new HttpError(409, messages.experts.fieldNameTaken)
        const row = await repository.insertField(name)
        return { result: { ...row, isDefault: row.isDefault === 1 }, audit: { action: 'create_expert_field', targetType: 'expert_field', targetId: row.id, targetName: row.name } }
      }),

    removeField: (actor: Actor, id: number): Promise<void> =>
      staffWrite(db, actor, async (trx) => {
        const repository = expertsAdminRepository(trx)
        const row = await repository.findField(id)
        if (!row) throw notFound()
        // Experts keep the expertise text they chose: the list is only the form's options.
        if (!(await repository.deleteField(id))) throw notFound()
        return { result: undefined, audit: { action: 'delete_expert_field', targetType: 'expert_field', targetId: id, targetName: row.name } }
      }),
  }
}
