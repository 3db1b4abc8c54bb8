import { DateTime } from 'luxon'
import { describe, expect, it } from 'vitest'
import { FIJI_ZONE, fijiLocalMinute, fijiOffsetSpans } from './fiji-clock'

describe("Fiji's wall clock for stored dates", () => {
  it('agrees with luxon every 97 minutes over 2019–2027, Fiji’s summer-time years included', () => {
    const mismatches: string[] = []
    for (let ms = Date.UTC(2019, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 97 * 60_000) {
      const iso = new Date(ms).toISOString()
      if (fijiLocalMinute(iso) !== DateTime.fromMillis(ms, { zone: FIJI_ZONE }).toFormat("yyyy-MM-dd'T'HH:mm")) mismatches.push(iso)
    }
    expect(mismatches).toEqual([])
    // Summer time (UTC+13) in January 2020, standard time (UTC+12) in January 2026.
    expect(fijiLocalMinute('2020-01-05T00:00:00.000Z')).toBe('2020-01-05T13:00')
    expect(fijiLocalMinute('2026-01-05T00:00:00.000Z')).toBe('2026-01-05T12:00')
  }, 60_000)
  it('reads a bare date as that Fiji day, other ISO forms through luxon, and refuses nonsense', () => {
    expect(fijiLocalMinute('2026-03-01')).toBe('2026-03-01T00:00')
    expect(fijiLocalMinute('2026-03-01T09:30:00+12:00')).toBe('2026-03-01T09:30')
    expect(fijiLocalMinute('2026-02-31x')).toBeNull()
    expect(fijiLocalMinute('2026-13-45')).toBeNull()
    expect(fijiLocalMinute('yesterday')).toBeNull()
  })
})

describe("Fiji's offsets as spans (for SQL)", () => {
  it('cover all time without gaps, and agree with luxon every 7 hours 1998–2030', () => {
    const spans = fijiOffsetSpans()
    expect(spans[0]!.fromMs).toBe(-Infinity)
    expect(spans[spans.length - 1]!.toMs).toBe(Infinity)
    spans.slice(1).forEach((span, i) => expect(span.fromMs).toBe(spans[i]!.toMs))
    const offsetAt = (ms: number) => spans.find((span) => span.fromMs <= ms && ms < span.toMs)!.offsetMs
    const mismatches: string[] = []
    for (let ms = Date.UTC(1998, 0, 1); ms < Date.UTC(2030, 0, 1); ms += 7 * 3_600_000) {
      if (offsetAt(ms) !== DateTime.fromMillis(ms, { zone: FIJI_ZONE }).offset * 60_000) mismatches.push(new Date(ms).toISOString())
    }
    expect(mismatches).toEqual([])
    // The last summer time, four weeks long: from 2:00 on 20 December 2020 to 3:00 on 17 January 2021.
    expect(offsetAt(Date.parse('2020-12-19T13:59:59.999Z'))).toBe(12 * 3_600_000)
    expect(offsetAt(Date.parse('2020-12-19T14:00:00.000Z'))).toBe(13 * 3_600_000)
    expect(offsetAt(Date.parse('2021-01-16T13:59:59.999Z'))).toBe(13 * 3_600_000)
    expect(offsetAt(Date.parse('2021-01-16T14:00:00.000Z'))).toBe(12 * 3_600_000)
  }, 60_000)
})
