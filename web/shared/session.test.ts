import { QueryObserver } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SERVER_WAIT_MS, ServerSilentError, createQueryClient, readSession, writeSession } from './api'
import { changePassword, errorStatus, serverMessage, signIn, signOut, verifyQuery, verifySession } from './session'
import { json, stubFetch as stubFetchCalls, stubSilentServer, stubStorageEachTest } from './testing/stubs'

interface Call {
  url: string
  method: string
  authorization: string | null
  body: unknown
}

function stubFetch(respond: (call: Call) => Response): Call[] {
  const calls: Call[] = []
  stubFetchCalls(({ url, init }) => {
    const call = {
      url,
      method: init.method ?? 'GET',
      authorization: new Headers(init.headers).get('Authorization'),
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    }
    calls.push(call)
    return respond(call)
  })
  return calls
}

const agent = {
  id: '6f1c3f0e-8a53-4c43-9d7e-1a2b3c4d5e6f',
  name: 'Mere Tui',
  email: 'mere@example.fj',
  role: 'data_agent' as const,
  mustChangePassword: false,
}

stubStorageEachTest()

/** Settles `promise` into a readable state, so a test can ask whether it has ended yet. */
function watch<T>(promise: Promise<T>) {
  const state: { settled: boolean; value?: T; error?: unknown } = { settled: false }
  promise.then(
    (value) => Object.assign(state, { settled: true, value }),
    (error: unknown) => Object.assign(state, { settled: true, error }),
  )
  return state
}

describe('server messages', () => {
  it('reads the status and the { message } of an api.ts error', () => {
    const error = new Error('401: {"message":"Invalid email or password"}')
    expect(errorStatus(error)).toBe(401)
    expect(serverMessage(error)).toBe('Invalid email or password')
  })

  it('uses a plain-text body as the message', () => {
    expect(serverMessage(new Error('502: Bad Gateway'))).toBe('Bad Gateway')
  })

  it("has no message for a proxy's HTML error page", () => {
    expect(serverMessage(new Error('502: <html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>'))).toBeUndefined()
    expect(serverMessage(new Error('504: \n <!DOCTYPE html><html><body>Gateway Timeout</body></html>'))).toBeUndefined()
  })

  it('has no status or message for a network failure', () => {
    const error = new TypeError('Failed to fetch')
    expect(errorStatus(error)).toBeUndefined()
    expect(serverMessage(error)).toBeUndefined()
  })
})

describe('signIn', () => {
  it('posts the credentials and stores the token and user', async () => {
    const calls = stubFetch(() => json({ token: 'tok-1', user: agent }))
    const queryClient = createQueryClient()
    const answer = await signIn(queryClient, { email: 'mere@example.fj', password: 'x', rememberMe: true })
    expect(answer.user.name).toBe('Mere Tui')
    expect(calls[0]).toMatchObject({ url: '/api/auth/login', method: 'POST', body: { email: 'mere@example.fj', password: 'x', rememberMe: true } })
    expect(readSession()).toEqual({ token: 'tok-1', user: agent })
    // The new session counts as verified: no second round trip on the way to /admin.
    expect(queryClient.getQueryData(['/api/auth/verify', 'tok-1'])).toEqual(agent)
  })

  it('drops what was cached for the previous user', async () => {
    stubFetch(() => json({ token: 'tok-2', user: agent }))
    const queryClient = createQueryClient()
    queryClient.setQueryData(['/api/admin/users'], [{ id: 'someone else' }])
    await signIn(queryClient, { email: 'mere@example.fj', password: 'x' })
    expect(queryClient.getQueryData(['/api/admin/users'])).toBeUndefined()
  })

  it("fails with the server's message and stores nothing", async () => {
    stubFetch(() => json({ message: 'Too many attempts. Try again in 15 minutes.' }, 429))
    await expect(signIn(createQueryClient(), { email: 'mere@example.fj', password: 'x' })).rejects.toThrow(
      /^Too many attempts. Try again in 15 minutes.$/,
    )
    expect(readSession()).toBeNull()
  })

  it('says the server cannot be reached when the request never got there, and stores nothing', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')))
    await expect(signIn(createQueryClient(), { email: 'mere@example.fj', password: 'x' })).rejects.toThrow(/^The server cannot be reached. Check the connection, then try again.$/)
    expect(readSession()).toBeNull()
  })

  it("says the server cannot be reached when the proxy answers for it with its own page, never the page's HTML", async () => {
    stubFetch(() => new Response('<html><body><h1>502 Bad Gateway</h1></body></html>', { status: 502, headers: { 'Content-Type': 'text/html' } }))
    await expect(signIn(createQueryClient(), { email: 'mere@example.fj', password: 'x' })).rejects.toThrow(/^The server cannot be reached. Check the connection, then try again.$/)
  })

  it("shows the server's own 503 message (its database is out of reach) rather than the link's", async () => {
    stubFetch(() => json({ message: 'The service is unavailable for a moment. Please try again shortly.' }, 503))
    await expect(signIn(createQueryClient(), { email: 'mere@example.fj', password: 'x' })).rejects.toThrow(/^The service is unavailable for a moment. Please try again shortly.$/)
  })

  it("fails with 'Login failed' when the answer is not a session", async () => {
    stubFetch(() => json({ unexpected: true }))
    await expect(signIn(createQueryClient(), { email: 'mere@example.fj', password: 'x' })).rejects.toThrow(/^Login failed$/)
    expect(readSession()).toBeNull()
  })
})

