import { QueryObserver } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SERVER_WAIT_MS, ServerSilentError, createQueryClient } from '../../shared/api'
import { json, stubFetch } from '../../shared/testing/stubs'
import { expertsQuery } from './experts-page'

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('the experts list', () => {
  it('shows what the server answers', async () => {
    vi.stubGlobal('localStorage', { getItem: () => null })
    const calls = stubFetch(() => json([{ id: 'e1', name: 'Dr Litia' }]))
    const client = createQueryClient()
    expect(await client.fetchQuery(expertsQuery)).toMatchObject([{ name: 'Dr Litia' }])
    expect(calls.map((c) => c.url)).toEqual(['/api/public/experts'])
  })

  it('bars but no data: gives up after SERVER_WAIT_MS with its failure (and "Try again"), as offline, instead of loading on', async () => {
    vi.useFakeTimers()
    vi.stubGlobal('localStorage', { getItem: () => null })
    const calls = stubFetch(
      ({ init }) =>
        new Promise<Response>((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')))),
    )
    const client = createQueryClient()
    const observer = new QueryObserver(client, expertsQuery)
    const unsubscribe = observer.subscribe(() => undefined)
    await vi.advanceTimersByTimeAsync(SERVER_WAIT_MS - 100)
    expect(observer.getCurrentResult().status).toBe('pending')
    await vi.advanceTimersByTimeAsync(200)
    expect(observer.getCurrentResult().status).toBe('error')
    expect(observer.getCurrentResult().error).toBeInstanceOf(ServerSilentError)
    expect(calls[0]!.init.signal?.aborted).toBe(true)
    unsubscribe()
  })
})
