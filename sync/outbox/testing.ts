// Test support for the engine (not shipped): a manual clock, and a fake server at the edge of
// the world (fetch) that follows the Idempotency-Key rules of sync/server/idempotency.ts:
// a completed key with the same body replays (Idempotent-Replayed: true), with another body
// answers 422, and a key in progress answers 409. Photo paths compare by the bytes stored under them.
import type { SetTimer } from './http'

// ---- clock

interface Timer {
  id: number
  at: number
  fn: () => void
  scope: ClockScope
}

export interface ClockScope {
  setTimer: SetTimer
  /** Drops this scope's timers and ignores new ones: a tab that died. */
  kill(): void
  readonly isDead: boolean
}

export interface ManualClock {
  now(): number
  setTimer: SetTimer
  scope(): ClockScope
  /** When the next live timer fires, if any. */
  nextTimerAt(): number | undefined
  /** Moves time forward, firing due timers in order; `settle` runs after each one (await the engine there). */
  advance(ms: number, settle?: () => Promise<void>): Promise<void>
  pendingTimers(): number
}

/** Far above what any honest schedule fires (a 20 s outage with wake-ups every 100 ms is 200). */
export const MAX_TIMERS_PER_ADVANCE = 10_000

export function createManualClock(start = 1_700_000_000_000): ManualClock {
  let time = start
  let nextId = 1
  const timers = new Map<number, Timer>()

  function makeScope(): ClockScope {
    let dead = false
    const scope: ClockScope = {
      setTimer(fn, ms) {
        if (dead) return () => undefined
        const id = nextId++
        timers.set(id, { id, at: time + Math.max(0, ms), fn, scope })
        return () => void timers.delete(id)
      },
      kill() {
        dead = true
        for (const timer of [...timers.values()]) if (timer.scope === scope) timers.delete(timer.id)
      },
      get isDead() {
        return dead
      },
    }
    return scope
  }

  const main = makeScope()
  const earliest = (limit = Infinity): Timer | undefined => {
    let found: Timer | undefined
    for (const timer of timers.values()) {
      if (timer.at > limit) continue
      if (!found || timer.at < found.at || (timer.at === found.at && timer.id < found.id)) found = timer
    }
    return found
  }

  return {
    now: () => time,
    setTimer: main.setTimer,
    scope: makeScope,
    nextTimerAt: () => earliest()?.at,
    async advance(ms, settle = async () => undefined) {
      const target = time + ms
      let fired = 0
      for (let timer = earliest(target); timer; timer = earliest(target)) {
        // A timer that keeps re-arming itself with no delay (a retry without backoff) would
        // otherwise spin here for ever at full CPU; fail the test with the reason instead.
        if (++fired > MAX_TIMERS_PER_ADVANCE) {
          throw new Error(`More than ${MAX_TIMERS_PER_ADVANCE} timers fired within ${ms} ms of clock time: something re-arms without a delay`)
        }
        time = Math.max(time, timer.at)
        timers.delete(timer.id)
        timer.fn()
        await settle()
      }
      time = Math.max(time, target)
    },
    pendingTimers: () => timers.size,
  }
}

// ---- fake server

export type FaultKind =
  /** 503 without acting. */
  | '5xx'
  /** Acts, then the response is lost (the fetch rejects). */
  | 'drop'
  /** 409 Retry-After: 1, as for a key another request is still processing. */
  | '409'
  /** 429 with Retry-After (seconds). */
  | '429'
  /** Answers this status with { message }. */
  | 'status'
  /** Never answers; rejects only when the request's signal aborts. */
  | 'hang'
  /**
   * Acts at once, then answers only at `releaseLate()`; if the client hangs up first, the fetch
   * rejects and what the server did stays done (a slow answer on a real network). With `status`:
   * answers that status at `releaseLate()`, without acting.
   */
  | 'late'
  /** Acts, then never answers and ignores the abort: the tab died waiting. */
  | 'crash'
  /** 200 text/html, as a Wi-Fi sign-in page would. */
  | 'portal'

export type RequestKind = 'record' | 'uploadUrl' | 'uploadUrls' | 'put'

export interface Fault {
  kind: FaultKind
  on?: RequestKind | 'any'
  status?: number
  message?: string
  retryAfter?: string
  /** Lets this many matching requests through first. */
  skip?: number
}

export interface LoggedRequest {
  method: string
  url: string
  kind: RequestKind | 'other'
  headers: Record<string, string>
  body?: unknown
  answered?: number
  /** The server acted and the answer was lost. */
  dropped?: boolean
}

