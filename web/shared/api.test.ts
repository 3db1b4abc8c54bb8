import { QueryObserver } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  READ_OWN_WRITES_MS,
  apiFetch,
  apiGet,
  apiRequest,
  clearSession,
  createQueryClient,
  defaultQueryFn,
  queryKeyToUrl,
  readSession,
  sessionStorageKeys,
  writeSession,
} from './api'
import { json, stubFetch, stubStorageEachTest, type FetchCall } from './testing/stubs'

function headersOf(call: FetchCall | undefined): Headers {
  return new Headers(call?.init.headers)
}

stubStorageEachTest()

describe('errors', () => {
  it('uses "status: body text" when the body has text', async () => {
    stubFetch(() => new Response('{"message":"Invalid email or password"}', { status: 401, statusText: 'Unauthorized' }))
    await expect(apiRequest('POST', '/api/auth/login', { email: 'a@b.fj' })).rejects.toThrow(
      new Error('401: {"message":"Invalid email or password"}'),
    )
  })

  it('falls back to the status text when the body is empty', async () => {
    stubFetch(() => new Response('', { status: 503, statusText: 'Service Unavailable' }))
    await expect(apiGet('/api/locations')).rejects.toThrow(new Error('503: Service Unavailable'))
  })
})

describe('requests', () => {
  it('sends JSON with credentials and no Authorization header when no token is stored', async () => {
    const calls = stubFetch(() => json({ ok: true }))
    await apiRequest('POST', '/api/public/reviews', { rating: 5 })
    expect(calls).toHaveLength(1)
    expect(calls[0]?.url).toBe('/api/public/reviews')
    expect(calls[0]?.init.method).toBe('POST')
    expect(calls[0]?.init.credentials).toBe('include')
    expect(calls[0]?.init.body).toBe('{"rating":5}')
    expect(headersOf(calls[0]).get('content-type')).toBe('application/json')
    expect(headersOf(calls[0]).has('authorization')).toBe(false)
  })

  it("sends what a form holds without what the server refuses unseen: a phone number copied from a chat app, wrapped in direction marks, goes as the number", async () => {
    const calls = stubFetch(() => json({ ok: true }))
    await apiRequest('PATCH', '/api/admin/farmers/f1', { phone: '\u202a+679 921 2345\u202c', name: 'Litia\u200b Vula', produce: ['Dalo\ufeff'], rating: 5 })
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ phone: '+679 921 2345', name: 'Litia Vula', produce: ['Dalo'], rating: 5 })
  })

  it('sends the bearer token when one is stored', async () => {
    localStorage.setItem(sessionStorageKeys.token, 'tok-123')
    const calls = stubFetch(() => json([]))
    await apiGet('/api/produce')
    expect(headersOf(calls[0]).get('authorization')).toBe('Bearer tok-123')
  })

  it('stops sending the token after the session is cleared', async () => {
    writeSession({ token: 'tok-9', user: { name: 'Mere', role: 'data_agent', mustChangePassword: false } })
    clearSession()
    const calls = stubFetch(() => json([]))
    await apiGet('/api/produce')
    expect(headersOf(calls[0]).has('authorization')).toBe(false)
  })
})

describe('reading its own writes (decision 022)', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('asks past caches for a while after its own write, then no more; a refused write does not count', async () => {
    vi.useFakeTimers({ now: Date.now() + 24 * 3_600_000 })
    const calls = stubFetch(({ url }) => (url === '/api/admin/locations/refused' ? new Response('no', { status: 400 }) : json({ ok: true })))
    // (a day after any earlier test's write)
    await apiGet('/api/locations')
    await expect(apiRequest('POST', '/api/admin/locations/refused', { name: 'Levuka' })).rejects.toThrow()
    await apiGet('/api/locations')
    await apiRequest('POST', '/api/admin/locations', { name: 'Levuka' })
    await apiGet('/api/locations')
    await apiFetch('/api/locations', { cache: 'default' })
    vi.advanceTimersByTime(READ_OWN_WRITES_MS - 1)
    await apiGet('/api/locations')
    vi.advanceTimersByTime(1)
    await apiGet('/api/locations')
    expect(calls.map((call) => [call.init.method ?? 'GET', call.init.cache])).toEqual([
      ['GET', undefined],
      ['POST', undefined],
      ['GET', undefined],
      ['POST', undefined],
      ['GET', 'no-cache'],
      // A caller's own choice wins.
      ['GET', 'default'],
      ['GET', 'no-cache'],
      ['GET', undefined],
    ])
  })
})

