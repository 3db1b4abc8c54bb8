// Pricing and trial settings (spec 001 §3, §5, §9).
import { z } from 'zod'
import './zod-config'
import { messages } from './messages'

const m = messages.settings

export const DEFAULT_DAILY_RATE = 2.5
export const DEFAULT_TRIAL_PERIOD_DAYS = 7

/** GET /api/admin/settings. */
export const SettingsSchema = z.object({
  dailyRate: z.number().nonnegative(),
  trialPeriodDays: z.number().int().min(1),
})
export type Settings = z.infer<typeof SettingsSchema>

/** POST /api/admin/settings: dailyRate always; trialPeriodDays when saving the trial length. */
export const SettingsUpdateSchema = z.object({
  dailyRate: z.number({ error: m.dailyRatePositive }).min(0, m.dailyRatePositive),
  trialPeriodDays: z.number({ error: m.trialPeriodMin }).int(m.trialPeriodMin).min(1, m.trialPeriodMin).optional(),
})
export type SettingsUpdate = z.infer<typeof SettingsUpdateSchema>

/** The cost page's daily-rate form: stricter than the server (above 0). NaN from an empty input fails too. */
export const DailyRateFormSchema = z.object({
  dailyRate: z.number({ error: m.dailyRateInvalid }).gt(0, m.dailyRateInvalid),
})
export type DailyRateForm = z.infer<typeof DailyRateFormSchema>

/** The trial page's form. */
export const TrialPeriodFormSchema = z.object({
  trialPeriodDays: z.number({ error: m.trialPeriodMin }).int(m.trialPeriodMin).min(1, m.trialPeriodMin),
})
export type TrialPeriodForm = z.infer<typeof TrialPeriodFormSchema>
