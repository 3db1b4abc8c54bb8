// Pricing and trial settings (spec 001 §3, §5, §9).
import { z } from 'zod'
import './zod-config'
import { messages } from './messages'

const m = messages.settings

export const DEFAULT_DAILY_RATE = 2.5
export const DEFAULT_TRIAL_PERIOD_DAYS = 7
/** Bounds the form and the server share, so a slip of the keyboard (1e308) can never become a price. */
export const MAX_DAILY_RATE = 1000
export const MAX_TRIAL_PERIOD_DAYS = 365

/** FJ$ has cents: a rate with more than two decimals is a typing slip (the input's step is 0.01). */
const hasCents = (rate: number) => Math.abs(Math.round(rate * 100) - rate * 100) < 1e-6
const dailyRate = (tooLow: (n: z.ZodNumber) => z.ZodNumber, invalid: string) =>
  tooLow(z.number({ error: invalid }))
    .max(MAX_DAILY_RATE, m.dailyRateMax)
    .refine(hasCents, m.dailyRateCents)
const trialPeriodDays = () =>
  z.number({ error: m.trialPeriodMin }).int(m.trialPeriodMin).min(1, m.trialPeriodMin).max(MAX_TRIAL_PERIOD_DAYS, m.trialPeriodMax)

/** GET /api/admin/settings. */
export const SettingsSchema = z.object({
  dailyRate: z.number().nonnegative(),
  trialPeriodDays: z.number().int().min(1),
})
export type Settings = z.infer<typeof SettingsSchema>

/** POST /api/admin/settings: dailyRate always; trialPeriodDays when saving the trial length. */
export const SettingsUpdateSchema = z.object({
  dailyRate: dailyRate((n) => n.min(0, m.dailyRatePositive), m.dailyRatePositive),
  trialPeriodDays: trialPeriodDays().optional(),
})
export type SettingsUpdate = z.infer<typeof SettingsUpdateSchema>

/** The cost page's daily-rate form: stricter than the server (above 0), same upper bound. NaN from an empty input fails too. */
export const DailyRateFormSchema = z.object({
  dailyRate: dailyRate((n) => n.gt(0, m.dailyRateInvalid), m.dailyRateInvalid),
})
export type DailyRateForm = z.infer<typeof DailyRateFormSchema>

/** The trial page's form. */
export const TrialPeriodFormSchema = z.object({
  trialPeriodDays: trialPeriodDays(),
})
export type TrialPeriodForm = z.infer<typeof TrialPeriodFormSchema>
