import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { refetchFresh, reviewsQueryFn } from './fresh-fetch'

afterEach(() => vi.unstubAllGlobals())

describe('reading our own writes past the service worker', () => {
  it('refetches the affected lists once past the worker cache (no-cache), then plainly again', async () => {
    const urls: string[] = []
    const modes: (RequestCache | undefined)[] = []
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      urls.push(url)
      modes.push(init?.cache)
      return new Response('[]', { status: 200 })
    })
    vi.stubGlobal('localStorage', { getItem: () => null })
    const client = new QueryClient({ defaultOptions: { queries: { queryFn: reviewsQueryFn(), retry: false, staleTime: Infinity } } })
    await client.fetchQuery({ queryKey: ['/api/farms-with-ratings'] })
    await client.fetchQuery({ queryKey: ['/api/public/reviews'] })
    // Observed queries refetch on invalidation; give both an observer.
    const unsubscribe = [['/api/farms-with-ratings'], ['/api/public/reviews']].map((queryKey) =>
      new QueryObserver(client, { queryKey }).subscribe(() => undefined),
    )
    urls.length = 0
    modes.length = 0
    await refetchFresh(client, (key) => key[0] === '/api/farms-with-ratings')
    expect(urls).toHaveLength(1)
    expect(urls[0]).toBe('/api/farms-with-ratings')
    expect(modes[0]).toBe('no-cache')
    await client.refetchQueries({ queryKey: ['/api/farms-with-ratings'] })
    expect(urls[1]).toBe('/api/farms-with-ratings')
    expect(modes[1]).toBeUndefined()
    unsubscribe.forEach((u) => u())
  })
})
