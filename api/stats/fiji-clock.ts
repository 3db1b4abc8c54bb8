// Fiji's wall clock for stored instants, fast enough for every farmer of the country: the staff list,
// the CSV export and the dashboard turn hundreds of thousands of stored dates into Fiji dates, and
// luxon's zone arithmetic costs ~10 µs a call. The zone's offset comes from luxon (so a future change
// of Fiji's rules is followed), looked up once per UTC hour — offsets only change on the hour — and kept.
import { DateTime } from 'luxon'

export const FIJI_ZONE = 'Pacific/Fiji'
const HOUR_MS = 3_600_000
const MINUTE_MS = 60_000
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

const DAY_MS = 24 * HOUR_MS
// Years 0000–9999: where toISOString's 'yyyy-MM-dd' has four digits (outside, the slow path's text).
const FIRST_MS = Date.parse('0000-01-01T00:00:00.000Z')
const LAST_MS = Date.parse('9999-12-31T23:59:59.999Z')
const dayTexts = new Map<number, string>()
const MINUTE_TEXTS = Array.from({ length: 24 * 60 }, (_, m) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`)

/**
 * 'yyyy-MM-dd<sep>HH:mm' for a wall-clock instant in ms: the day's text kept per day and the minute's
 * from a table, since an export formats five of these per farmer (a Date and toISOString each cost more).
 */
function localMinuteText(localMs: number, separator: string): string {
  if (localMs < FIRST_MS || localMs > LAST_MS) return new Date(localMs).toISOString().slice(0, 16).replace('T', separator)
  const day = Math.floor(localMs / DAY_MS)
  let dayText = dayTexts.get(day)
  if (dayText === undefined) {
    if (dayTexts.size >= 100_000) dayTexts.clear()
    dayText = new Date(day * DAY_MS).toISOString().slice(0, 10)
    dayTexts.set(day, dayText)
  }
  return dayText + separator + MINUTE_TEXTS[Math.floor((localMs - day * DAY_MS) / MINUTE_MS)]!
}

/**
 * 'yyyy-MM-ddTHH:mm' on Fiji's clock for a stored date: an instant ('…Z', what the server writes) or a
 * bare date (that Fiji day's 00:00); any other ISO form is read by luxon. Null when unreadable.
 * `separator` replaces the 'T' (the CSV files write a space).
 */
export function fijiLocalMinute(value: string, separator = 'T'): string | null {
  if (BARE_DATE.test(value)) return Number.isNaN(Date.parse(value)) ? null : `${value}${separator}00:00`
  if (value.endsWith('Z')) {
    const ms = Date.parse(value)
    return Number.isNaN(ms) ? null : localMinuteText(ms + fijiOffsetMs(ms), separator)
  }
  const dateTime = DateTime.fromISO(value, { zone: FIJI_ZONE })
  return dateTime.isValid ? dateTime.toFormat(`yyyy-MM-dd'${separator}'HH:mm`) : null
}

/** Fiji's offset from UTC, `offsetMs`, for instants from `fromMs` (inclusive) to `toMs` (exclusive). */
export interface FijiOffsetSpan {
  fromMs: number
  toMs: number
  offsetMs: number
}

const STEP_MS = 14 * 24 * HOUR_MS
let offsetSpans: FijiOffsetSpan[] | undefined

/**
 * Fiji's offsets as spans from 1970 to 40 years ahead (the first span reaches back, the last on for
 * ever), for SQL that needs the Fiji date of a stored instant (the cost breakdown's months). Found by
 * asking luxon two weeks apart and narrowing each change to its minute: the shortest of Fiji's summer
 * times (2020–21) lasted four weeks. Worked out once per process (~2,500 lookups).
 */
export function fijiOffsetSpans(): FijiOffsetSpan[] {
  if (offsetSpans) return offsetSpans
  const offsetAt = (ms: number) => DateTime.fromMillis(ms, { zone: FIJI_ZONE }).offset * MINUTE_MS
  const spans: FijiOffsetSpan[] = []
  const end = Date.now() + 40 * 365 * 24 * HOUR_MS
  let from = -Infinity
  let offset = offsetAt(0)
  for (let at = STEP_MS; at <= end; at += STEP_MS) {
    if (offsetAt(at) === offset) continue
    // The change lies in (at - a step, at]: narrow it to the minute.
    let [before, after] = [at - STEP_MS, at]
    while (after - before > MINUTE_MS) {
      const middle = before + Math.floor((after - before) / 2 / MINUTE_MS) * MINUTE_MS
      if (offsetAt(middle) === offset) before = middle
      else after = middle
    }
    spans.push({ fromMs: from, toMs: after, offsetMs: offset })
    from = after
    offset = offsetAt(after)
  }
  spans.push({ fromMs: from, toMs: Infinity, offsetMs: offset })
  offsetSpans = spans
  return spans
}
