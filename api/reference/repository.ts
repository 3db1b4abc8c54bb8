import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'

export function referenceRepository(db: Kysely<Database>) {
  return {
    activeLocations: () =>
      db.selectFrom('locations').select(['id', 'name']).where('isActive', '=', 1).orderBy('name').execute(),
    activeProduce: () =>
      db.selectFrom('produce').select(['id', 'name', 'category']).where('isActive', '=', 1).orderBy('name').execute(),
  }
}
