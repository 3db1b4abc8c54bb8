import { afterEach, describe, expect, it, vi } from 'vitest'
import { SERVER_WAIT_MS } from '../../shared/api'
import { stubSilentServer, stubStorageEachTest } from '../../shared/testing/stubs'
import { fetchLiveAnalytics, formatCount } from './live-analytics'

stubStorageEachTest()
afterEach(() => {
  vi.useRealTimers()
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

  it("says 'Analytics data not available' for an answer that is not the summary", async () => {
    vi.stubGlobal('fetch', async () => new Response('<html>maintenance</html>', { status: 200 }))
    await expect(fetchLiveAnalytics()).rejects.toThrow('Analytics data not available')
  })

  it("bars but no data: says 'Failed to connect to Analytics' after SERVER_WAIT_MS instead of loading on", async () => {
    vi.useFakeTimers()
    const calls = stubSilentServer()
    const outcome = fetchLiveAnalytics().then(() => 'answered', (error: unknown) => (error as Error).message)
    let settled: string | undefined
    void outcome.then((value) => (settled = value))
    await vi.advanceTimersByTimeAsync(SERVER_WAIT_MS - 100)
    expect(settled).toBeUndefined()
    await vi.advanceTimersByTimeAsync(200)
    expect(settled).toBe('Failed to connect to Analytics')
    expect(calls[0]!.init.signal?.aborted).toBe(true)
  })

  it('lets the screen cancel its own request', async () => {
    stubSilentServer()
    const controller = new AbortController()
    const outcome = fetchLiveAnalytics(controller.signal)
    controller.abort()
    await expect(outcome).rejects.toMatchObject({ name: 'AbortError' })
  })
})

describe('formatCount', () => {
  it('groups thousands', () => {
    expect(formatCount(1234567)).toBe('1,234,567')
  })
})
