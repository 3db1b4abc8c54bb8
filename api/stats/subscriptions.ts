// Subscription states and cost rules of spec 001 §4 and §9, as pure functions over a farmer's dates.
// Calendar comparisons are made on Fiji dates ("today in Fiji"), cost in whole days.
import { DateTime } from 'luxon'
import { FIJI_ZONE, fijiLocalMinute } from './fiji-clock'

export { FIJI_ZONE }
const DAY_MS = 24 * 60 * 60 * 1000

export interface SubscriptionFields {
  isActive: boolean
  includeInCosting: boolean
  subscriptionStart: string | null
  subscriptionEnd: string | null
}

/** 'YYYY-MM-DD' of an instant (or a bare date) on the Fiji calendar; such texts compare in date order. */
export function fijiDate(value: string | Date): string {
  if (value instanceof Date) return DateTime.fromJSDate(value, { zone: FIJI_ZONE }).toISODate() ?? ''
  return fijiLocalMinute(value)?.slice(0, 10) ?? ''
}

/** Flagged active and today (Fiji) between start and end inclusive: the public-listing rule. */
export function isActiveOn(farmer: SubscriptionFields, today: string): boolean {
  const { subscriptionStart: start, subscriptionEnd: end } = farmer
  return farmer.isActive && !!start && !!end && fijiDate(start) <= today && today <= fijiDate(end)
}

/** Start in the future (spec 001 §4 "pending"), whatever the flag says. */
export function isPendingOn(farmer: SubscriptionFields, today: string): boolean {
  return !!farmer.subscriptionStart && fijiDate(farmer.subscriptionStart) > today
}

/** End date already passed. */
export function isExpiredOn(farmer: SubscriptionFields, today: string): boolean {
  return !!farmer.subscriptionEnd && fijiDate(farmer.subscriptionEnd) < today
}

/** Days between start and end, rounded up; 0 without both dates (spec 001 §9). */
export function totalDays(farmer: Pick<SubscriptionFields, 'subscriptionStart' | 'subscriptionEnd'>): number {
  if (!farmer.subscriptionStart || !farmer.subscriptionEnd) return 0
  const span = Date.parse(farmer.subscriptionEnd) - Date.parse(farmer.subscriptionStart)
  return Number.isFinite(span) && span > 0 ? Math.ceil(span / DAY_MS) : 0
}

/** Total revenue: total days × daily rate over farmers that are active and included in costing. */
export function totalRevenue(farmers: SubscriptionFields[], dailyRate: number, today: string): number {
  return farmers.filter((f) => f.includeInCosting && isActiveOn(f, today)).reduce((sum, f) => sum + totalDays(f) * dailyRate, 0)
}
