import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SERVER_WAIT_MS } from '../../shared/api'
import { expectGivesUpOnSilentServer, stubSilentServer } from '../../shared/testing/stubs'
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

describe('bars but no data: the server never answers a review list', () => {
  afterEach(() => vi.useRealTimers())

  it('the list gives up after SERVER_WAIT_MS with its failure (and "Try again"), as offline, instead of loading on', async () => {
    vi.useFakeTimers()
    const calls = stubSilentServer()
    vi.stubGlobal('localStorage', { getItem: () => null })
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
    await expectGivesUpOnSilentServer(new QueryObserver(client, { queryKey: ['/api/public/reviews?page=1&limit=20'], queryFn: reviewsQueryFn() }), calls)
  })

  it('a read past the cache right after a write that meets a silent server falls back to the worker’s copy', async () => {
    vi.useFakeTimers()
    const modes: (RequestCache | undefined)[] = []
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      modes.push(init.cache)
      // The worker answers a plain read from its copy at once; past it, the network never answers.
      if (init.cache !== 'no-cache') return Promise.resolve(new Response('{"items":["kept"]}', { status: 200 }))
      return new Promise<Response>((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError'))))
    })
    vi.stubGlobal('localStorage', { getItem: () => null })
    const client = new QueryClient({ defaultOptions: { queries: { queryFn: reviewsQueryFn(), retry: false, staleTime: Infinity } } })
    const queryKey = ['/api/public/reviews?page=1&limit=20']
    await client.fetchQuery({ queryKey })
    const unsubscribe = new QueryObserver(client, { queryKey }).subscribe(() => undefined)
    modes.length = 0
    const refetched = refetchFresh(client, (key) => key[0] === queryKey[0])
    await vi.advanceTimersByTimeAsync(SERVER_WAIT_MS + 100)
    await refetched
    expect(modes).toEqual(['no-cache', undefined])
    const state = client.getQueryState(queryKey)
    expect(state?.status).toBe('success')
    expect(client.getQueryData(queryKey)).toEqual({ items: ['kept'] })
    unsubscribe()
  })
})
