// Pricing and trial settings (spec 001 §3): dailyRate and trialPeriodDays in the settings table,
// with the spec's defaults when a key is missing or unreadable.
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { DEFAULT_TRIAL_PERIOD_DAYS, MAX_TRIAL_PERIOD_DAYS, type Settings, type SettingsUpdate } from '../contract'
import { dailyRateOf } from '../stats/service'
import { staffWrite, type Actor, type Tx } from '../audit/staff-write'

export async function trialPeriodDaysOf(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', 'trialPeriodDays').executeTakeFirst()
  const days = Number(row?.value)
  return row && Number.isInteger(days) && days >= 1 && days <= MAX_TRIAL_PERIOD_DAYS ? days : DEFAULT_TRIAL_PERIOD_DAYS
}

export async function readSettings(db: Kysely<Database>): Promise<Settings> {
  return { dailyRate: await dailyRateOf(db), trialPeriodDays: await trialPeriodDaysOf(db) }
}

async function upsert(trx: Tx, key: string, value: string, now: string) {
  await trx
    .insertInto('settings')
    .values({ key, value, createdAt: now, updatedAt: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updatedAt: now }))
    .execute()
}

export async function saveSettings(db: Kysely<Database>, actor: Actor, update: SettingsUpdate): Promise<Settings> {
  const before = await readSettings(db)
  const now = new Date().toISOString()
  await staffWrite(db, actor, async (trx) => {
    await upsert(trx, 'dailyRate', String(update.dailyRate), now)
    if (update.trialPeriodDays !== undefined) await upsert(trx, 'trialPeriodDays', String(update.trialPeriodDays), now)
    const changes = [`dailyRate: ${before.dailyRate} → ${update.dailyRate}`]
    if (update.trialPeriodDays !== undefined) changes.push(`trialPeriodDays: ${before.trialPeriodDays} → ${update.trialPeriodDays}`)
    return { result: undefined, audit: { action: 'update_settings', targetType: 'setting', targetName: 'pricing', details: changes.join('; ') } }
  })
  return readSettings(db)
}
