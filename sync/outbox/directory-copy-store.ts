// The directory's offline copy on the phone (issue 17): GET /api/directory/snapshot kept in Cache
// Storage, refreshed after the page is idle with If-None-Match (a bodiless 304 when nothing changed),
// read and indexed once per page when the server cannot be reached. A lazy chunk: the home page's
// first paint never waits for it. A failed or odd answer never replaces a good copy.
import type { DirectorySnapshot } from '../../api/contract'
import { answerFromCopy, indexCopy, type IndexedCopy } from './directory-copy'
import { REFERENCE_ENDPOINTS } from './reference'

export const OFFLINE_COPY_CACHE = 'vf-directory-copy'
export const OFFLINE_COPY_URL = '/api/directory/snapshot'
/** When the server last confirmed the copy (the notice's "as of"): a small entry beside it. */
const CHECKED_URL = '/api/directory/snapshot?checked'
/** A copy the server confirmed this recently is not asked about again. */
export const REFRESH_AFTER_MS = 60 * 60_000
/** With the browser's Data Saver on, a copy is refreshed only once a day. */
const SAVE_DATA_REFRESH_AFTER_MS = 24 * 60 * 60_000

export type RefreshOutcome = 'fresh' | 'updated' | 'confirmed' | 'failed'

interface CopyDeps {
  caches: CacheStorage
  fetch: typeof fetch
  now: () => number
  saveData: boolean
}

const browserDeps = (): CopyDeps | undefined =>
  typeof caches === 'undefined'
    ? undefined
    : {
        caches,
        fetch: (input, init) => fetch(input, init),
        now: Date.now,
        saveData: (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true,
      }

async function checkedAt(cache: Cache): Promise<number | undefined> {
  const entry = await cache.match(CHECKED_URL)
  const value = Number(await entry?.text())
  return Number.isFinite(value) && value > 0 ? value : undefined
}

const markChecked = (cache: Cache, at: number) => cache.put(CHECKED_URL, new Response(String(at), { headers: { 'Content-Type': 'text/plain' } }))

let reading: Promise<{ copy: IndexedCopy; asOf: number } | null> | undefined

/**
 * Fetches the copy when it is missing or older than an hour; never throws. The body goes straight
 * to Cache Storage: nothing is parsed on the main thread while the visitor is online.
 */
export async function refreshOfflineCopy(deps: CopyDeps | undefined = browserDeps()): Promise<RefreshOutcome> {
  if (!deps) return 'failed'
  try {
    const cache = await deps.caches.open(OFFLINE_COPY_CACHE)
    const [stored, checked] = await Promise.all([cache.match(OFFLINE_COPY_URL), checkedAt(cache)])
    const maxAge = deps.saveData ? SAVE_DATA_REFRESH_AFTER_MS : REFRESH_AFTER_MS
    if (stored && checked !== undefined && deps.now() - checked < maxAge) return 'fresh'
    const etag = stored?.headers.get('ETag')
    // no-store: the browser's HTTP cache would keep a second copy; the If-None-Match is ours. Our own
    // Cache-Control, or fetch adds 'no-cache', which makes the server ignore the ETag (a full 200).
    const headers: Record<string, string> = { Accept: 'application/json', 'Cache-Control': 'max-age=0' }
    if (etag) headers['If-None-Match'] = etag
    const response = await deps.fetch(OFFLINE_COPY_URL, { cache: 'no-store', headers })
    if (response.status === 304 && stored) {
      await markChecked(cache, deps.now())
      reading = undefined
      return 'confirmed'
    }
    if (!response.ok || !(response.headers.get('content-type') ?? '').includes('json')) return 'failed'
    await cache.put(OFFLINE_COPY_URL, response)
    await markChecked(cache, deps.now())
    reading = undefined
    return 'updated'
  } catch {
    return 'failed'
  }
}

/** How long the lists wait for the service worker to take the page on a first visit. */
const CONTROL_WAIT_MS = 30_000

/** True once a service worker controls this page (it claims open pages as it activates), false if none does within `ms`. */
function serviceWorkerControls(ms: number = CONTROL_WAIT_MS): Promise<boolean> {
  const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker
  if (!container) return Promise.resolve(false)
  if (container.controller) return Promise.resolve(true)
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      resolve(true)
    }
    const timer = setTimeout(() => {
      container.removeEventListener('controllerchange', done)
      resolve(false)
    }, ms)
    container.addEventListener('controllerchange', done, { once: true })
  })
}

