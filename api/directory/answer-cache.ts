// Public directory answers, computed once per (data version, Fiji day, validated URL) and kept as
// the bytes that go on the wire: plain JSON, brotli and gzip, each made once, with their ETag.
// Who is listed changes only with a write (which moves a version row in the database, so every
// server sees it once its shared read of that row, VERSION_SHARED_MS, is over) or at Fiji midnight.
//
// After a write, the first request starts one rebuild off the request path and is answered the
// previous answer (with its own ETag) — but only while that answer was verified current less than
// `staleForMs` ago, so nothing older than that bound is ever served, and never to a client that asks
// past caches (Cache-Control: no-cache or max-age=0). Concurrent requests for an
// answer being built share that one build. A phone revalidating with If-None-Match gets a
// bodiless 304.
import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Request, Response } from 'express'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { DEFAULT_ANSWER_STALE_MS } from '../config'
import { fijiDayBounds } from './public-listing'
import { markPreEncoded } from '../http/compress'

const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

export interface CachedAnswer {
  etag: string
  /** The JSON text, and its brotli and gzip bytes (made on the thread pool, never on the event loop). */
  plain: Buffer
  br: Buffer
  gzip: Buffer
}

interface Entry extends CachedAnswer {
  version: string
  day: string
  /** When the data version was last read equal to `version`: the answer was true then. */
  verifiedAt: number
}

/**
 * Answers kept per route, oldest use going first: enough for every city, produce and first pages
 * a busy day asks for. Kept per route so that free text (a search's words) can only push out other
 * searches, never the towns' and produce's answers.
 */
const MAX_ENTRIES_PER_ROUTE = 300
/**
 * Default bound on serving an answer older than the data: a few seconds, so that a rebuild after a
 * write runs off the request path (the server's is config.answerStaleMs, ANSWER_STALE_MS). A client
 * that asks past caches — the web app for a while after its own write — always waits for the
 * rebuild, so nobody reads an answer from before their own write (decision 022).
 */
export const DEFAULT_STALE_FOR_MS = DEFAULT_ANSWER_STALE_MS

export type VersionReader = () => Promise<number | string>

/**
 * Requests this close together share one read of the data version: at thousands of requests a
 * second that read was a query per request (on PostgreSQL a round trip), for a number that moves
 * with writes. An answer read this way counts as verified when the shared read began, so nothing
 * older than `staleForMs` is served still; with a bound of 0, and for a client asking past caches,
 * every request reads the version itself.
 */
export const VERSION_SHARED_MS = 25

export interface AnswerCacheOptions {
  /** How long after it was last known current an answer may still be served while it is rebuilt; 0: never. */
  staleForMs?: number
  /** Reports a rebuild that failed off the request path (the next request tries again). */
  onBackgroundError?: (error: unknown) => void
  now?: () => number
}

/** How a router's public answers are kept, and where they are computed from. */
export interface PublicAnswerOptions extends AnswerCacheOptions {
  /**
   * The database the answers are computed from: on SQLite the read thread (db/read-thread.ts), so a
   * rebuild's queries never hold the event loop (decision 030); the router's own database when absent.
   * Version rows and writes stay on the main connection.
   */
  readDb?: Kysely<Database>
}

/** An answer already written as JSON (a large one, written a piece at a time): kept as this text. */
export class JsonText {
  constructor(readonly text: string) {}
}

async function encode(value: unknown): Promise<CachedAnswer> {
  const plain = Buffer.from(value instanceof JsonText ? value.text : JSON.stringify(value))
  // Quality 6: within a few per cent of brotli's best on JSON at a fraction of its time, and an
  // answer is rebuilt after every write it depends on.
  const [br, gz] = await Promise.all([
    brotliAsync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: plain.length } }),
    gzipAsync(plain, { level: 6 }),
  ])
  const hash = createHash('sha1').update(plain).digest('base64url').slice(0, 27)
  return { plain, br, gzip: gz, etag: `W/"${plain.length.toString(16)}-${hash}"` }
}

type Build = { version: string; day: string; entry: Promise<Entry> }

