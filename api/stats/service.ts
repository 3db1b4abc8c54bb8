// Dashboard stat cards (spec 001 §2, §3, §9). Counts are computed in code over the farmer dates
// because "today" is a Fiji calendar day that SQLite's UTC date functions cannot express.
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { DEFAULT_DAILY_RATE, MAX_DAILY_RATE, can, formatFjd, type AdminStats, type Role } from '../contract'
import { fijiDate, isActiveOn, isExpiredOn, isPendingOn, totalRevenue } from './subscriptions'

export async function dailyRateOf(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', 'dailyRate').executeTakeFirst()
  const rate = Number(row?.value)
  // A value outside the form's bounds (saved before they existed) is as unreadable as a missing one.
  return row && Number.isFinite(rate) && rate >= 0 && rate <= MAX_DAILY_RATE ? rate : DEFAULT_DAILY_RATE
}

/** The stat cards `role` may see (clarifications roles table); the others are left out, not zeroed. */
export async function adminStats(db: Kysely<Database>, role: Role, now = new Date()): Promise<AdminStats> {
  const rows = await db.selectFrom('farmers').select(['isActive', 'includeInCosting', 'subscriptionStart', 'subscriptionEnd', 'isDemo']).execute()
  const farmers = rows.map((r) => ({ ...r, isActive: r.isActive === 1, includeInCosting: r.includeInCosting === 1 }))
  const today = fijiDate(now)
  const stats: AdminStats = {
    totalFarmers: farmers.length,
    activeSubscriptions: farmers.filter((f) => isActiveOn(f, today)).length,
  }
  if (can(role, 'dashboard.revenueCards')) {
    stats.pendingSubscriptions = farmers.filter((f) => isPendingOn(f, today)).length
    const dailyRate = await dailyRateOf(db)
    stats.monthlyRevenue = formatFjd(totalRevenue(farmers, dailyRate, today))
    // Demo farmers' subscriptions are nobody's money: the card names their part (issue 17).
    const demoRevenue = totalRevenue(farmers.filter((f) => f.isDemo === 1), dailyRate, today)
    if (demoRevenue > 0) stats.demoRevenue = formatFjd(demoRevenue)
  }
  if (can(role, 'dashboard.adminSection')) {
    stats.expiredSubscriptions = farmers.filter((f) => isExpiredOn(f, today)).length
  }
  return stats
}
