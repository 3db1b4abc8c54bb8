import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { DirectorySnapshot } from '../../api/contract'
import { OFFLINE_COPY_URL, REFRESH_AFTER_MS, answerOffline, forgetOfflineCopy, readOfflineCopy, refreshOfflineCopy, warmFormLists } from './directory-copy-store'
import { memoryCaches } from './testing-caches'

const farmer = (name: string, cities: number[], produce: number[]): DirectorySnapshot['farmers'][number] =>
  [`0b0e5f0e-8d7c-4d55-9a55-${String(name.length).padStart(12, '0')}`, name, '+679 900 0000', null, null, null, null, cities, produce, 0, []]
const first: DirectorySnapshot = { cities: ['Nadi'], produce: [{ id: 1, name: 'Tomatoes' }], farmers: [farmer('Sunita', [0], [0])] }
const second: DirectorySnapshot = { ...first, farmers: [farmer('Sunita', [0], [0]), farmer('Ashok Reddy', [0], [0])] }

const json = (body: unknown, etag: string) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json; charset=utf-8', ETag: etag } })

let now = 1_700_000_000_000
let caches: CacheStorage
const fetch = vi.fn<typeof globalThis.fetch>()
const deps = (saveData = false) => ({ caches, fetch, now: () => now, saveData })
const sentHeaders = () => new Headers(fetch.mock.lastCall?.[1]?.headers)
const nadiFarmers = async () => ((await answerOffline('/api/farmers/locations/Nadi/farmers', deps()))?.answer as { farmerCount: number } | undefined)?.farmerCount

beforeEach(() => {
  caches = memoryCaches()
  fetch.mockReset()
  forgetOfflineCopy()
})

describe('the offline copy of the directory', () => {
  it('is fetched once, kept, and answers with when the server gave it', async () => {
    fetch.mockResolvedValueOnce(json(first, 'W/"a"'))
    expect(await refreshOfflineCopy(deps())).toBe('updated')
    expect(fetch).toHaveBeenCalledWith(OFFLINE_COPY_URL, expect.objectContaining({ cache: 'no-store' }))
    expect(sentHeaders().has('If-None-Match')).toBe(false)
    expect(await nadiFarmers()).toBe(1)
    expect((await readOfflineCopy(deps()))?.asOf).toBe(now)
  })

  it('is not asked about again within the hour; after it, a 304 confirms it and moves "as of"', async () => {
    fetch.mockResolvedValueOnce(json(first, 'W/"a"'))
    await refreshOfflineCopy(deps())
    now += REFRESH_AFTER_MS - 1
    expect(await refreshOfflineCopy(deps())).toBe('fresh')
    expect(fetch).toHaveBeenCalledTimes(1)

    now += 2
    fetch.mockResolvedValueOnce(new Response(null, { status: 304 }))
    expect(await refreshOfflineCopy(deps())).toBe('confirmed')
    // Our own Cache-Control: fetch's 'no-cache' would make the server ignore the ETag.
    expect(sentHeaders().get('If-None-Match')).toBe('W/"a"')
    expect(sentHeaders().get('Cache-Control')).toBe('max-age=0')
    expect((await readOfflineCopy(deps()))?.asOf).toBe(now)
    expect(await nadiFarmers()).toBe(1)
  })

  it('a changed directory replaces the copy', async () => {
    fetch.mockResolvedValueOnce(json(first, 'W/"a"'))
    await refreshOfflineCopy(deps())
    expect(await nadiFarmers()).toBe(1)
    now += REFRESH_AFTER_MS
    fetch.mockResolvedValueOnce(json(second, 'W/"b"'))
    expect(await refreshOfflineCopy(deps())).toBe('updated')
    expect(await nadiFarmers()).toBe(2)
  })

  it('a failure, an error page or a portal page never replaces a good copy', async () => {
    fetch.mockResolvedValueOnce(json(first, 'W/"a"'))
    await refreshOfflineCopy(deps())
    for (const answer of [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.resolve(new Response('{"message":"Internal server error"}', { status: 500, headers: { 'Content-Type': 'application/json' } })),
      () => Promise.resolve(new Response('<html>Sign in to the hotspot</html>', { status: 200, headers: { 'Content-Type': 'text/html' } })),
    ]) {
      now += REFRESH_AFTER_MS
      fetch.mockImplementationOnce(answer)
      expect(await refreshOfflineCopy(deps())).toBe('failed')
      expect(await nadiFarmers()).toBe(1)
    }
  })

  it('with Data Saver on, a kept copy is refreshed once a day only', async () => {
    fetch.mockResolvedValueOnce(json(first, 'W/"a"'))
    await refreshOfflineCopy(deps(true))
    now += 2 * REFRESH_AFTER_MS
    expect(await refreshOfflineCopy(deps(true))).toBe('fresh')
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('without a copy, nothing answers', async () => {
    expect(await answerOffline('/api/farmers/locations', deps())).toBeUndefined()
    expect(await readOfflineCopy(deps())).toBeNull()
  })
})

describe("the forms' lists beside the copy (a visitor's phone, promise 7)", () => {
  const asked = () => fetch.mock.calls.map(([url]) => String(url)).sort()
  const lists = ['/api/locations', '/api/produce', '/api/public/expert-fields']

  it('are asked for, and read to the end, once a service worker controls the page', async () => {
    const read: string[] = []
    fetch.mockImplementation(async (url) => new Response(new ReadableStream({ pull: (c) => { read.push(String(url)); c.close() } })))
    await warmFormLists({ onlyMissing: false }, { caches, fetch, controlled: async () => true })
    expect(asked()).toEqual(lists.toSorted())
    expect(read.toSorted()).toEqual(lists.toSorted())
  })

  it('are not asked for while no worker controls the page: nothing would keep them', async () => {
    await warmFormLists({ onlyMissing: false }, { caches, fetch, controlled: async () => false })
    expect(fetch).not.toHaveBeenCalled()
  })

  it('with onlyMissing, only those the worker does not hold yet', async () => {
    await (await caches.open('vf-directory')).put('/api/locations', new Response('[]'))
    fetch.mockImplementation(async () => new Response('[]'))
    await warmFormLists({ onlyMissing: true }, { caches, fetch, controlled: async () => true })
    expect(asked()).toEqual(['/api/produce', '/api/public/expert-fields'])
  })

  it('offline, never throws', async () => {
    fetch.mockRejectedValue(new TypeError('Failed to fetch'))
    await expect(warmFormLists({ onlyMissing: false }, { caches, fetch, controlled: async () => true })).resolves.toBeUndefined()
  })
})
