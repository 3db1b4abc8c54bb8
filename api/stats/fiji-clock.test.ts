import { DateTime } from 'luxon'
import { describe, expect, it } from 'vitest'
import { FIJI_ZONE, fijiLocalMinute } from './fiji-clock'

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
