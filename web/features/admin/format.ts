// Dates in the back office are Fiji time (spec 001 §9): 'MMM dd, yyyy at h:mm a' with suffix FJT.
const FIJI = 'Pacific/Fiji'

const dateTimeParts = new Intl.DateTimeFormat('en-US', {
  timeZone: FIJI,
  month: 'short',
  day: '2-digit',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
})

const dateOnly = new Intl.DateTimeFormat('en-US', { timeZone: FIJI, month: 'short', day: '2-digit', year: 'numeric' })

/** '2026-11-21T02:05:00.000Z' → 'Nov 21, 2026 at 2:05 PM FJT'; '' for a missing or bad value. */
export function formatFijiDateTime(iso: string | null | undefined): string {
  const date = iso ? new Date(iso) : null
  if (!date || Number.isNaN(date.getTime())) return ''
  const part = Object.fromEntries(dateTimeParts.formatToParts(date).map((p) => [p.type, p.value]))
  return `${part.month} ${part.day}, ${part.year} at ${part.hour}:${part.minute} ${part.dayPeriod} FJT`
}

/** '2026-11-21T02:05:00.000Z' → 'Nov 21, 2026' (the calendar day in Fiji). */
export function formatFijiDate(iso: string | null | undefined): string {
  const date = iso ? new Date(iso) : null
  if (!date || Number.isNaN(date.getTime())) return ''
  return dateOnly.format(date)
}
