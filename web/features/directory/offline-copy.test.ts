import { QueryObserver, type QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { DirectorySnapshot } from '../../../api/contract'
import { forgetOfflineCopy, refreshOfflineCopy } from '../../../sync/outbox/directory-copy-store'
import { memoryCaches } from '../../../sync/outbox/testing-caches'
import { createQueryClient } from '../../shared/api'
import { json, stubFetch, stubStorageEachTest } from '../../shared/testing/stubs'
import { ASK_AGAIN_AFTER_SILENCE_MS, SERVER_WAIT_MS, directoryQuery, shownFromCopyAsOf } from './offline-copy'

const AS_OF = Date.UTC(2026, 10, 24, 21, 5)
const id = (n: number) => `0b0e5f0e-8d7c-4d55-9a55-${String(n).padStart(12, '0')}`
const farmer = (n: number, name: string): DirectorySnapshot['farmers'][number] => [id(n), name, '+679 900 0000', null, null, 'Namaka', null, [0], [0], 0, []]
const snapshot: DirectorySnapshot = { cities: ['Nadi'], produce: [{ id: 7, name: 'Tomatoes' }], farmers: [farmer(1, 'Ashok Reddy'), farmer(2, 'Sunita Devi')] }
const page2 = '/api/farmers/locations/Nadi/farmers?page=2&limit=1'

stubStorageEachTest()
let online: EventTarget
beforeEach(async () => {
  online = new EventTarget()
  vi.stubGlobal('window', online)
  vi.stubGlobal('navigator', { onLine: true })
  vi.stubGlobal('caches', memoryCaches())
  forgetOfflineCopy()
  const fetch = async () => new Response(JSON.stringify(snapshot), { headers: { 'Content-Type': 'application/json', ETag: 'W/"1"' } })
  expect(await refreshOfflineCopy({ caches, fetch, now: () => AS_OF, saveData: false })).toBe('updated')
})

/** A list on screen: a query with an observer, as a component holds it. */
async function show(client: QueryClient, url: string) {
  const observer = new QueryObserver(client, { queryKey: [url], queryFn: directoryQuery })
  observer.subscribe(() => {})
  await vi.waitFor(() => expect(observer.getCurrentResult().status).not.toBe('pending'))
  return observer.getCurrentResult()
}

describe('the directory lists when the server cannot be reached', () => {
  it('online: the server answers, and no list says "as of"', async () => {
    const calls = stubFetch(() => json({ farmerCount: 2, page: 2, limit: 1, farmers: [{ name: 'From the server' }] }))
    const client = createQueryClient()
    expect((await show(client, page2)).data).toMatchObject({ farmers: [{ name: 'From the server' }] })
    expect(calls.map((c) => c.url)).toEqual([page2])
    expect(shownFromCopyAsOf(client)).toBeNull()
  })

  it('unreachable: the copy answers any page, and the screen can say as of when', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')))
    const client = createQueryClient()
    const result = await show(client, page2)
    expect(result.status).toBe('success')
    expect(result.data).toMatchObject({ farmerCount: 2, page: 2, farmers: [{ name: 'Sunita Devi', cities: ['Nadi'], produce: ['Tomatoes'] }] })
    expect(shownFromCopyAsOf(client)).toBe(AS_OF)
  })

  it('a gateway saying the server is down counts as unreachable', async () => {
    stubFetch(() => new Response('Bad Gateway', { status: 502 }))
    const client = createQueryClient()
    expect((await show(client, '/api/produce/by-location/Nadi')).data).toEqual([{ name: 'Tomatoes', farmerCount: 2 }])
  })

  it('offline: the copy at once, without asking the network', async () => {
    vi.stubGlobal('navigator', { onLine: false })
    const calls = stubFetch(() => json([]))
    const client = createQueryClient()
    expect((await show(client, '/api/farmers/locations')).data).toMatchObject([{ city: 'Nadi', farmerCount: 2 }])
    expect(calls).toHaveLength(0)
  })

  it('a server that answers with an error is not offline: the error shows as before', async () => {
    stubFetch(() => new Response('{"message":"Internal server error"}', { status: 500 }))
    const client = createQueryClient()
    const result = await show(client, page2)
    expect(result.status).toBe('error')
    expect(shownFromCopyAsOf(client)).toBeNull()
  })

  it('offline without a copy: the failure as before', async () => {
    vi.stubGlobal('caches', memoryCaches())
    forgetOfflineCopy()
    vi.stubGlobal('navigator', { onLine: false })
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')))
    const result = await show(createQueryClient(), '/api/farmers/locations')
    expect(result.status).toBe('error')
  })

  describe('bars but no data: online, and the server never answers', () => {
    afterEach(() => {
      vi.useRealTimers()
    })
    /** A fetch that hangs until it is aborted, as on a link that carries nothing. */
    const hang = ({ init }: { init: RequestInit }) =>
      new Promise<Response>((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError'))))

    it('the copy answers once the server has been silent for SERVER_WAIT_MS, and the request is given up', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true })
      const calls = stubFetch(hang)
      const client = createQueryClient()
      const observer = new QueryObserver(client, { queryKey: [page2], queryFn: directoryQuery })
      observer.subscribe(() => {})
      await vi.advanceTimersByTimeAsync(SERVER_WAIT_MS - 500)
      expect(observer.getCurrentResult().status).toBe('pending')
      await vi.advanceTimersByTimeAsync(1_000)
      await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe('success'))
      expect(observer.getCurrentResult().data).toMatchObject({ farmerCount: 2, page: 2, farmers: [{ name: 'Sunita Devi' }] })
      expect(shownFromCopyAsOf(client)).toBe(AS_OF)
      expect(calls).toHaveLength(1)
      expect(calls[0]!.init.signal?.aborted).toBe(true)
    })

    it('a minute later the server is asked again, and its answer replaces the copy', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true })
      stubFetch(hang)
      const client = createQueryClient()
      const observer = new QueryObserver(client, { queryKey: [page2], queryFn: directoryQuery })
      observer.subscribe(() => {})
      await vi.advanceTimersByTimeAsync(SERVER_WAIT_MS + 100)
      await vi.waitFor(() => expect(shownFromCopyAsOf(client)).toBe(AS_OF))
      const calls = stubFetch(() => json({ farmerCount: 3, page: 2, limit: 1, farmers: [{ name: 'Back from the server' }] }))
      await vi.advanceTimersByTimeAsync(ASK_AGAIN_AFTER_SILENCE_MS)
      await vi.waitFor(() => expect(shownFromCopyAsOf(client)).toBeNull())
      expect(observer.getCurrentResult().data).toMatchObject({ farmers: [{ name: 'Back from the server' }] })
      expect(calls.map((c) => c.url)).toEqual([page2])
    })

    it('a server that starts answering in time is waited for, however slowly its body comes', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true })
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(new TextEncoder().encode('{"farmerCount":2,"page":2,"limit":1,'))
          await new Promise((resolve) => setTimeout(resolve, SERVER_WAIT_MS * 2))
          controller.enqueue(new TextEncoder().encode('"farmers":[{"name":"Slow but there"}]}'))
          controller.close()
        },
      })
      stubFetch(() => new Response(body, { headers: { 'Content-Type': 'application/json' } }))
      const client = createQueryClient()
      const observer = new QueryObserver(client, { queryKey: [page2], queryFn: directoryQuery })
      observer.subscribe(() => {})
      await vi.advanceTimersByTimeAsync(SERVER_WAIT_MS * 2 + 100)
      await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe('success'))
      expect(observer.getCurrentResult().data).toMatchObject({ farmers: [{ name: 'Slow but there' }] })
      expect(shownFromCopyAsOf(client)).toBeNull()
    })
  })

  it('back online: the lists from the copy ask the server again, and "as of" goes', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')))
    const client = createQueryClient()
    await show(client, page2)
    expect(shownFromCopyAsOf(client)).toBe(AS_OF)
    // The server's answer equals the copy's: the notice must go all the same.
    const calls = stubFetch(() => json({ farmerCount: 2, page: 2, limit: 1, farmers: [{ id: id(2), name: 'Sunita Devi', cities: ['Nadi'], produce: ['Tomatoes'] }] }))
    online.dispatchEvent(new Event('online'))
    await vi.waitFor(() => expect(shownFromCopyAsOf(client)).toBeNull())
    expect(calls.map((c) => c.url)).toEqual([page2])
  })
})
