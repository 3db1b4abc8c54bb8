// Dashboard stat cards (spec 001 §2, §3, §9), counted in SQL against the instants Fiji's day begins
// (as the staff lists filter) and the cost breakdown's revenue: never a row per farmer (issue 19).
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { DEFAULT_DAILY_RATE, MAX_DAILY_RATE, can, formatFjd, type AdminStats, type Role } from '../contract'
import { revenueTotals } from '../farmers/cost-totals'
import { farmersRepository } from '../farmers/repository'
import { fijiDate } from './subscriptions'

export async function dailyRateOf(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', 'dailyRate').executeTakeFirst()
  const rate = Number(row?.value)
  // A value outside the form's bounds (saved before they existed) is as unreadable as a missing one.
  return row && Number.isFinite(rate) && rate >= 0 && rate <= MAX_DAILY_RATE ? rate : DEFAULT_DAILY_RATE
}

/** The stat cards `role` may see (clarifications roles table); the others are left out, not zeroed. */
export async function adminStats(db: Kysely<Database>, role: Role, now = new Date()): Promise<AdminStats> {
  const today = fijiDate(now)
  const counts = await farmersRepository(db).subscriptionCounts(today)
  const stats: AdminStats = { totalFarmers: counts.total, activeSubscriptions: counts.active }
  if (can(role, 'dashboard.revenueCards')) {
    stats.pendingSubscriptions = counts.pending
    // The cost breakdown's Total Revenue, counted the same way (api/farmers/cost-totals.ts).
    const revenue = await revenueTotals(db, await dailyRateOf(db), today)
    stats.monthlyRevenue = formatFjd(revenue.totalRevenue)
    // Demo farmers' subscriptions are nobody's money: the card names their part (issue 17).
    if (revenue.demoRevenue > 0) stats.demoRevenue = formatFjd(revenue.demoRevenue)
  }
  if (can(role, 'dashboard.adminSection')) stats.expiredSubscriptions = counts.expired
  return stats
}
