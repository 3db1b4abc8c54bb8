// Dates in the back office are Fiji time (spec 001 §9): 'MMM dd, yyyy at h:mm a' with suffix FJT.
import { formatFijiTime } from '../../shared/fiji-time'

const FIJI = 'Pacific/Fiji'

const dateOnly = new Intl.DateTimeFormat('en-US', { timeZone: FIJI, month: 'short', day: '2-digit', year: 'numeric' })

/** '2026-11-21T02:05:00.000Z' → 'Nov 21, 2026 at 2:05 PM FJT'; '' for a missing or bad value. */
export function formatFijiDateTime(iso: string | null | undefined): string {
  const date = iso ? new Date(iso) : null
  if (!date || Number.isNaN(date.getTime())) return ''
  return formatFijiTime(date)
}

/** '2026-11-21T02:05:00.000Z' → 'Nov 21, 2026' (the calendar day in Fiji). */
export function formatFijiDate(iso: string | null | undefined): string {
  const date = iso ? new Date(iso) : null
  if (!date || Number.isNaN(date.getTime())) return ''
  return dateOnly.format(date)
}
