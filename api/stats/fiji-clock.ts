// Fiji's wall clock for stored instants, fast enough for every farmer of the country: the staff list,
// the CSV export and the dashboard turn hundreds of thousands of stored dates into Fiji dates, and
// luxon's zone arithmetic costs ~10 µs a call. The zone's offset comes from luxon (so a future change
// of Fiji's rules is followed), looked up once per UTC hour — offsets only change on the hour — and kept.
import { DateTime } from 'luxon'

export const FIJI_ZONE = 'Pacific/Fiji'
const HOUR_MS = 3_600_000
const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/
const offsetByHour = new Map<number, number>()

function fijiOffsetMs(ms: number): number {
  const hour = Math.floor(ms / HOUR_MS)
  let offset = offsetByHour.get(hour)
  if (offset === undefined) {
    // Bounded: a century of hours is < 900,000; a clear now and then costs a few lookups.
    if (offsetByHour.size >= 100_000) offsetByHour.clear()
    offset = DateTime.fromMillis(ms, { zone: FIJI_ZONE }).offset * 60_000
    offsetByHour.set(hour, offset)
  }
  return offset
}

/**
 * 'yyyy-MM-ddTHH:mm' on Fiji's clock for a stored date: an instant ('…Z', what the server writes) or a
 * bare date (that Fiji day's 00:00); any other ISO form is read by luxon. Null when unreadable.
 */
export function fijiLocalMinute(value: string): string | null {
  if (BARE_DATE.test(value)) return Number.isNaN(Date.parse(value)) ? null : `${value}T00:00`
  if (value.endsWith('Z')) {
    const ms = Date.parse(value)
    return Number.isNaN(ms) ? null : new Date(ms + fijiOffsetMs(ms)).toISOString().slice(0, 16)
  }
  const dateTime = DateTime.fromISO(value, { zone: FIJI_ZONE })
  return dateTime.isValid ? dateTime.toFormat("yyyy-MM-dd'T'HH:mm") : null
}