export interface AcceptedRecord {
  key: string
  endpoint: string
  body: Record<string, unknown>
  agentId?: string
  answer: { id: string; status: 'pending' }
}

const QUEUED = ['/api/data-agent/signup', '/api/farmer-signup', '/api/public/reviews', '/api/farm-reviews', '/api/public/expert-signup']

export interface FakeServer {
  fetch: (input: string, init?: RequestInit) => Promise<Response>
  network: 'up' | 'down'
  faults: Fault[]
  /** Bearer token → agent id. */
  tokens: Map<string, string>
  readonly log: LoggedRequest[]
  readonly accepted: AcceptedRecord[]
  /** Records that came with a known key and another body (answered 422). */
  readonly mismatches: string[]
  /** The same key arrived while it was still being processed. */
  readonly concurrent: string[]
  /** Upload id → stored bytes (undefined until the PUT). */
  readonly uploads: Map<string, { bytes?: number[]; contentType?: string; puts: number }>
  /** Resolves at the next 'crash' fault. */
  crashed(): Promise<void>
  /** How many 'crash' faults have happened. */
  crashes: number
  /** Milliseconds of real time each answer takes (lets two engines overlap). */
  latencyMs: number
  /** Whether it knows POST /api/objects/upload/batch (false: 404, as a server from before it). */
  knowsUploadUrlBatch: boolean
  /**
   * Upload URLs it issues (alone or in batches) before answering 429 Retry-After: 900, as the
   * real server's per-account budget does (decision 020). Every issued URL counts, used or not.
   */
  uploadUrlBudget: number
  /** Answers the requests held by a 'late' fault (of one kind, or all). */
  releaseLate(kind?: RequestKind): void
  /** Requests held by a 'late' fault, neither answered nor hung up on yet. */
  readonly heldLate: number
  /** The tab that made the held requests died: they are never answered. */
  forgetLate(): void
}

