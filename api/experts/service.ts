// Experts on the public side: the directory shows active experts only; a self-registered expert
// starts inactive until an administrator activates them (spec 000 §4). The expert row, its photo
// reference and the Idempotency-Key record commit together.
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { recordIdempotent } from '../../sync/server/idempotency'
import {
  EXPERT_PHOTO_MAX_BYTES,
  displayPhotoPath,
  type ExpertCreatedResponse,
  type ExpertField,
  type ExpertRegistration,
  type PublicExpert,
} from '../contract'
import { referencePhotos } from '../uploads/photo-references'
import { expertsRepository } from './repository'

export function expertsService(db: Kysely<Database>) {
  const repository = expertsRepository(db)
  return {
    async activeExperts(): Promise<PublicExpert[]> {
      return (await repository.active()).map((e) => ({ ...e, photoUrl: e.photoUrl ? displayPhotoPath(e.photoUrl) : null, isDemo: e.isDemo === 1 }))
    },

    /** The spec's order (seeded by id), with 'Other' always last for the select. */
    async fields(): Promise<ExpertField[]> {
      const fields = (await repository.fields()).map((f) => ({ ...f, isDefault: f.isDefault === 1 }))
      return [...fields.filter((f) => f.name !== 'Other'), ...fields.filter((f) => f.name === 'Other')]
    },

    async register(expert: ExpertRegistration, locals: Record<string, unknown>): Promise<ExpertCreatedResponse> {
      const now = new Date()
      const answer: ExpertCreatedResponse = { id: randomUUID() }
      await db.transaction().execute(async (trx) => {
        await repository.insert(trx, {
          id: answer.id,
          name: expert.name,
          company: expert.company ?? null,
          expertField: expert.expertField ?? null,
          contactNumber: expert.contactNumber,
          email: expert.email,
          photoUrl: expert.photoUrl ?? null,
          comments: expert.comments ?? null,
          isActive: 0,
          createdAt: now.toISOString(),
          updatedAt: now.toISOString(),
        })
        await referencePhotos(trx, expert.photoUrl ? [expert.photoUrl] : [], EXPERT_PHOTO_MAX_BYTES, now, { onlyNew: true })
        await recordIdempotent(locals, trx, 201, answer)
      })
      return answer
    },
  }
}