describe('session storage', () => {
  it('keeps the token and the user record under their own keys', () => {
    expect(sessionStorageKeys).toEqual({ token: 'vf.token', user: 'vf.user' })
    expect(readSession()).toBeNull()
    const user = { name: 'Mere', role: 'data_agent' as const, mustChangePassword: false }
    writeSession({ token: 'tok-1', user })
    expect(localStorage.getItem('vf.token')).toBe('tok-1')
    expect(JSON.parse(localStorage.getItem('vf.user') ?? 'null')).toMatchObject(user)
    expect(readSession()).toEqual({ token: 'tok-1', user })
    clearSession()
    expect(localStorage.getItem('vf.token')).toBeNull()
    expect(localStorage.getItem('vf.user')).toBeNull()
  })

  it("never pairs another tab's new token with the agent signed in before (written one key after the other)", () => {
    const mere = { id: 'agent-mere', name: 'Mere', role: 'data_agent' as const, mustChangePassword: false }
    const seru = { id: 'agent-seru', name: 'Seru', role: 'data_agent' as const, mustChangePassword: false }
    writeSession({ token: 'token-of-mere-0001', user: mere })
    // Another tab signs Seru in: its token is written, its user record not yet.
    localStorage.setItem('vf.token', 'token-of-seru-0002')
    expect(readSession()).toEqual({ token: 'token-of-seru-0002', user: null })
    writeSession({ token: 'token-of-seru-0002', user: seru })
    expect(readSession()).toEqual({ token: 'token-of-seru-0002', user: seru })
  })

  it('takes a user record stored by an earlier version (without the token it was stored with) as it is', () => {
    const user = { name: 'Mere', role: 'data_agent' as const, mustChangePassword: false }
    localStorage.setItem('vf.token', 'tok-1')
    localStorage.setItem('vf.user', JSON.stringify(user))
    expect(readSession()).toEqual({ token: 'tok-1', user })
  })
})

describe('queries', () => {
  it('joins the query key segments with "/"', () => {
    expect(queryKeyToUrl(['/api/farmers/by-location-and-produce', 'Suva', 'Taro'])).toBe(
      '/api/farmers/by-location-and-produce/Suva/Taro',
    )
  })

  it('the default query function GETs the joined key and parses JSON', async () => {
    const calls = stubFetch(() => json([{ city: 'Nadi', farmerCount: 3 }]))
    const client = createQueryClient()
    const data = await client.fetchQuery({ queryKey: ['/api/produce/by-location', 'Nadi'] })
    expect(data).toEqual([{ city: 'Nadi', farmerCount: 3 }])
    expect(calls[0]?.url).toBe('/api/produce/by-location/Nadi')
    expect(calls[0]?.init.method).toBe('GET')
    expect(defaultQueryFn).toBe(client.getDefaultOptions().queries?.queryFn)
  })

  it('reads what is on screen again after a 409 (a colleague changed it meanwhile), and not after any other failure', async () => {
    let listed = ['Seru']
    const calls = stubFetch((call) =>
      call.url.endsWith('/process') ? json({ message: 'This signup has already been processed' }, 409) : call.url.endsWith('/broken') ? json({ message: 'Internal server error' }, 500) : json(listed),
    )
    const client = createQueryClient()
    const shown = new QueryObserver(client, { queryKey: ['/api/admin/signups'] })
    const unsubscribe = shown.subscribe(() => undefined)
    await vi.waitFor(() => expect(shown.getCurrentResult().data).toEqual(['Seru']))
    const reads = () => calls.filter((call) => call.url === '/api/admin/signups').length
    const mutate = (path: string) =>
      client.getMutationCache().build(client, { mutationFn: () => apiRequest('POST', path, {}) }).execute(undefined).catch(() => undefined)

    listed = []
    await mutate('/api/admin/signups/x/broken')
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(reads()).toBe(1)
    await mutate('/api/admin/signups/x/process')
    await vi.waitFor(() => expect(shown.getCurrentResult().data).toEqual([]))
    expect(reads()).toBe(2)
    unsubscribe()
  })

  it('uses the spec defaults: never stale, no retry, no refetch on focus', () => {
    const queries = createQueryClient().getDefaultOptions().queries
    expect(queries?.staleTime).toBe(Infinity)
    expect(queries?.retry).toBe(false)
    expect(queries?.refetchOnWindowFocus).toBe(false)
  })
})
