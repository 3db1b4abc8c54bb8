// Public reference lists the forms need (and the offline app keeps in IndexedDB). Produce and
// location writes move the directory version (migration 0002), so these answers are kept and
// revalidated with an ETag exactly like the directory's.
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { cachedAnswers, type AnswerCacheOptions } from '../directory/answer-cache'
import { directoryRepository } from '../directory/repository'
import { referenceRepository } from './repository'
import { contractRouter } from '../http/contract-router'

export function referenceRouter(db: Kysely<Database>, answers: AnswerCacheOptions = {}) {
  const repository = referenceRepository(db)
  const answer = cachedAnswers(directoryRepository(db).version, answers)
  const { router, on } = contractRouter()
  on('GET /api/locations', answer(() => repository.activeLocations()))
  on(
    'GET /api/produce',
    answer(async () => (await repository.activeProduce()).map((item) => ({ ...item, category: item.category || 'Other' }))),
  )
  return router
}
