import { afterEach, describe, expect, it, vi } from 'vitest'
import { fetchLiveAnalytics, formatCount } from './live-analytics'

afterEach(() => {
  vi.unstubAllGlobals()
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
