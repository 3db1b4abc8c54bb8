// Test helpers for web/shared: the edge of the world (fetch and localStorage) replaced by simple
// objects. Imported by *.test.ts only.
import { afterEach, beforeEach, vi } from 'vitest'

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
