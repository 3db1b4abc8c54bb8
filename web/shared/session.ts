// The staff session in the browser (spec 001 §2 and §7, clarifications "Sessions"): who is signed
// in, signing in and out, changing one's own password, and the one verification of a stored
// session per page load. Storage itself stays in api.ts (readSession/writeSession/clearSession);
// this file keeps React in step with it, across tabs too. No screens here: features render it.
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useEffect, useSyncExternalStore } from 'react'
import {
  LoginResponseSchema,
  VerifyResponseSchema,
  type ChangePassword,
  type LoginInput,
  type LoginResponse,
  type SessionUser,
} from '../../api/contract/auth'
import { messages } from '../../api/contract/messages'
import { SERVER_WAIT_MS, ServerSilentError, clearSession, errorStatus, getJsonWithin, readSession, requestWithin, sessionStorageKeys, writeSession, type StoredSession } from './api'
import { toast } from './ui/toast'

// ---- the stored session as a React store --------------------------------------------------

const listeners = new Set<() => void>()
/** undefined until first read, so importing this file never touches storage. */
let snapshot: StoredSession | null | undefined

function refresh() {
  snapshot = readSession()
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  // Another tab signing in or out changes this tab's session too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === sessionStorageKeys.token || event.key === sessionStorageKeys.user) refresh()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

function getSnapshot(): StoredSession | null {
  if (snapshot === undefined) snapshot = readSession()
  return snapshot
}

/** The stored session (token and user), or null when signed out. Re-renders on every change. */
export function useSession(): StoredSession | null {
  return useSyncExternalStore(subscribe, getSnapshot, () => null)
}

function store(response: LoginResponse) {
  writeSession({ token: response.token, user: response.user })
  refresh()
}

function forget() {
  clearSession()
  refresh()
}

// ---- server messages ----------------------------------------------------------------------

export { errorStatus }

/** The server's `{ message }` from an error thrown by api.ts, or undefined when there is none. */
export function serverMessage(error: unknown): string | undefined {
  if (errorStatus(error) === undefined || !(error instanceof Error)) return undefined
  const body = error.message.replace(/^\d{3}: /, '')
  try {
    const parsed: unknown = JSON.parse(body)
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') {
      return parsed.message || undefined
    }
    return undefined
  } catch {
    // An HTML page is a proxy's or gateway's (ours answers JSON): never a message to show.
    return /^\s*</.test(body) ? undefined : body.trim() || undefined
  }
}

// ---- sign in, sign out, change password -----------------------------------------------------

const verifyKey = (token: string) => ['/api/auth/verify', token] as const

function startSession(queryClient: QueryClient, response: LoginResponse) {
  // Nothing cached for the previous user may leak into the new session.
  queryClient.clear()
  store(response)
  queryClient.setQueryData(verifyKey(response.token), response.user)
}

/** No answer came in time, the request never reached the server (fetch's TypeError), or a gateway said it is down. */
const unreachable = (error: unknown) => error instanceof ServerSilentError || error instanceof TypeError || [502, 503, 504].includes(errorStatus(error) ?? 0)

/**
 * POST /api/auth/login. Stores token and user on success; on failure throws an Error whose
 * message is the server's ('Invalid email or password', the lockout text), the unreachable server's
 * text, or 'Login failed'.
 */
export async function signIn(queryClient: QueryClient, credentials: LoginInput): Promise<LoginResponse> {
  let body: unknown
  try {
    // Under the app's one wait: at the edge of coverage a silent link would keep the agent waiting
    // for minutes. A session the server made after that is never used and lapses.
    body = await (await requestWithin('POST', '/api/auth/login', SERVER_WAIT_MS, credentials)).json()
  } catch (error) {
    throw new Error(serverMessage(error) ?? (unreachable(error) ? messages.offline.serverUnreachable : messages.auth.loginFailed))
  }
  const parsed = LoginResponseSchema.safeParse(body)
  if (!parsed.success) throw new Error(messages.auth.loginFailed)
  startSession(queryClient, parsed.data)
  return parsed.data
}

/**
 * Logout: ends the session on the server (clarifications, Sessions), then in this browser.
 * The browser side always happens, even when the server cannot be reached or never answers
 * (after SERVER_WAIT_MS: "bars but no data" would otherwise leave the agent signed in, waiting).
 */
export async function signOut(queryClient: QueryClient): Promise<void> {
  try {
    await requestWithin('POST', '/api/auth/logout', SERVER_WAIT_MS)
  } catch {
    // Offline, silent or already expired: the token is forgotten here; the server lets it lapse.
  }
  forget()
  queryClient.clear()
}

/**
 * POST /api/auth/change-password: the answer's token and user replace the session (the server
 * ends every other session of the user). Throws the server message, the unreachable server's text
 * or 'Failed to change password'.
 */
