// The cost breakdown page (spec 001 §2 /admin/cost-breakdown, §9 cost rules), computed by the server
// on the Fiji calendar so the page and the dashboard count the same way.
import { z } from 'zod'

/** One row of the Farmer Cost Breakdown table. */
export const FarmerCostSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string().nullable(),
  /** Flagged active and today inside the subscription (the public-listing rule). */
  isActive: z.boolean(),
  includeInCosting: z.boolean(),
  isTrialActive: z.boolean(),
  totalDays: z.number().int().nonnegative(),
  activeDays: z.number().int().nonnegative(),
  remainingDays: z.number().int().nonnegative(),
  totalCost: z.number().nonnegative(),
  subscriptionStart: z.string().nullable(),
  subscriptionEnd: z.string().nullable(),
  /** Demo data (db/seed): the row shows a 'Demo' badge. */
  isDemo: z.boolean(),
})
export type FarmerCost = z.infer<typeof FarmerCostSchema>

/** One row of the Monthly Revenue Breakdown table; `month` is 'YYYY-MM'. */
export const MonthlyRevenueSchema = z.object({
  month: z.string(),
  revenue: z.number().nonnegative(),
  activeFarmers: z.number().int().nonnegative(),
  averagePerFarmer: z.number().nonnegative(),
})
export type MonthlyRevenue = z.infer<typeof MonthlyRevenueSchema>

/**
 * GET /api/admin/cost-breakdown: the figures over every farmer, counted in SQL. The rows are paged
 * apart, GET /api/admin/cost-breakdown/farmers (issue 19).
 */
export const CostBreakdownSchema = z.object({
  dailyRate: z.number().nonnegative(),
  /** Total cost over farmers that are active and included in costing. */
  totalRevenue: z.number().nonnegative(),
  /** The part of totalRevenue from demo farmers (db/seed): sample subscriptions, nobody's money. */
  demoRevenue: z.number().nonnegative(),
  totalActiveDays: z.number().int().nonnegative(),
  months: z.array(MonthlyRevenueSchema),
  /** The total row: sum of revenue, maximum farmer count, average monthly revenue. */
  monthsTotal: z.object({
    revenue: z.number().nonnegative(),
    maxActiveFarmers: z.number().int().nonnegative(),
    averageMonthlyRevenue: z.number().nonnegative(),
  }),
})
export type CostBreakdown = z.infer<typeof CostBreakdownSchema>
