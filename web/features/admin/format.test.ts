import { describe, expect, it } from 'vitest'
import { formatFijiDate, formatFijiDateTime } from './format'

describe('Fiji dates', () => {
  it("formats 'MMM dd, yyyy at h:mm a FJT' in Pacific/Fiji", () => {
    expect(formatFijiDateTime('2026-11-21T02:05:00.000Z')).toBe('Nov 21, 2026 at 2:05 PM FJT')
    // Midnight and noon use 12, never 0.
    expect(formatFijiDateTime('2026-03-09T12:00:00.000Z')).toBe('Mar 10, 2026 at 12:00 AM FJT')
    expect(formatFijiDateTime('2026-03-09T00:00:00.000Z')).toBe('Mar 09, 2026 at 12:00 PM FJT')
  })

  it('shows the calendar day in Fiji, which is ahead of UTC', () => {
    expect(formatFijiDate('2026-11-21T13:30:00.000Z')).toBe('Nov 22, 2026')
  })

  it('shows nothing for a missing or broken value', () => {
    expect(formatFijiDateTime(null)).toBe('')
    expect(formatFijiDateTime('not a date')).toBe('')
    expect(formatFijiDate(undefined)).toBe('')
  })
})