describe('signOut', () => {
  it('ends the session on the server with the bearer token, then here', async () => {
    writeSession({ token: 'tok-1', user: agent })
    const calls = stubFetch(() => json({ ok: true }))
    await signOut(createQueryClient())
    expect(calls[0]).toMatchObject({ url: '/api/auth/logout', method: 'POST', authorization: 'Bearer tok-1' })
    expect(readSession()).toBeNull()
  })

  it('forgets the session here even when offline', async () => {
    writeSession({ token: 'tok-1', user: agent })
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')))
    await signOut(createQueryClient())
    expect(readSession()).toBeNull()
  })
})

describe('changePassword', () => {
  it('replaces the session with the answer', async () => {
    writeSession({ token: 'old', user: { ...agent, mustChangePassword: true } })
    const calls = stubFetch(() => json({ token: 'new', user: agent }))
    await changePassword(createQueryClient(), { currentPassword: 'Old-Pass1!', newPassword: 'New-Pass1!' })
    expect(calls[0]).toMatchObject({ url: '/api/auth/change-password', authorization: 'Bearer old' })
    expect(readSession()).toEqual({ token: 'new', user: agent })
  })

  it("fails with the server's message or 'Failed to change password'", async () => {
    writeSession({ token: 'old', user: agent })
    stubFetch(() => json({ message: 'Current password is incorrect' }, 400))
    await expect(changePassword(createQueryClient(), { currentPassword: 'a', newPassword: 'New-Pass1!' })).rejects.toThrow(
      /^Current password is incorrect$/,
    )
    stubFetch(() => new Response('', { status: 500 }))
    await expect(changePassword(createQueryClient(), { currentPassword: 'a', newPassword: 'New-Pass1!' })).rejects.toThrow(
      /^Failed to change password$/,
    )
    expect(readSession()?.token).toBe('old')
  })
})

describe('verifySession', () => {
  it('answers the server user and refreshes the stored copy', async () => {
    writeSession({ token: 'tok-1', user: agent })
    stubFetch(() => json({ user: { ...agent, role: 'admin_user' } }))
    expect((await verifySession('tok-1')).role).toBe('admin_user')
    expect(readSession()?.user?.role).toBe('admin_user')
  })

  it('forgets the stored session on 401', async () => {
    writeSession({ token: 'tok-1', user: agent })
    stubFetch(() => json({ message: 'Please log in to continue' }, 401))
    await expect(verifySession('tok-1')).rejects.toThrow(/^401: /)
    expect(readSession()).toBeNull()
  })

  it('keeps the stored session when the server fails otherwise', async () => {
    writeSession({ token: 'tok-1', user: agent })
    stubFetch(() => new Response('', { status: 503, statusText: 'Service Unavailable' }))
    await expect(verifySession('tok-1')).rejects.toThrow(/^503: /)
    expect(readSession()?.token).toBe('tok-1')
  })
})