export async function changePassword(queryClient: QueryClient, body: ChangePassword): Promise<LoginResponse> {
  let answer: unknown
  try {
    // Under the app's one wait, as sign-in. Should the change have landed unheard, this token has
    // ended with it: the next try is answered 401, and the agent signs in with the new password.
    answer = await (await requestWithin('POST', '/api/auth/change-password', SERVER_WAIT_MS, body)).json()
  } catch (error) {
    throw new Error(serverMessage(error) ?? (unreachable(error) ? messages.offline.serverUnreachable : messages.auth.failedToChangePassword))
  }
  const parsed = LoginResponseSchema.safeParse(answer)
  if (!parsed.success) throw new Error(messages.auth.failedToChangePassword)
  startSession(queryClient, parsed.data)
  return parsed.data
}

/** signIn, signOut and changePassword bound to the app's QueryClient. */
export function useSessionActions() {
  const queryClient = useQueryClient()
  return {
    signIn: (credentials: LoginInput) => signIn(queryClient, credentials),
    signOut: () => signOut(queryClient),
    changePassword: (body: ChangePassword) => changePassword(queryClient, body),
  }
}

// ---- verify once per page load --------------------------------------------------------------

export type VerifiedSession =
  | { status: 'signedOut' }
  | { status: 'verifying' }
  /** `verified` is false when the server could not be asked (offline): the stored user is used. */
  | { status: 'ready'; token: string; user: SessionUser; verified: boolean }

/**
 * GET /api/auth/verify for `token`; a 401 forgets the stored session. A server silent for
 * SERVER_WAIT_MS fails it with ServerSilentError (no status), which counts as offline: the stored
 * user carries on, where "bars but no data" would otherwise keep every back-office screen on "Loading…".
 */
export async function verifySession(token: string): Promise<SessionUser> {
  try {
    const { user } = VerifyResponseSchema.parse(await getJsonWithin('/api/auth/verify', SERVER_WAIT_MS, undefined, 'body'))
    // The role or the must-change flag may have changed since sign-in: keep the stored copy current.
    if (readSession()?.token === token) store({ token, user })
    return user
  } catch (error) {
    if (errorStatus(error) === 401 && readSession()?.token === token) forget()
    throw error
  }
}

function storedUser(session: StoredSession): SessionUser | null {
  const parsed = VerifyResponseSchema.shape.user.safeParse(session.user)
  return parsed.success ? parsed.data : null
}

/**
 * The session check of `token`, asked once per token and page load. A check that ended without an
 * answer (offline, a silent server, a server error) is not asked again by every screen that mounts:
 * on "bars but no data" each screen change would wait SERVER_WAIT_MS again. A sign-in or a password
 * change starts a new token with its answer already there, a sign-out clears it, and the server still
 * checks the token on every request it answers.
 */
export function verifyQuery(token: string) {
  return queryOptions({
    queryKey: verifyKey(token),
    queryFn: () => verifySession(token),
    enabled: !!token,
    staleTime: Infinity,
    gcTime: Infinity,
    retryOnMount: false,
    refetchOnMount: false,
  })
}

let lastVerifyFailureToasted = 0

/**
 * The signed-in user for the back office: the stored session, verified with GET /api/auth/verify
 * once per token and page load (verifyQuery). A 401 signs out (→ signedOut). Other failures keep the stored
 * user; a server error shows 'Failed to verify user', a network failure (offline) shows nothing
 * here — the screens show their own 'You are offline' state.
 */
export function useVerifiedSession(): VerifiedSession {
  const session = useSession()
  const token = session?.token
  const query = useQuery(verifyQuery(token ?? ''))
  const failedOnServer = query.isError && errorStatus(query.error) !== undefined && errorStatus(query.error) !== 401
  const failedAt = failedOnServer ? query.errorUpdatedAt : 0
  useEffect(() => {
    // Once per failure, however many screens ask.
    if (failedAt && failedAt !== lastVerifyFailureToasted) {
      lastVerifyFailureToasted = failedAt
      toast({ title: messages.common.errorTitle, description: messages.auth.failedToVerifyUser, variant: 'destructive' })
    }
  }, [failedAt])

  if (!session) return { status: 'signedOut' }
  if (query.data) return { status: 'ready', token: session.token, user: query.data, verified: true }
  const fallback = storedUser(session)
  // Offline (the query waits for the network) or the server unreachable: carry on with the stored
  // user; the server still checks the token on every request once it can be reached.
  const cannotAsk = query.fetchStatus === 'paused' || (query.isError && errorStatus(query.error) !== 401)
  if (cannotAsk && fallback) return { status: 'ready', token: session.token, user: fallback, verified: false }
  if (query.isError && !fallback) return { status: 'signedOut' }
  return { status: 'verifying' }
}

// ---- online state ---------------------------------------------------------------------------

/**
 * navigator.onLine as React state. Staff writes are online-only (offline-sync.md): screens use
 * this to show 'You are offline' and disable them instead of failing silently. One definition, in
 * the outbox's light entry, which the home page's chunk may import.
 */
export { useIsOnline } from './outbox'