interface FormListDeps {
  caches: CacheStorage
  fetch: typeof fetch
  /** Whether a service worker will keep what this page fetches (it does only once it controls the page). */
  controlled: () => Promise<boolean>
}

const browserFormListDeps = (): FormListDeps | undefined => {
  const deps = browserDeps()
  return deps && { caches: deps.caches, fetch: deps.fetch, controlled: () => serviceWorkerControls() }
}

/**
 * Asks for the lists the public forms need (towns, produce, expert fields) beside the copy, so the
 * service worker keeps them (sync/outbox/cache-rules.ts): a farmer who never opened the signup form
 * online can still fill it in offline (promise 7). A signed-in phone's outbox keeps them in IndexedDB
 * too; a visitor's phone never loads the outbox. On a first visit it waits for the worker to take the
 * page, or nothing would keep them. `onlyMissing`: leaves the lists the worker already holds. A few KB;
 * never throws.
 */
export async function warmFormLists({ onlyMissing }: { onlyMissing: boolean }, deps: FormListDeps | undefined = browserFormListDeps()): Promise<void> {
  if (!deps || !(await deps.controlled().catch(() => false))) return
  await Promise.all(
    Object.values(REFERENCE_ENDPOINTS).map(async (url) => {
      try {
        if (onlyMissing && (await deps.caches.match(url))) return
        // Read to the end: the worker keeps the answer once it has all of it.
        await (await deps.fetch(url, { headers: { Accept: 'application/json' } })).arrayBuffer()
      } catch {
        // Offline now, or a bad answer: the worker keeps what it had.
      }
    }),
  )
}

function isSnapshot(body: unknown): body is DirectorySnapshot {
  const value = body as Partial<DirectorySnapshot> | null
  return typeof value === 'object' && value !== null && Array.isArray(value.cities) && Array.isArray(value.produce) && Array.isArray(value.farmers)
}

/** Drops the indexed copy this page holds (tests; a new copy does it by itself). */
export function forgetOfflineCopy(): void {
  reading = undefined
}

/** The kept copy, indexed (once per page until it changes), with when the server last confirmed it. */
export function readOfflineCopy(deps: CopyDeps | undefined = browserDeps()): Promise<{ copy: IndexedCopy; asOf: number } | null> {
  if (!deps) return Promise.resolve(null)
  reading ??= (async () => {
    const cache = await deps.caches.open(OFFLINE_COPY_CACHE)
    const [stored, checked] = await Promise.all([cache.match(OFFLINE_COPY_URL), checkedAt(cache)])
    if (!stored) return null
    const body: unknown = await stored.json()
    if (!isSnapshot(body)) return null
    return { copy: indexCopy(body), asOf: checked ?? (Date.parse(stored.headers.get('Date') ?? '') || deps.now()) }
  })().catch(() => null)
  const result = reading
  // Nothing kept yet: ask again next time (the copy may arrive meanwhile).
  void result.then((value) => {
    if (value === null && reading === result) reading = undefined
  })
  return result
}

/** The answer to a directory `url` from the kept copy, or undefined when there is none or it cannot say. */
export async function answerOffline(url: string, deps?: CopyDeps): Promise<{ answer: unknown; asOf: number } | undefined> {
  const kept = await readOfflineCopy(deps ?? browserDeps())
  if (!kept) return undefined
  const answer = answerFromCopy(kept.copy, url)
  return answer === undefined ? undefined : { answer, asOf: kept.asOf }
}