describe('bars but no data: the server never answers', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('the session check gives up after SERVER_WAIT_MS as if offline, and the stored session stays', async () => {
    vi.useFakeTimers()
    writeSession({ token: 'tok-1', user: agent })
    const calls = stubSilentServer()
    const verified = watch(verifySession('tok-1'))
    await vi.advanceTimersByTimeAsync(SERVER_WAIT_MS - 100)
    expect(verified.settled).toBe(false)
    await vi.advanceTimersByTimeAsync(200)
    expect(verified.error).toBeInstanceOf(ServerSilentError)
    // No status: the screens carry on with the stored user, as offline (useVerifiedSession).
    expect(errorStatus(verified.error)).toBeUndefined()
    expect(readSession()).toEqual({ token: 'tok-1', user: agent })
    expect(calls[0]!.init.signal?.aborted).toBe(true)
  })

  it('sign-in gives up after SERVER_WAIT_MS, says the server cannot be reached and stores nothing', async () => {
    vi.useFakeTimers()
    const calls = stubSilentServer()
    const signedIn = watch(signIn(createQueryClient(), { email: 'mere@example.fj', password: 'x' }))
    await vi.advanceTimersByTimeAsync(SERVER_WAIT_MS - 100)
    expect(signedIn.settled).toBe(false)
    await vi.advanceTimersByTimeAsync(200)
    expect(signedIn.error).toEqual(new Error('The server cannot be reached. Check the connection, then try again.'))
    expect(readSession()).toBeNull()
    expect(calls[0]!.init.signal?.aborted).toBe(true)
  })

  it('a password change gives up after SERVER_WAIT_MS and says the server cannot be reached; the session stays as it was', async () => {
    vi.useFakeTimers()
    writeSession({ token: 'tok-1', user: { ...agent, mustChangePassword: true } })
    stubSilentServer()
    const changed = watch(changePassword(createQueryClient(), { currentPassword: 'Old-Passw0rd!', newPassword: 'N3w-Passw0rd!' }))
    await vi.advanceTimersByTimeAsync(SERVER_WAIT_MS - 100)
    expect(changed.settled).toBe(false)
    await vi.advanceTimersByTimeAsync(200)
    expect(changed.error).toEqual(new Error('The server cannot be reached. Check the connection, then try again.'))
    expect(readSession()).toEqual({ token: 'tok-1', user: { ...agent, mustChangePassword: true } })
  })

  it('logout signs out on this phone after SERVER_WAIT_MS, though the server was never told', async () => {
    vi.useFakeTimers()
    writeSession({ token: 'tok-1', user: agent })
    const calls = stubSilentServer()
    const queryClient = createQueryClient()
    queryClient.setQueryData(['/api/admin/users'], [{ id: 'someone' }])
    const signedOut = watch(signOut(queryClient))
    await vi.advanceTimersByTimeAsync(SERVER_WAIT_MS - 100)
    expect(signedOut.settled).toBe(false)
    await vi.advanceTimersByTimeAsync(200)
    expect(signedOut.settled).toBe(true)
    expect(signedOut.error).toBeUndefined()
    expect(readSession()).toBeNull()
    expect(queryClient.getQueryData(['/api/admin/users'])).toBeUndefined()
    expect(calls[0]!.init).toMatchObject({ method: 'POST' })
    expect(new Headers(calls[0]!.init.headers).get('Authorization')).toBe('Bearer tok-1')
  })
})

describe('the session check is asked once per page load', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  /** A screen that mounts and reads the session check (useVerifiedSession's query). */
  function mountScreen(queryClient: ReturnType<typeof createQueryClient>, token: string) {
    const observer = new QueryObserver(queryClient, verifyQuery(token))
    const unmount = observer.subscribe(() => undefined)
    return { result: () => observer.getCurrentResult(), unmount }
  }

  it('a check the silent server never answered is not asked again by the next screen, which carries on at once', async () => {
    vi.useFakeTimers()
    writeSession({ token: 'tok-1', user: agent })
    const calls = stubSilentServer()
    const queryClient = createQueryClient()
    const dashboard = mountScreen(queryClient, 'tok-1')
    await vi.advanceTimersByTimeAsync(SERVER_WAIT_MS + 100)
    expect(dashboard.result().status).toBe('error')
    dashboard.unmount()

    // The agent opens another screen: no new wait, the failure stands (the stored user is used).
    const outbox = mountScreen(queryClient, 'tok-1')
    expect(outbox.result()).toMatchObject({ status: 'error', fetchStatus: 'idle' })
    await vi.advanceTimersByTimeAsync(100)
    expect(calls).toHaveLength(1)
    outbox.unmount()
  })

  it('an answered check is not asked again either', async () => {
    writeSession({ token: 'tok-1', user: agent })
    const calls = stubFetch(() => json({ user: agent }))
    const queryClient = createQueryClient()
    const first = mountScreen(queryClient, 'tok-1')
    await vi.waitFor(() => expect(first.result().status).toBe('success'))
    first.unmount()
    const second = mountScreen(queryClient, 'tok-1')
    expect(second.result()).toMatchObject({ status: 'success', fetchStatus: 'idle' })
    second.unmount()
    expect(calls.filter((c) => c.url === '/api/auth/verify')).toHaveLength(1)
  })

  it('a sign-out forgets the failed check, and a sign-in after it is verified by its own answer', async () => {
    vi.useFakeTimers()
    writeSession({ token: 'tok-1', user: agent })
    stubSilentServer()
    const queryClient = createQueryClient()
    const dashboard = mountScreen(queryClient, 'tok-1')
    await vi.advanceTimersByTimeAsync(SERVER_WAIT_MS + 100)
    expect(dashboard.result().status).toBe('error')
    dashboard.unmount()
    const signedOut = signOut(queryClient)
    await vi.advanceTimersByTimeAsync(SERVER_WAIT_MS + 100)
    await signedOut
    expect(queryClient.getQueryCache().find({ queryKey: ['/api/auth/verify', 'tok-1'] })).toBeUndefined()

    vi.useRealTimers()
    const calls = stubFetch(() => json({ token: 'tok-2', user: { ...agent, role: 'admin_user' } }))
    await signIn(queryClient, { email: 'mere@example.fj', password: 'x' })
    const next = mountScreen(queryClient, 'tok-2')
    expect(next.result()).toMatchObject({ status: 'success', data: { role: 'admin_user' } })
    next.unmount()
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/login'])
  })
})
