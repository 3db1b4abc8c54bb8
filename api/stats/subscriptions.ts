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

/** Days between start and end, rounded up; 0 without both dates (spec 001 §9). */
export function totalDays(farmer: Pick<SubscriptionFields, 'subscriptionStart' | 'subscriptionEnd'>): number {
  if (!farmer.subscriptionStart || !farmer.subscriptionEnd) return 0
  const span = Date.parse(farmer.subscriptionEnd) - Date.parse(farmer.subscriptionStart)
  return Number.isFinite(span) && span > 0 ? Math.ceil(span / DAY_MS) : 0
}

