// Date and time in Fiji as the spec writes it (spec 000 §9, 001 §9): 'MMM dd, yyyy at h:mm a' in
// Pacific/Fiji with the suffix FJT, e.g. 'Mar 05, 2026 at 9:07 AM FJT'.
// The wall clock comes from Temporal where the browser has it (temporal.ts: ~1 ms, where Intl's
// first formatter is a long task in the middle of a slow phone's first render of /reviews).
import { t } from '../i18n/runtime'
import { temporal, type TemporalApi } from './temporal'

const FIJI = 'Pacific/Fiji'
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const

/** Fiji's wall clock for an instant: month 1–12, hour 0–23. */
export type WallClock = { year: number; month: number; day: number; hour: number; minute: number }

let intlParts: Intl.DateTimeFormat | undefined

function intlWallClock(date: Date): WallClock {
  intlParts ??= new Intl.DateTimeFormat('en-US', {
    timeZone: FIJI,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  })
  const parts = intlParts.formatToParts(date)
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value)
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour') % 24, minute: part('minute') }
}

/** Fiji's wall clock for `date`: from Temporal where the browser has it, else from Intl. */
export function fijiWallClock(date: Date, api: TemporalApi | undefined = temporal()): WallClock {
  if (api) {
    const { year, month, day, hour, minute } = api.Instant.fromEpochMilliseconds(date.getTime()).toZonedDateTimeISO(FIJI)
    return { year, month, day, hour, minute }
  }
  return intlWallClock(date)
}

const pad2 = (n: number) => String(n).padStart(2, '0')

/** A valid Date as 'MMM dd, yyyy at h:mm AM FJT' in Fiji. */
export function formatFijiTime(date: Date): string {
  const { year, month, day, hour, minute } = fijiWallClock(date)
  return `${MONTHS[month - 1]} ${pad2(day)}, ${year} at ${hour % 12 || 12}:${pad2(minute)} ${hour < 12 ? 'AM' : 'PM'} FJT`
}

/**
 * The same moment in the reader's language (public and field screens): month names, weekdays and
 * "at h:mm AM FJT" come from the catalog (area "dates"), because the browser's Intl has no iTaukei or
 * Fiji Hindi data. In English it is exactly formatFijiTime's text. Staff screens and CSVs keep
 * formatFijiTime (the back office stays English).
 */
export function formatFijiTimeInLanguage(date: Date): string {
  const { year, month, day, hour, minute } = fijiWallClock(date)
  const time = t(hour < 12 ? 'dates.timeAm' : 'dates.timePm', { hour: String(hour % 12 || 12), minute: pad2(minute) })
  return t('dates.dateTime', { month: t(`dates.month${month}`), day: pad2(day), year: String(year), time })
}

/** The weekday in Fiji for `date`, in the reader's language ("Mon" … "Sun" in English). */
export function fijiWeekdayInLanguage(date: Date): string {
  const { year, month, day } = fijiWallClock(date)
  // 1 Monday … 7 Sunday (ISO), from the Fiji calendar date.
  const isoDay = new Date(Date.UTC(year, month - 1, day)).getUTCDay() || 7
  return t(`dates.weekday${isoDay}`)
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/**
 * A stored instant as a date input holds it: its day in Fiji ('YYYY-MM-DD'), '' for none. The server
 * reads a bare date as that Fiji day, so the input shows the day the lists show, and saving it
 * unchanged keeps the instant. (Its UTC day, the ISO string's first ten characters, is the day
 * before for any time before noon in Fiji: every save moved a subscription a day earlier.)
 */
export function fijiDateInput(iso: string | null | undefined): string {
  if (!iso) return ''
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso.slice(0, 10)
  const { year, month, day } = fijiWallClock(date)
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`
}

/** The date input `days` after a date input's day ('2026-12-31' + 1 → '2027-01-01'). */
export function dateInputDaysAfter(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
}
