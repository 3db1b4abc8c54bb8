// translations and translation_version queries. Writes run inside the caller's transaction
// (staffWrite), and every write moves the version row in that same transaction, so a kept public
// answer is never labelled newer than the corrections it holds.
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { TranslationStatus } from '../contract/i18n'

export interface CorrectionRow {
  locale: string
  key: string
  message: string
  status: TranslationStatus
  updatedAt: string
  updatedBy: string | null
}

export interface CorrectionWrite {
  key: string
  message: string
  status: TranslationStatus
}

type Executor = Kysely<Database>

export function translationsRepository(db: Executor) {
  return {
    async version(): Promise<number> {
      const row = await db.selectFrom('translation_version').select('version').where('id', '=', 1).executeTakeFirst()
      return Number(row?.version ?? 0)
    },

    async corrections(locale: string): Promise<CorrectionRow[]> {
      return db.selectFrom('translations').selectAll().where('locale', '=', locale).orderBy('key').execute()
    },

    async correction(locale: string, key: string): Promise<CorrectionRow | undefined> {
      return db.selectFrom('translations').selectAll().where('locale', '=', locale).where('key', '=', key).executeTakeFirst()
    },
  }
}

/** Upserts corrections of one language and moves the version once. */
export async function saveCorrections(trx: Executor, locale: string, rows: readonly CorrectionWrite[], updatedBy: string | null, now = new Date()): Promise<void> {
  const updatedAt = now.toISOString()
  for (const row of rows) {
    await trx
      .insertInto('translations')
      .values({ locale, key: row.key, message: row.message, status: row.status, updatedAt, updatedBy })
      .onConflict((oc) => oc.columns(['locale', 'key']).doUpdateSet({ message: row.message, status: row.status, updatedAt, updatedBy }))
      .execute()
  }
  if (rows.length > 0) await bumpVersion(trx)
}

/** Removes one correction; false when there was none. */
export async function deleteCorrection(trx: Executor, locale: string, key: string): Promise<boolean> {
  const result = await trx.deleteFrom('translations').where('locale', '=', locale).where('key', '=', key).executeTakeFirst()
  const isDeleted = Number(result.numDeletedRows) > 0
  if (isDeleted) await bumpVersion(trx)
  return isDeleted
}

async function bumpVersion(trx: Executor): Promise<void> {
  await trx.updateTable('translation_version').set((eb) => ({ version: eb('version', '+', 1) })).where('id', '=', 1).execute()
}
