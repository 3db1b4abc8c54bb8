// Loads each reference list only into an empty table: once staff have edited a list (even
// deleted rows from it), a restart must not bring the defaults back.
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../schema'
import { randomBytes } from 'node:crypto'
import { DEFAULT_SETTINGS, FARM_REVIEW_SENDER_SECRET, EXPERT_FIELDS, LOCATIONS, PRODUCE, PRODUCE_CATEGORIES } from './reference-data'

type ListTable = 'locations' | 'produce_categories' | 'produce' | 'expert_fields'

async function isEmpty(trx: Transaction<Database>, table: ListTable): Promise<boolean> {
  const row = await trx.selectFrom(table).select('id').limit(1).executeTakeFirst()
  return row === undefined
}

export async function seedReferenceData(db: Kysely<Database>, nowIso: string): Promise<void> {
  const stamps = { createdAt: nowIso, updatedAt: nowIso }
  await db.transaction().execute(async (trx) => {
    if (await isEmpty(trx, 'locations')) {
      await trx.insertInto('locations').values(LOCATIONS.map((name) => ({ name, ...stamps }))).execute()
    }
    if (await isEmpty(trx, 'produce_categories')) {
      await trx
        .insertInto('produce_categories')
        .values(PRODUCE_CATEGORIES.map((name) => ({ name, ...stamps })))
        .execute()
    }
    if (await isEmpty(trx, 'produce')) {
      await trx.insertInto('produce').values(PRODUCE.map((p) => ({ ...p, ...stamps }))).execute()
    }
    if (await isEmpty(trx, 'expert_fields')) {
      await trx
        .insertInto('expert_fields')
        .values(EXPERT_FIELDS.map((name) => ({ name, isDefault: 1 as const })))
        .execute()
    }
    // Settings go by key, so a setting added in a later release reaches existing databases too.
    await trx
      .insertInto('settings')
      .values([
        ...DEFAULT_SETTINGS.map((s) => ({ ...s, ...stamps })),
        { key: FARM_REVIEW_SENDER_SECRET, value: randomBytes(32).toString('base64url'), ...stamps },
      ])
      .onConflict((oc) => oc.column('key').doNothing())
      .execute()
  })
}
