// Dashboard stat cards (spec 001 §3). GET /api/admin/stats is never cached.
import { z } from 'zod'
import './zod-config'

/** Currency display: FJ$ with 2 decimals (spec 001 §9). */
export function formatFjd(amount: number): string {
  return `FJ$${amount.toFixed(2)}`
}

/**
 * The server sends only the figures the caller's role may see (clarifications roles table): the
 * first two for every role, pendingSubscriptions and monthlyRevenue with dashboard.revenueCards,
 * expiredSubscriptions with dashboard.adminSection. The others are absent, not zero.
 */
export const AdminStatsSchema = z.object({
  totalFarmers: z.number().int().nonnegative(),
  activeSubscriptions: z.number().int().nonnegative(),
  pendingSubscriptions: z.number().int().nonnegative().optional(),
  expiredSubscriptions: z.number().int().nonnegative().optional(),
  /** Formatted text, e.g. 'FJ$0.00'. */
  monthlyRevenue: z.string().optional(),
  /** With monthlyRevenue, when demo farmers (db/seed) count in it: their part, formatted, so the card says so. */
  demoRevenue: z.string().optional(),
})
export type AdminStats = z.infer<typeof AdminStatsSchema>
