// Test helpers for web/shared: the edge of the world (fetch and localStorage) replaced by simple
// objects. Imported by *.test.ts only.
import { afterEach, beforeEach, expect, vi } from 'vitest'
import { SERVER_WAIT_MS, ServerSilentError } from '../api'

/** A Storage kept in a Map. */
export function memoryStorage(): Storage {
  const data = new Map<string, string>()
  return {
    get length() {
      return data.size
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, String(value)),
  }
}

/** Every test of the file gets a fresh, empty localStorage; every stubbed global is restored after it. */
export function stubStorageEachTest(): void {
  beforeEach(() => {
    vi.stubGlobal('localStorage', memoryStorage())
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })
}

/** A JSON response. */
export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

export interface FetchCall {
  url: string
  init: RequestInit
}

/** Replaces fetch: records each call, then answers it with `respond` (given the call and its index). */
export function stubFetch(respond: (call: FetchCall, index: number) => Response | Promise<Response>): FetchCall[] {
  const calls: FetchCall[] = []
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const call = { url, init }
    calls.push(call)
    return respond(call, calls.length - 1)
  })
  return calls
}

/** A link with bars but no data: fetch never answers; only its abort ends it. */
export function stubSilentServer(): FetchCall[] {
  return stubFetch(
    ({ init }) => new Promise<Response>((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')))),
  )
}

interface ObservedList {
  getCurrentResult(): { status: string; error: unknown }
  subscribe(listener: () => void): () => void
}

/**
 * On a silent server (stubSilentServer, fake timers): the observed list is still loading just before
 * SERVER_WAIT_MS, then shows its failure (ServerSilentError, which the screen shows with "Try again")
 * and its request is aborted.
 */
export async function expectGivesUpOnSilentServer(observer: ObservedList, calls: FetchCall[]): Promise<void> {
  const unsubscribe = observer.subscribe(() => undefined)
  try {
    await vi.advanceTimersByTimeAsync(SERVER_WAIT_MS - 100)
    expect(observer.getCurrentResult().status).toBe('pending')
    await vi.advanceTimersByTimeAsync(200)
    expect(observer.getCurrentResult().status).toBe('error')
    expect(observer.getCurrentResult().error).toBeInstanceOf(ServerSilentError)
    expect(calls[0]!.init.signal?.aborted).toBe(true)
  } finally {
    unsubscribe()
  }
}