export function answerCache(currentVersion: VersionReader, options: AnswerCacheOptions = {}) {
  const { staleForMs = DEFAULT_STALE_FOR_MS, onBackgroundError = () => {}, now = Date.now } = options
  const routes = new Map<string, Map<string, Entry>>()
  /** Each answer's running build, and at most one waiting behind it (for the newest version asked meanwhile). */
  const building = new Map<string, Build>()
  const waiting = new Map<string, Build>()
  const entriesOf = (route: string) => routes.get(route) ?? routes.set(route, new Map()).get(route)!
  let shared: { at: number; version: Promise<string> } | undefined

  /** The data version, and when its read began. */
  async function readVersion(isFreshWanted: boolean): Promise<{ at: number; version: string }> {
    const at = now()
    if (isFreshWanted || staleForMs === 0) return { at, version: String(await currentVersion()) }
    if (!shared || at - shared.at >= Math.min(VERSION_SHARED_MS, staleForMs)) {
      const read = { at, version: currentVersion().then(String) }
      shared = read
      // A failed read is not shared: the next request reads again.
      read.version.catch(() => {
        if (shared === read) shared = undefined
      })
    }
    const { at: readAt, version } = shared
    return { at: readAt, version: await version }
  }

  function keep(route: string, key: string, entry: Entry) {
    const entries = entriesOf(route)
    entries.delete(key)
    entries.set(key, entry)
    if (entries.size > MAX_ENTRIES_PER_ROUTE) entries.delete(entries.keys().next().value as string)
  }

  /** Builds `key`'s answer for `version` and `day` now (no other build of it is running). */
  function start(route: string, key: string, version: string, day: string, verifiedAt: number, compute: () => Promise<unknown>): Promise<Entry> {
    const entry = (async () => {
      try {
        const made: Entry = { ...(await encode(await compute())), version, day, verifiedAt }
        // A slower build of an older version never replaces a newer one's answer.
        if (building.get(key)?.version === version || !entriesOf(route).has(key)) keep(route, key, made)
        return made
      } finally {
        if (building.get(key)?.version === version) building.delete(key)
      }
    })()
    building.set(key, { version, day, entry })
    return entry
  }

  /**
   * One build per key, version and day, however many requests ask at once; and one build of an
   * answer at a time. Writes in quick succession (each a new version) started a build each, all at
   * once: the offline copy at 100,000 farmers is ~15 MB of JSON, and ten of its builds running
   * together held one request 17 s on PostgreSQL. A build asked for while another runs waits behind
   * it, and stands for every newer version asked meanwhile: when its turn comes it builds the newest.
   */
  function build(route: string, key: string, version: string, day: string, verifiedAt: number, compute: () => Promise<unknown>): Promise<Entry> {
    const isThis = (b: Build | undefined) => b !== undefined && b.version === version && b.day === day
    const running = building.get(key)
    if (running && isThis(running)) return running.entry
    const queued = waiting.get(key)
    if (queued && isThis(queued)) return queued.entry
    if (!running) return start(route, key, version, day, verifiedAt, compute)
    const next: Build = { version, day, entry: Promise.resolve(undefined as never) }
    next.entry = (async () => {
      await running.entry.catch(() => undefined)
      // A newer version asked after this one took its place: that build answers both.
      const newest: Build | undefined = waiting.get(key)
      if (newest !== undefined && newest !== next) return newest.entry
      waiting.delete(key)
      return start(route, key, version, day, verifiedAt, compute)
    })()
    waiting.set(key, next)
    return next.entry
  }

  return {
    /** The answer for `key` (a route's canonical request) on Fiji `day`; `route` groups keys for eviction. */
    async get(route: string, key: string, day: string, compute: () => Promise<unknown>, { isFreshWanted = false } = {}): Promise<CachedAnswer> {
      // Read the version before computing: an answer is never labelled newer than its data.
      const { at, version } = await readVersion(isFreshWanted)
      const hit = entriesOf(route).get(key)
      if (hit && hit.day === day) {
        if (hit.version === version) {
          hit.verifiedAt = Math.max(hit.verifiedAt, at)
          keep(route, key, hit)
          return hit
        }
        if (!isFreshWanted && now() - hit.verifiedAt < staleForMs) {
          build(route, key, version, day, at, compute).catch(onBackgroundError)
          return hit
        }
      }
      return build(route, key, version, day, at, compute)
    },
  }
}

/** Sends a kept answer in the encoding the client accepts; 304 without a body while its If-None-Match still matches. */
export function sendAnswer(req: Request, res: Response, answer: CachedAnswer): void {
  // Stored by the browser, but asked again each time: the conditional request is what keeps it fresh.
  res.set('Cache-Control', 'no-cache')
  res.set('ETag', answer.etag)
  res.vary('Accept-Encoding')
  res.type('json')
  const encoding = req.acceptsEncodings('br', 'gzip', 'identity')
  if (encoding === 'br' || encoding === 'gzip') {
    // Already encoded: the compression middleware leaves it alone.
    res.set('Content-Encoding', encoding)
    res.send(encoding === 'br' ? answer.br : answer.gzip)
    return
  }
  res.send(answer.plain)
}

/**
 * The request as the contract read it: the path, and the validated query (res.locals.query) with
 * its keys in order — `?page=01&limit=5` and `?limit=5&page=1` are one answer. The contract router
 * refused every parameter the route does not name, so nothing else can make a new key.
 */
export function requestKey(req: Request, res: Response): string {
  const query = (res.locals.query ?? {}) as Record<string, unknown>
  const known = Object.keys(query).filter((name) => query[name] !== undefined).sort()
  return known.length === 0 ? req.path : `${req.path}?${JSON.stringify(known.map((name) => [name, query[name]]))}`
}

/**
 * A handler maker whose answers are kept per validated URL, data version and Fiji day, and
 * computed with the same `now` the kept day came from.
 */
export function cachedAnswers(currentVersion: VersionReader, options: AnswerCacheOptions = {}) {
  const cache = answerCache(currentVersion, options)
  return (compute: (req: Request, res: Response, now: Date) => Promise<unknown>) => async (req: Request, res: Response) => {
    const now = new Date()
    const route = String((req.route as { path?: unknown } | undefined)?.path ?? req.path)
    // A client that asks past caches (fetch's cache: 'no-cache' after its own write, a reload) waits
    // for the rebuild instead of the previous answer. It cannot cost more than the one rebuild per
    // write that would run anyway.
    const isFreshWanted = /\b(?:no-cache|max-age=0)\b/.test(req.get('cache-control') ?? '')
    markPreEncoded(res)
    sendAnswer(req, res, await cache.get(route, requestKey(req, res), fijiDayBounds(now).date, () => compute(req, res, now), { isFreshWanted }))
  }
}