export function createFakeServer(): FakeServer {
  const keys = new Map<string, { fingerprint: string; status: number; body: unknown } | { processing: true; fingerprint: string }>()
  /** Upload-URL batches answered under an Idempotency-Key, by agent and key. */
  const batchKeys = new Map<string, { fingerprint: string; body: unknown }>()
  let onCrash: (() => void) | undefined
  let crash = new Promise<void>((resolve) => (onCrash = resolve))
  const late: { kind: LoggedRequest['kind']; release: () => void }[] = []
  const holdUntilReleased = (kind: LoggedRequest['kind'], signal: AbortSignal | undefined) => new Promise<void>((resolve, reject) => {
    const held = { kind, release: resolve }
    const hungUp = () => {
      if (late.includes(held)) late.splice(late.indexOf(held), 1)
      reject(new DOMException('The operation was aborted.', 'AbortError'))
    }
    if (signal?.aborted) return hungUp()
    late.push(held)
    signal?.addEventListener('abort', hungUp, { once: true })
  })

  const server: FakeServer = {
    network: 'up',
    faults: [],
    tokens: new Map(),
    log: [],
    accepted: [],
    mismatches: [],
    concurrent: [],
    uploads: new Map(),
    latencyMs: 0,
    knowsUploadUrlBatch: true,
    uploadUrlBudget: Infinity,
    releaseLate(kind) {
      for (const held of late.filter((entry) => kind === undefined || entry.kind === kind)) {
        late.splice(late.indexOf(held), 1)
        held.release()
      }
    },
    get heldLate() {
      return late.length
    },
    forgetLate() {
      late.length = 0
    },
    crashes: 0,
    crashed: () => crash,
    async fetch(input, init = {}) {
      const method = (init.method ?? 'GET').toUpperCase()
      const url = new URL(input, 'http://localhost')
      const headers = Object.fromEntries(new Headers(init.headers).entries())
      const kind: LoggedRequest['kind'] = method === 'PUT' && url.pathname.startsWith('/api/uploads/')
        ? 'put'
        : method === 'POST' && (url.pathname === '/api/objects/upload' || url.pathname === '/api/public/expert-signup/upload')
          ? 'uploadUrl'
          : method === 'POST' && url.pathname === '/api/objects/upload/batch'
            ? 'uploadUrls'
            : method === 'POST' && QUEUED.includes(url.pathname) ? 'record' : 'other'
      const entry: LoggedRequest = { method, url: url.pathname, kind, headers }
      if (typeof init.body === 'string') entry.body = JSON.parse(init.body) as unknown
      else if (init.body instanceof Blob) entry.body = Array.from(new Uint8Array(await init.body.arrayBuffer()))
      server.log.push(entry)
      if (server.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, server.latencyMs))
      if (server.network === 'down') throw new TypeError('Failed to fetch')

      const faultIndex = server.faults.findIndex((fault) => (fault.on ?? 'any') === 'any' || fault.on === kind)
      let fault = faultIndex >= 0 ? server.faults[faultIndex] : undefined
      if (fault && (fault.skip ?? 0) > 0) {
        fault.skip = (fault.skip ?? 0) - 1
        fault = undefined
      } else if (fault) {
        server.faults.splice(faultIndex, 1)
      }
      const signal = init.signal ?? undefined
      switch (fault?.kind) {
        case '5xx':
          return answer(entry, 503, { message: 'Service unavailable' })
        case '409':
          return answer(entry, 409, { message: 'A request with this Idempotency-Key is still being processed' }, { 'Retry-After': fault.retryAfter ?? '1' })
        case '429':
          return answer(entry, 429, { message: 'Too many requests' }, { 'Retry-After': fault.retryAfter ?? '30' })
        case 'status':
          return answer(entry, fault.status ?? 400, fault.message === undefined ? {} : { message: fault.message }, fault.retryAfter === undefined ? undefined : { 'Retry-After': fault.retryAfter })
        case 'portal':
          return new Response('<html>Sign in to Wi-Fi</html>', { status: 200, headers: { 'content-type': 'text/html' } })
        case 'late':
          if (fault.status === undefined) break
          await holdUntilReleased(kind, signal)
          return answer(entry, fault.status, { message: fault.message ?? 'Service unavailable' })
        case 'hang':
          return new Promise<Response>((_, reject) => {
            signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')))
          })
        default:
          break
      }
      const response = await act(entry, url, method, headers, init.body)
      if (fault?.kind === 'late') await holdUntilReleased(kind, signal)
      if (fault?.kind === 'drop') {
        entry.dropped = true
        throw new TypeError('Failed to fetch')
      }
      // The tab dies while it waits for this answer. A tab that stopped waiting (closed for a page
      // load, or timed out) is not the one to die: the page loaded since is, and it never sent this.
      if (fault?.kind === 'crash' && signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError')
      if (fault?.kind === 'crash') {
        server.crashes += 1
        onCrash?.()
        crash = new Promise<void>((resolve) => (onCrash = resolve))
        return new Promise<Response>(() => undefined)
      }
      return response
    },
  }

  async function act(entry: LoggedRequest, url: URL, method: string, headers: Record<string, string>, body: RequestInit['body']): Promise<Response> {
    const agentId = agentOf(headers)
    if (entry.kind === 'uploadUrl') {
      if (url.pathname === '/api/objects/upload' && agentId === undefined) return answer(entry, 401, { message: 'Authentication required' })
      if (server.uploads.size + 1 > server.uploadUrlBudget) return answer(entry, 429, { message: 'Too many requests' }, { 'Retry-After': '900' })
      const id = crypto.randomUUID()
      server.uploads.set(id, { puts: 0 })
      return answer(entry, 200, { uploadURL: `/api/uploads/${id}`, objectPath: `/objects/uploads/${id}` })
    }
    if (entry.kind === 'uploadUrls') {
      if (!server.knowsUploadUrlBatch) return answer(entry, 404, { message: 'Not found' })
      if (agentId === undefined) return answer(entry, 401, { message: 'Authentication required' })
      const photos = (entry.body as { photos?: unknown[] } | undefined)?.photos ?? []
      if (photos.length === 0 || photos.length > 10) return answer(entry, 400, { message: 'Invalid request' })
      // Like the real server: a batch under a key it has answered is answered again, issuing nothing.
      const batchKey = headers['idempotency-key'] === undefined ? undefined : `${agentId} ${headers['idempotency-key']}`
      const fingerprint = JSON.stringify(photos)
      const answered = batchKey === undefined ? undefined : batchKeys.get(batchKey)
      if (answered && answered.fingerprint !== fingerprint) return answer(entry, 422, { message: 'Idempotency-Key was already used with a different request' })
      if (answered) return answer(entry, 200, answered.body, { 'Idempotent-Replayed': 'true' })
      if (server.uploads.size + photos.length > server.uploadUrlBudget) return answer(entry, 429, { message: 'Too many requests' }, { 'Retry-After': '900' })
      const uploads = photos.map(() => {
        const id = crypto.randomUUID()
        server.uploads.set(id, { puts: 0 })
        return { uploadURL: `/api/uploads/${id}`, objectPath: `/objects/uploads/${id}` }
      })
      if (batchKey !== undefined) batchKeys.set(batchKey, { fingerprint, body: { uploads } })
      return answer(entry, 200, { uploads })
    }
    if (entry.kind === 'put') {
      const id = url.pathname.split('/').pop() ?? ''
      const upload = server.uploads.get(id)
      if (!upload) return answer(entry, 404, { message: 'Upload not found' })
      const bytes = body instanceof Blob ? Array.from(new Uint8Array(await body.arrayBuffer())) : []
      // Like the real server: the same bytes again are fine, other bytes to a filled id are refused.
      if (upload.bytes !== undefined && upload.bytes.join() !== bytes.join()) {
        return answer(entry, 409, { message: 'This upload already holds a different file. Ask for a new upload URL to send another photo.' })
      }
      server.uploads.set(id, { bytes, contentType: headers['content-type'], puts: upload.puts + 1 })
      return answer(entry, 200, { objectPath: `/objects/uploads/${id}` })
    }
    if (entry.kind === 'record' && method === 'POST') {
      if (url.pathname === '/api/data-agent/signup' && agentId === undefined) return answer(entry, 401, { message: 'Authentication required' })
      const key = headers['idempotency-key']
      if (!key) return answer(entry, 400, { message: 'Idempotency-Key header is required' })
      // Anonymous scopes are shared, so there the server takes only a UUID (sync/server/idempotency-key.ts).
      if (agentId === undefined && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(key)) {
        return answer(entry, 400, { message: 'Idempotency-Key must be a UUID when you are not signed in' })
      }
      const text = typeof body === 'string' ? body : ''
      const scopeKey = `${url.pathname} ${agentId ?? ''} ${key}`
      const fingerprint = contentFingerprint(text)
      const existing = keys.get(scopeKey)
      if (existing && existing.fingerprint !== fingerprint) {
        server.mismatches.push(key)
        return answer(entry, 422, { message: 'Idempotency-Key reused with a different request body' })
      }
      if (existing && 'processing' in existing) {
        server.concurrent.push(key)
        return answer(entry, 409, { message: 'A request with this Idempotency-Key is still being processed' }, { 'Retry-After': '1' })
      }
      if (existing) return answer(entry, existing.status, existing.body, { 'Idempotent-Replayed': 'true' })

      keys.set(scopeKey, { processing: true, fingerprint })
      // The business write takes a moment, as a real one does.
      await new Promise((resolve) => setTimeout(resolve, 0))
      const record = entry.body as Record<string, unknown>
      const photos = [...(Array.isArray(record.photoUrls) ? record.photoUrls : []), ...(typeof record.photoUrl === 'string' && record.photoUrl ? [record.photoUrl] : [])]
      const missing = photos.find((path) => typeof path !== 'string' || server.uploads.get(path.split('/').pop() ?? '')?.bytes === undefined)
      if (missing !== undefined) {
        keys.delete(scopeKey)
        return answer(entry, 400, { message: `Photo not found: ${String(missing)}` })
      }
      const answerBody = { id: crypto.randomUUID(), status: 'pending' as const }
      server.accepted.push({ key, endpoint: url.pathname, body: record, ...(agentId !== undefined && { agentId }), answer: answerBody })
      keys.set(scopeKey, { fingerprint, status: 201, body: answerBody })
      return answer(entry, 201, answerBody)
    }
    return answer(entry, 404, { message: 'Not found' })
  }

  /** As sync/server/idempotency.ts: a photo path stands for the bytes stored under it. */
  function contentFingerprint(text: string): string {
    return text.replace(/\/objects\/uploads\/([0-9a-fA-F-]{36})/g, (path, id: string) => {
      const bytes = server.uploads.get(id.toLowerCase())?.bytes
      return bytes === undefined ? path : `photo:${bytes.join(',')}`
    })
  }

  function agentOf(headers: Record<string, string>): string | undefined {
    const token = /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1]
    return token === undefined ? undefined : server.tokens.get(token)
  }

  return server
}

function answer(entry: LoggedRequest, status: number, body: unknown, headers: Record<string, string> = {}): Response {
  entry.answered = status
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } })
}

/** Polls (real time) until the predicate holds. */
export async function waitFor(predicate: () => boolean | Promise<boolean>, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error('waitFor: timed out')
    await new Promise((resolve) => setTimeout(resolve, 2))
  }
}

/** A seeded PRNG in [0, 1) (mulberry32), for repeatable jitter. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
