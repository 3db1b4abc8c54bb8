// The directory's lists when the server cannot be reached (issue 17): the query function every
// browse list uses asks the server (through the service worker) and, offline or unreachable, answers
// from the copy of the whole directory the phone keeps (sync/outbox/directory-copy-store.ts, a lazy
// chunk, fetched once the page is idle). Answers from the copy are remembered, so the screens can say "as of" and
// ask the server again once the phone is back online. Light: in the home page's entry chunk.
import { hashKey, useQueryClient, type QueryClient, type QueryFunctionContext } from '@tanstack/react-query'
import { useCallback, useEffect, useSyncExternalStore } from 'react'
import { SERVER_WAIT_MS, ServerSilentError, defaultQueryFn, getJsonWithin, queryKeyToUrl } from '../../shared/api'
import { whenIdle } from '../../shared/when-idle'

const loadStore = () => import('../../../sync/outbox/directory-copy-store')

/** The queries (by hash) last answered from the copy, with when the server last confirmed it. By
 * query, not by answer: the server's answer equals the copy's, and the query keeps the old object. */
const answeredFromCopy = new WeakMap<QueryClient, Map<string, number>>()
function fromCopy(client: QueryClient): Map<string, number> {
  let marks = answeredFromCopy.get(client)
  if (!marks) answeredFromCopy.set(client, (marks = new Map()))
  return marks
}

/**
 * How long a list waits for the server to start answering before the copy answers (the app's one
 * wait, web/shared/api.ts). Only the wait for the first byte counts: a large list on weak 3G may then
 * take as long as the link needs.
 */
export { SERVER_WAIT_MS }

/** How long a list answered from the copy because the server was silent waits before asking it again. */
export const ASK_AGAIN_AFTER_SILENCE_MS = 60_000

/** The fetch never reached the server (no network, DNS, refused), a gateway said it is down, or nothing answered. */
function cannotReachServer(error: unknown): boolean {
  return error instanceof TypeError || error instanceof ServerSilentError || (error instanceof Error && /^50[234]:/.test(error.message))
}

/** GET the query's URL, giving up (ServerSilentError) when the server has not started answering within SERVER_WAIT_MS. */
const askServer = (context: QueryFunctionContext) => getJsonWithin(queryKeyToUrl(context.queryKey), SERVER_WAIT_MS, context.signal, 'answer')

/** A list the copy answered while the server was silent asks the server again a while later (no 'online' event will come). */
function askAgainLater(context: QueryFunctionContext) {
  const hash = hashKey(context.queryKey)
  setTimeout(() => {
    if (!fromCopy(context.client).has(hash)) return
    void context.client.invalidateQueries({ predicate: (query) => query.queryHash === hash })
  }, ASK_AGAIN_AFTER_SILENCE_MS)
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false

const watched = new WeakSet<QueryClient>()
/** Back online: every list answered from the copy asks the server again (then the notice goes). */
function refetchWhenOnline(client: QueryClient) {
  if (watched.has(client) || typeof window === 'undefined') return
  watched.add(client)
  window.addEventListener('online', () => {
    void client.invalidateQueries({ predicate: (query) => fromCopy(client).has(query.queryHash) })
  })
}

async function answerFromCopy(context: QueryFunctionContext): Promise<{ answer: unknown } | undefined> {
  const offline = await (await loadStore()).answerOffline(queryKeyToUrl(context.queryKey))
  if (!offline) return undefined
  fromCopy(context.client).set(hashKey(context.queryKey), offline.asOf)
  refetchWhenOnline(context.client)
  return offline
}

/**
 * The query function of the directory's lists. Online: the server's answer (the service worker may
 * give its kept one first). Offline, or when the server cannot be reached: the copy's, the same
 * shape and paging, for every town and produce, opened before or not.
 */
export async function directoryQuery<T>(context: QueryFunctionContext): Promise<T> {
  return (await askServerOrCopy(context)) as T
}

async function askServerOrCopy(context: QueryFunctionContext): Promise<unknown> {
  // Offline, the copy first: one consistent list (the counts on a town's button match its pages),
  // rather than the service worker's answers of different ages.
  if (isOffline()) {
    const copy = await answerFromCopy(context).catch(() => undefined)
    if (copy) return copy.answer
    return defaultQueryFn(context)
  }
  try {
    const answer = await askServer(context)
    fromCopy(context.client).delete(hashKey(context.queryKey))
    return answer
  } catch (error) {
    if (context.signal.aborted) throw error
    if (!cannotReachServer(error)) {
      // The server answered (an error): what shows now is that, not the copy.
      fromCopy(context.client).delete(hashKey(context.queryKey))
      throw error
    }
    const copy = await answerFromCopy(context).catch(() => undefined)
    if (!copy) throw error
    if (error instanceof ServerSilentError) askAgainLater(context)
    return copy.answer
  }
}

let keepRequested = false

/** Once per page, after the first paint and when idle: fetch or refresh the copy (online only). */
export function keepOfflineCopyWhenIdle(): void {
  if (keepRequested || typeof window === 'undefined') return
  keepRequested = true
  whenIdle(() => {
    if (isOffline()) {
      keepRequested = false
      return
    }
    void loadStore()
      .then(async (store) => {
        const outcome = await store.refreshOfflineCopy()
        if (outcome === 'failed') keepRequested = false
        // The forms' lists too: asked again whenever the copy was (hourly at most), else only if missing.
        else await store.warmFormLists({ onlyMissing: outcome === 'fresh' })
      })
      .catch(() => {
        keepRequested = false
      })
  })
}

/** The oldest "as of" among the lists on screen (queries with an observer) answered from the copy. */
export function shownFromCopyAsOf(client: QueryClient): number | null {
  let asOf: number | null = null
  const marks = fromCopy(client)
  for (const query of client.getQueryCache().getAll()) {
    const at = marks.get(query.queryHash)
    if (at === undefined || query.getObserversCount() === 0) continue
    asOf = asOf === null ? at : Math.min(asOf, at)
  }
  return asOf
}

/**
 * When the shown lists came from the copy: the oldest "as of" (ms) among the lists on screen, or
 * null when every one came from the server. Re-renders only when that changes.
 */
export function useOfflineCopyAsOf(): number | null {
  const client = useQueryClient()
  const subscribe = useCallback((onChange: () => void) => client.getQueryCache().subscribe(onChange), [client])
  const read = useCallback(() => shownFromCopyAsOf(client), [client])
  return useSyncExternalStore(subscribe, read, () => null)
}

/** Starts keeping the copy when a directory screen shows (after the first paint, when idle). */
export function useKeepOfflineCopy(): void {
  useEffect(keepOfflineCopyWhenIdle, [])
}
