// /api/admin/settings: read (costing.view) and save (settings.edit, global admin). HTTP only.
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { SettingsUpdateSchema, type SettingsUpdate } from '../contract'
import { noStore } from '../auth/http'
import { actorOf } from '../audit/staff-write'
import { contractRouter } from '../http/contract-router'
import { validate } from '../middleware/validate'
import { readSettings, saveSettings } from './service'

export function settingsRouter(db: Kysely<Database>) {
  const { router, on } = contractRouter()
  on('GET /api/admin/settings', noStore, async (_req, res) => {
    res.json(await readSettings(db))
  })
  on('POST /api/admin/settings', validate({ body: SettingsUpdateSchema }), async (req, res) => {
    res.json(await saveSettings(db, actorOf(req, res), res.locals.body as SettingsUpdate))
  })
  return router
}
