// Kysely access for new farmer signups and the active reference names they are checked against.
import type { Kysely } from 'kysely'
import type { Database, NewFarmerSignup } from '../../db/schema'

export function farmerSignupsRepository(db: Kysely<Database>) {
  return {
    activeLocationNames: async () =>
      (await db.selectFrom('locations').select('name').where('isActive', '=', 1).execute()).map((r) => r.name),
    activeProduceNames: async () =>
      (await db.selectFrom('produce').select('name').where('isActive', '=', 1).execute()).map((r) => r.name),
    insert: async (trx: Kysely<Database>, row: NewFarmerSignup) => {
      await trx.insertInto('farmer_signups').values(row).execute()
    },
  }
}
