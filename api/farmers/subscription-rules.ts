// Subscription, trial and cost rules of spec 001 §4 and §9 as pure functions over a farmer's dates,
// on the Fiji calendar. Builds on api/stats/subscriptions.ts (the dashboard's counts) so the two
// never disagree. Day counts: a calendar day is counted once, the first and the last included.
import { DateTime } from 'luxon'
import type { FarmerCost, FarmerDisplayStatus } from '../contract'
import { FOLLOW_UP_AFTER_DAYS } from '../contract/subscription-terms'
import { FIJI_ZONE, fijiDate, isActiveOn, totalDays, type SubscriptionFields } from '../stats/subscriptions'

export { fijiDate, isActiveOn, totalDays, type SubscriptionFields }

const DAY_MS = 24 * 60 * 60 * 1000
/** Activate gives 90 days (spec 001 §4: 2160 hours). */
export const ACTIVATE_HOURS = 2160
/** Deactivate puts the subscription in the past: start 60 days ago, end 1 day ago. */
export const DEACTIVATE_START_DAYS_AGO = 60
export const DEACTIVATE_END_DAYS_AGO = 1

/** Whole days from Fiji date `from` to Fiji date `to` ('YYYY-MM-DD'); negative when `to` is earlier. */
export function daysFromTo(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS)
}

/** 'YYYY-MM-DD' `days` after (or before) a Fiji date. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)
}

/** The instant a Fiji calendar day begins, as `toISOString()` text (compares with stored instants). */
export function fijiMidnightIso(date: string): string {
  return DateTime.fromISO(date, { zone: FIJI_ZONE }).toUTC().toISO()!
}

/**
 * Management display status (spec 001 §4): inactive without both dates; expired once the end date
 * has passed, expired_followup when it passed more than 30 days ago; pending while the start is in
 * the future; otherwise active when flagged active (inactive when not).
 */
export function displayStatus(farmer: SubscriptionFields, today: string): FarmerDisplayStatus {
  const { subscriptionStart: start, subscriptionEnd: end } = farmer
  if (!start || !end) return 'inactive'
  const endDate = fijiDate(end)
  if (endDate < today) return daysFromTo(endDate, today) > FOLLOW_UP_AFTER_DAYS ? 'expired_followup' : 'expired'
  if (fijiDate(start) > today) return 'pending'
  return farmer.isActive ? 'active' : 'inactive'
}

/** Activate: today 00:00 in Fiji, for 2160 hours; flagged active. */
export function activateDates(now: Date): { subscriptionStart: string; subscriptionEnd: string } {
  const start = DateTime.fromJSDate(now, { zone: FIJI_ZONE }).startOf('day')
  return { subscriptionStart: start.toUTC().toISO()!, subscriptionEnd: start.plus({ hours: ACTIVATE_HOURS }).toUTC().toISO()! }
}

/** Deactivate: start 60 days ago, end 1 day ago; flagged inactive. */
export function deactivateDates(now: Date): { subscriptionStart: string; subscriptionEnd: string } {
  return {
    subscriptionStart: new Date(now.getTime() - DEACTIVATE_START_DAYS_AGO * DAY_MS).toISOString(),
    subscriptionEnd: new Date(now.getTime() - DEACTIVATE_END_DAYS_AGO * DAY_MS).toISOString(),
  }
}

/** Days elapsed from the start up to today or the end, whichever is earlier, today included; never above the total. */
export function activeDays(farmer: Pick<SubscriptionFields, 'subscriptionStart' | 'subscriptionEnd'>, today: string): number {
  const { subscriptionStart: start, subscriptionEnd: end } = farmer
  if (!start || !end) return 0
  const startDate = fijiDate(start)
  if (today < startDate) return 0
  const endDate = fijiDate(end)
  const upTo = today < endDate ? today : endDate
  return Math.min(daysFromTo(startDate, upTo) + 1, totalDays(farmer))
}

/** Days left to the end: the total less the days already active (0 once expired). */
export function remainingDays(farmer: Pick<SubscriptionFields, 'subscriptionStart' | 'subscriptionEnd'>, today: string): number {
  return Math.max(0, totalDays(farmer) - activeDays(farmer, today))
}

/** Days since the end date (expired list); 0 while not expired. */
export function daysSinceLastActive(subscriptionEnd: string, today: string): number {
  return Math.max(0, daysFromTo(fijiDate(subscriptionEnd), today))
}

/** Days until the start date (active-pending list); 0 once started. */
export function daysUntilActive(subscriptionStart: string, today: string): number {
  return Math.max(0, daysFromTo(today, fijiDate(subscriptionStart)))
}

export const roundMoney = (amount: number) => Math.round(amount * 100) / 100

interface CostingFarmer extends SubscriptionFields {
  id: string
  name: string
  email: string | null
  isTrialActive: boolean
  isDemo?: boolean
}

/** One row of the cost table; the page's totals and months are counted in SQL (cost-totals.ts). */
export function farmerCost(farmer: CostingFarmer, dailyRate: number, today: string): FarmerCost {
  const days = totalDays(farmer)
  return {
    id: farmer.id,
    name: farmer.name,
    email: farmer.email,
    isActive: isActiveOn(farmer, today),
    includeInCosting: farmer.includeInCosting,
    isTrialActive: farmer.isTrialActive,
    isDemo: farmer.isDemo === true,
    totalDays: days,
    activeDays: activeDays(farmer, today),
    remainingDays: remainingDays(farmer, today),
    totalCost: roundMoney(days * dailyRate),
    subscriptionStart: farmer.subscriptionStart,
    subscriptionEnd: farmer.subscriptionEnd,
  }
}

export interface TrialFields {
  isTrialActive: boolean
  trialStartDate: string | null
  trialEndDate: string | null
}

/** A trial of `days` days starting now. */
export function trialDates(now: Date, days: number): { trialStartDate: string; trialEndDate: string } {
  return { trialStartDate: now.toISOString(), trialEndDate: new Date(now.getTime() + days * DAY_MS).toISOString() }
}

/** 'Active' while flagged and the end date not passed; 'Expired' after it (or when the flag was cleared). */
export function trialStatus(trial: TrialFields, today: string): 'Active' | 'Expired' {
  return trial.isTrialActive && !!trial.trialEndDate && fijiDate(trial.trialEndDate) >= today ? 'Active' : 'Expired'
}

/** In a trial on Fiji date `today` (a stored row: the flag stays set once its end date has passed). */
export function isInTrialOn(row: { isTrialActive: 0 | 1 | number; trialStartDate: string | null; trialEndDate: string | null }, today: string): boolean {
  return trialStatus({ isTrialActive: row.isTrialActive === 1, trialStartDate: row.trialStartDate, trialEndDate: row.trialEndDate }, today) === 'Active'
}

/** Days in trial so far, the start day included, up to the end date. */
export function daysInTrial(trial: TrialFields, today: string): number {
  if (!trial.trialStartDate) return 0
  const start = fijiDate(trial.trialStartDate)
  const end = trial.trialEndDate ? fijiDate(trial.trialEndDate) : today
  const upTo = today < end ? today : end
  return Math.max(0, daysFromTo(start, upTo) + 1)
}
