import { afterEach, describe, expect, it, vi } from 'vitest'
import { fetchLiveAnalytics, formatCount, formatFijiTime } from './live-analytics'

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('formatFijiTime', () => {
  it("shows Fiji's wall clock as 'MMM dd, yyyy at h:mm a FJT'", () => {
    // 21:07 UTC on 4 March is 09:07 on 5 March in Fiji (UTC+12).
    expect(formatFijiTime(new Date('2026-03-04T21:07:00Z'))).toBe('Mar 05, 2026 at 9:07 AM FJT')
    expect(formatFijiTime(new Date('2026-12-31T03:30:00Z'))).toBe('Dec 31, 2026 at 3:30 PM FJT')
  })
})

describe('fetchLiveAnalytics', () => {
  it('answers the three counts', async () => {
    vi.stubGlobal('fetch', async () => Response.json({ totalPageViews: 12, uniqueVisitors: 5, activeFarmers: 3 }))
    await expect(fetchLiveAnalytics()).resolves.toEqual({ totalPageViews: 12, uniqueVisitors: 5, activeFarmers: 3 })
  })

  it("says 'Analytics data not available' for a non-OK answer", async () => {
    vi.stubGlobal('fetch', async () => Response.json({ message: 'Internal server error' }, { status: 500 }))
    await expect(fetchLiveAnalytics()).rejects.toThrow('Analytics data not available')
  })

  it("says 'Failed to connect to Analytics' when the network fails", async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch')
    })
    await expect(fetchLiveAnalytics()).rejects.toThrow('Failed to connect to Analytics')
  })
})

describe('formatCount', () => {
  it('groups thousands', () => {
    expect(formatCount(1234567)).toBe('1,234,567')
  })
})
