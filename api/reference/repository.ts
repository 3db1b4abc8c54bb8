import type { Kysely } from 'kysely'
import { portable } from '../../db/dialect'
import type { Database } from '../../db/schema'

export function referenceRepository(db: Kysely<Database>) {
  // Names are unique ignoring case and listed that way (SQLite: the NOCASE column; PostgreSQL: lower()).
  const byName = portable(db).caselessOrder('name')
  return {
    activeLocations: () =>
      db.selectFrom('locations').select(['id', 'name']).where('isActive', '=', 1).orderBy(byName).execute(),
    activeProduce: () =>
      db.selectFrom('produce').select(['id', 'name', 'category']).where('isActive', '=', 1).orderBy(byName).execute(),
  }
}
