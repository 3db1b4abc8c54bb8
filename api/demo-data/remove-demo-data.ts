// `npm run remove-demo-data` (issue 17): removes every demo row and only those, in one transaction
// with one audit row, then the files of the photos only demo rows used. What marks a row as demo is
// its own `isDemo` (migration 0006), the demo agent its own e-mail; nothing here guesses from names.
// Files go after the commit: a rollback must never leave rows pointing at deleted photos.
import type { Kysely, Transaction } from 'kysely'
import { portable } from '../../db/dialect'
import type { Database } from '../../db/schema'
import { DEMO_AGENT_EMAIL } from '../../db/seed/index'
import { DEMO_DATA_REMOVED_SETTING } from '../../db/seed/demo'
import { insertAuditLog, type Actor } from '../audit/staff-write'
import { PHOTO_PATH_REGEX, displayPhotoPath } from '../contract'
import { removeFile, thumbnailFilePath, uploadFilePath } from '../uploads/storage'

/** Who the audit trail names for the removal: the machine's operator, not a signed-in user. */
export const REMOVE_DEMO_ACTOR: Actor = {
  userId: null,
  userEmail: null,
  userName: 'system',
  ipAddress: null,
  userAgent: 'npm run remove-demo-data',
}

export interface DemoRemoval {
  farmers: number
  farmerSignups: number
  farmerPayments: number
  platformReviews: number
  farmReviews: number
  experts: number
  staffAccounts: number
  photos: number
}

/** What was removed, one line each, as the command prints it. */
export function describeRemoval(removed: DemoRemoval): string[] {
  const rows: [string, number][] = [
    ['farmers', removed.farmers],
    ['farmer signups', removed.farmerSignups],
    ['payments', removed.farmerPayments],
    ['platform reviews', removed.platformReviews],
    ['farm reviews', removed.farmReviews],
    ['experts', removed.experts],
    ['staff accounts (the demo data agent)', removed.staffAccounts],
    ['photos', removed.photos],
  ]
  return rows.map(([what, n]) => `${String(n).padStart(5)}  ${what}`)
}

export const isNothingRemoved = (removed: DemoRemoval) => Object.values(removed).every((n) => n === 0)

const uploadIdOf = (photoPath: string) => PHOTO_PATH_REGEX.exec(displayPhotoPath(photoPath))?.[1]?.toLowerCase()

const parseList = (json: string): string[] => {
  const list: unknown = JSON.parse(json)
  return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : []
}

/** Photo paths demo rows use that no real row uses too (a path copied into a real record stays). */
async function demoOnlyPhotos(trx: Transaction<Database>): Promise<string[]> {
  const paths = new Set<string>()
  for (const table of ['farmers', 'farmer_signups'] as const) {
    const rows = await trx.selectFrom(table).select('photoUrls').where('isDemo', '=', 1).where('photoUrls', '!=', '[]').execute()
    for (const row of rows) for (const p of parseList(row.photoUrls)) paths.add(p)
  }
  const experts = await trx.selectFrom('subject_matter_experts').select('photoUrl').where('isDemo', '=', 1).where('photoUrl', 'is not', null).execute()
  for (const e of experts) if (e.photoUrl) paths.add(e.photoUrl)

  const sqlFor = portable(trx)
  const demoOnly: string[] = []
  for (const p of paths) {
    const real =
      (await trx.selectFrom('farmers').select('id').where('isDemo', '=', 0).where(sqlFor.jsonListContains('photoUrls', p)).executeTakeFirst()) ??
      (await trx.selectFrom('farmer_signups').select('id').where('isDemo', '=', 0).where(sqlFor.jsonListContains('photoUrls', p)).executeTakeFirst()) ??
      (await trx.selectFrom('subject_matter_experts').select('id').where('isDemo', '=', 0).where('photoUrl', '=', p).executeTakeFirst())
    if (!real) demoOnly.push(p)
  }
  return demoOnly
}

/**
 * Removes all demo data in one transaction and writes one audit row (none when there was nothing
 * to remove), then deletes the removed photos' files and thumbnails under `dataDir`.
 */
export async function removeDemoData(db: Kysely<Database>, options: { dataDir: string; now?: Date }): Promise<DemoRemoval> {
  const now = options.now ?? new Date()
  const { removed, uploadIds } = await db.transaction().execute(async (trx) => {
    const uploadIds = [...new Set((await demoOnlyPhotos(trx)).map(uploadIdOf).filter((id): id is string => id !== undefined))]
    const demoFarmers = trx.selectFrom('farmers').select('id').where('isDemo', '=', 1)
    const count = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows)

    // A review or payment of a demo farm is about nobody real, whoever wrote it; counted before the
    // farmers' delete would cascade to them unseen.
    const farmReviews = count(
      await trx.deleteFrom('farm_reviews').where((eb) => eb.or([eb('isDemo', '=', 1), eb('farmId', 'in', demoFarmers)])).executeTakeFirst(),
    )
    const farmerPayments = count(
      await trx.deleteFrom('farmer_payments').where((eb) => eb.or([eb('isDemo', '=', 1), eb('farmerId', 'in', demoFarmers)])).executeTakeFirst(),
    )
    const farmerSignups = count(await trx.deleteFrom('farmer_signups').where('isDemo', '=', 1).executeTakeFirst())
    const platformReviews = count(await trx.deleteFrom('platform_reviews').where('isDemo', '=', 1).executeTakeFirst())
    const experts = count(await trx.deleteFrom('subject_matter_experts').where('isDemo', '=', 1).executeTakeFirst())
    const farmers = count(await trx.deleteFrom('farmers').where('isDemo', '=', 1).executeTakeFirst())
    // Its sessions go with it; its audit rows stay, naming it (migration 0003).
    const staffAccounts = count(await trx.deleteFrom('admin_users').where('email', '=', DEMO_AGENT_EMAIL).executeTakeFirst())
    const photos = uploadIds.length === 0 ? 0 : count(await trx.deleteFrom('uploads').where('id', 'in', uploadIds).executeTakeFirst())

    const removed: DemoRemoval = { farmers, farmerSignups, farmerPayments, platformReviews, farmReviews, experts, staffAccounts, photos }
    if (!isNothingRemoved(removed)) {
      // Remembered so a later start with SEED_DEMO=1 on a now-empty database does not bring it back.
      await trx
        .insertInto('settings')
        .values({ key: DEMO_DATA_REMOVED_SETTING, value: now.toISOString(), createdAt: now.toISOString(), updatedAt: now.toISOString() })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: now.toISOString(), updatedAt: now.toISOString() }))
        .execute()
      await insertAuditLog(trx, REMOVE_DEMO_ACTOR, { action: 'remove_demo_data', targetType: 'demo_data', details: { ...removed } }, now)
    }
    return { removed, uploadIds }
  })
  for (const id of uploadIds) {
    await removeFile(uploadFilePath(options.dataDir, id))
    await removeFile(thumbnailFilePath(options.dataDir, id))
  }
  return removed
}
