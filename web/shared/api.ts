// The one HTTP client of the web app (spec 000 sections 7 and 8).
// - JSON requests, `credentials: 'include'`, `Authorization: Bearer <token>` when a token is stored.
// - Any non-OK answer throws `Error("<status>: <body text or status text>")`; a 401 is no special case.
// - TanStack Query defaults: never stale, no retry, no refetch on focus, no polling; the default
//   query function GETs the query key's segments joined with '/'.
// - For a minute after the page's own write, reads ask past caches, so it reads its own writes.
import { MutationCache, QueryClient, type QueryFunction, type QueryFunctionContext } from '@tanstack/react-query'
import { MAX_ANSWER_STALE_MS } from '../../api/contract/answer-cache'
import { dropControlCharacters, withoutControlCharacters } from '../../api/contract/control-characters'

/** Local storage keys: one for the token, one for the user record (spec 000 section 9). */
export const sessionStorageKeys = {
  token: 'vf.token',
  user: 'vf.user',
} as const

export type AdminRole = 'global_admin' | 'admin_user' | 'data_agent'

/** The user record stored beside the token (the login response's `user`, spec 001 section 3). */
export interface SessionUser {
  name: string
  role: AdminRole
  mustChangePassword: boolean
  [extra: string]: unknown
}

export interface StoredSession {
  token: string
  user: SessionUser | null
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null
  } catch {
    // Storage can throw (privacy modes, sandboxed frames): behave as signed out.
    return null
  }
}

/**
 * The end of the token a user record was stored with, kept in the record. The token and the user
 * are two keys (spec 000 §9): another tab signing in writes one, then the other, and a tab reading
 * in between would pair the new token with the previous agent, whose queued signups the outbox
 * would then send under the new agent's account. A record stored with another token is no user.
 */
const TOKEN_TAIL_FIELD = 'storedWithToken'
const tokenTail = (token: string) => token.slice(-8)

function userOf(rawUser: string | null, token: string): SessionUser | null {
  if (!rawUser) return null
  try {
    const { [TOKEN_TAIL_FIELD]: storedWith, ...user } = JSON.parse(rawUser) as SessionUser
    // A record without the field was stored by an earlier version: it is taken as it is.
    return storedWith === undefined || storedWith === tokenTail(token) ? user : null
  } catch {
    return null
  }
}

/** The stored session, or null when there is no token. */
export function readSession(): StoredSession | null {
  const store = storage()
  const token = store?.getItem(sessionStorageKeys.token)
  if (!store || !token) return null
  return { token, user: userOf(store.getItem(sessionStorageKeys.user), token) }
}

/**
 * Dispatched on `window` after this tab wrote or cleared the session (other tabs see the
 * `storage` event instead): the outbox resumes sending after a sign-in.
 */
export const SESSION_CHANGED_EVENT = 'vf-session-changed'

function announceSessionChange(): void {
  if (typeof window === 'undefined' || typeof window.dispatchEvent !== 'function') return
  try {
    window.dispatchEvent(new Event(SESSION_CHANGED_EVENT))
  } catch {
    // A listener's failure is not the writer's.
  }
}

export function writeSession(session: StoredSession): void {
  const store = storage()
  if (!store) return
  store.setItem(sessionStorageKeys.token, session.token)
  if (session.user) store.setItem(sessionStorageKeys.user, JSON.stringify({ ...session.user, [TOKEN_TAIL_FIELD]: tokenTail(session.token) }))
  else store.removeItem(sessionStorageKeys.user)
  announceSessionChange()
}

export function clearSession(): void {
  const store = storage()
  store?.removeItem(sessionStorageKeys.token)
  store?.removeItem(sessionStorageKeys.user)
  announceSessionChange()
}

/** Headers every request carries: the bearer token when one is stored. */
export function authHeaders(): Record<string, string> {
  const token = readSession()?.token
  return token ? { Authorization: `Bearer ${token}` } : {}
}

/** Throws the spec's error for a non-OK response: `${status}: ${bodyText || statusText}`. */
export async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return
  let text = ''
  try {
    text = await res.text()
  } catch {
    text = ''
  }
  throw new Error(`${res.status}: ${text || res.statusText}`)
}

/**
 * For a while after this page's own write its reads ask past caches (fetch's `cache: 'no-cache'`):
 * the service worker goes to the network, and the server waits for the rebuild instead of answering
 * the answer from before the write, as it may answer others for a few seconds (decision 022). As
 * long as the longest bound a server can be set to.
 */
export const READ_OWN_WRITES_MS = MAX_ANSWER_STALE_MS
let ownWriteAt = Number.NEGATIVE_INFINITY

/**
 * fetch with the app's conventions (credentials, bearer token); throws on a non-OK answer.
 * Headers given in `init` win over the defaults (e.g. an upload's own Content-Type), and so does
 * `init.cache`.
 */
export async function apiFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(authHeaders())
  new Headers(init.headers).forEach((value, key) => headers.set(key, value))
  const method = (init.method ?? 'GET').toUpperCase()
  const isRead = method === 'GET' || method === 'HEAD'
  const cache = init.cache ?? (isRead && Date.now() - ownWriteAt < READ_OWN_WRITES_MS ? 'no-cache' : undefined)
  const res = await fetch(url, { ...init, headers, credentials: 'include', ...(cache ? { cache } : {}) })
  if (!isRead && res.ok) ownWriteAt = Date.now()
  await throwIfNotOk(res)
  return res
}

