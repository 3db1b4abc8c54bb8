// Dashboard stat cards (spec 001 §3). GET /api/admin/stats is never cached.
import { z } from 'zod'
import './zod-config'

/** Currency display: FJ$ with 2 decimals (spec 001 §9). */
export function formatFjd(amount: number): string {
  return `FJ$${amount.toFixed(2)}`
}

export const AdminStatsSchema = z.object({
  totalFarmers: z.number().int().nonnegative(),
  activeSubscriptions: z.number().int().nonnegative(),
  pendingSubscriptions: z.number().int().nonnegative(),
  expiredSubscriptions: z.number().int().nonnegative(),
  /** Formatted text, 'FJ$0' when there is none. */
  monthlyRevenue: z.string().default('FJ$0'),
})
export type AdminStats = z.infer<typeof AdminStatsSchema>