function jsonRequestInit(method: string, body: unknown): RequestInit {
  return {
    method,
    headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
    // What a live form sends loses what the server refuses unseen (the outbox's queue does the same):
    // a phone number copied from a chat app comes wrapped in direction marks.
    body: body === undefined ? undefined : JSON.stringify(body, dropControlCharacters),
  }
}

/** A JSON request: `body`, when given, is sent as JSON with Content-Type application/json. */
export function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  return apiFetch(url, jsonRequestInit(method, body))
}

/** A search typed into a box, as a query value: trimmed, and without what the server refuses unseen
 * (a name pasted from a chat app carries direction marks). */
export const typedSearch = (text: string) => withoutControlCharacters(text).trim()

/** GET and parse JSON. */
export async function apiGet<T>(url: string): Promise<T> {
  const res = await apiRequest('GET', url)
  return (await res.json()) as T
}

/** The path a query key stands for: its segments joined with '/'. */
export function queryKeyToUrl(queryKey: readonly unknown[]): string {
  return queryKey.map((segment) => String(segment)).join('/')
}

/**
 * True for the query of `url` and for each page of it, which a paged list keys under the URL with
 * its query string (`/api/public/reviews?page=2&limit=20`): a write refreshes every page shown.
 */
export function isQueryOfUrl(queryKey: readonly unknown[], url: string): boolean {
  const first = queryKey[0]
  return typeof first === 'string' && (first === url || first.startsWith(`${url}?`))
}

/** The server did not start answering (or, counting the body, did not finish) within the time given. */
export class ServerSilentError extends Error {
  constructor() {
    super('The server did not answer')
  }
}

/**
 * How long a screen waits for the server before it carries on as it does offline: "bars but no data"
 * (the phone says online, nothing comes back) would otherwise keep it waiting for minutes. One wait
 * for the directory's lists, the public lists, the forms' reference lists and the session's checks.
 */
export const SERVER_WAIT_MS = 8_000

/**
 * `request` under a clock: gives up with ServerSilentError after `waitMs` unless `signal` (the
 * caller's) aborts first. `request` gets the signal to pass to fetch and `answered`, to call once
 * the clock should stop.
 */
async function within<T>(waitMs: number, signal: AbortSignal | undefined, request: (signal: AbortSignal, answered: () => void) => Promise<T>): Promise<T> {
  const controller = new AbortController()
  const stop = () => controller.abort()
  signal?.addEventListener('abort', stop, { once: true })
  let silent = false
  const timer = setTimeout(() => {
    silent = true
    controller.abort()
  }, waitMs)
  try {
    return await request(controller.signal, () => clearTimeout(timer))
  } catch (error) {
    throw silent && !signal?.aborted ? new ServerSilentError() : error
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', stop)
  }
}

/**
 * GET `url` and parse JSON, giving up with ServerSilentError after `waitMs` unless `signal` (the
 * caller's) aborts first: "bars but no data" would otherwise wait for minutes. `until` 'answer' stops
 * the clock once the server starts answering (a large list on weak 3G may take as long as the link
 * needs); 'body' counts the body too. `cache` as fetch's (a read past the worker's kept answer).
 */
export function getJsonWithin(url: string, waitMs: number, signal: AbortSignal | undefined, until: 'answer' | 'body', cache?: RequestCache): Promise<unknown> {
  return within(waitMs, signal, async (timed, answered) => {
    const res = await apiFetch(url, { method: 'GET', signal: timed, ...(cache ? { cache } : {}) })
    if (until === 'answer') answered()
    return (await res.json()) as unknown
  })
}

/** A JSON request (apiRequest's) that gives up with ServerSilentError when no answer came within `waitMs`. */
export function requestWithin(method: string, url: string, waitMs: number, body?: unknown): Promise<Response> {
  return within(waitMs, undefined, (timed) => apiFetch(url, { ...jsonRequestInit(method, body), signal: timed }))
}

/** Default query function: GET the joined query key, parse JSON. */
export const defaultQueryFn: QueryFunction = ({ queryKey, signal }) =>
  apiFetch(queryKeyToUrl(queryKey), { method: 'GET', signal }).then((res) => res.json() as Promise<unknown>)

/**
 * The query function of a public list the directory's copy does not hold (experts, reviews): GET the
 * joined query key, giving up with ServerSilentError when the server has not started answering within
 * SERVER_WAIT_MS, as the directory's lists do. On "bars but no data" the list then shows its failure
 * and "Try again", as offline, instead of loading for minutes; a list the service worker kept is
 * answered from there at once and never waits. `cache` as fetch's (a read past the worker's copy).
 */
export function publicListQuery<T>({ queryKey, signal }: QueryFunctionContext, cache?: RequestCache): Promise<T> {
  return getJsonWithin(queryKeyToUrl(queryKey), SERVER_WAIT_MS, signal, 'answer', cache) as Promise<T>
}

export const queryClientDefaults = {
  queries: {
    queryFn: defaultQueryFn,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: false,
  },
  mutations: {
    retry: false,
  },
} as const

/** The HTTP status of an error thrown here (`"401: …"`), or undefined for a network failure. */
export function errorStatus(error: unknown): number | undefined {
  const match = error instanceof Error ? /^(\d{3}): /.exec(error.message) : null
  return match ? Number(match[1]) : undefined
}

export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    defaultOptions: queryClientDefaults,
    // A 409 says what the screen shows is stale: a colleague decided the signup, moderated the review
    // or switched the expert meanwhile (on any server). What is on screen is read again, so the card
    // or switch the click came from shows the change instead of offering the same click again.
    mutationCache: new MutationCache({
      onError: (error) => {
        if (errorStatus(error) === 409) void queryClient.invalidateQueries({ refetchType: 'active' })
      },
    }),
  })
  return queryClient
}
