// Test support: Cache Storage in memory (node has Response but no caches), the way the browser keeps
// a response: its status, headers and bytes, read back as a fresh Response each time.
export function memoryCaches(): CacheStorage {
  const stores = new Map<string, Map<string, { status: number; headers: [string, string][]; body: ArrayBuffer }>>()
  const keyOf = (request: RequestInfo | URL) => new URL(typeof request === 'string' ? request : request instanceof URL ? request.href : request.url, 'http://localhost').href
  const open = async (name: string) => {
    const store = stores.get(name) ?? new Map()
    stores.set(name, store)
    return {
      async match(request: RequestInfo | URL) {
        const kept = store.get(keyOf(request))
        return kept ? new Response(kept.body.slice(0), { status: kept.status, headers: kept.headers }) : undefined
      },
      async put(request: RequestInfo | URL, response: Response) {
        store.set(keyOf(request), { status: response.status, headers: [...response.headers], body: await response.arrayBuffer() })
      },
      async delete(request: RequestInfo | URL) {
        return store.delete(keyOf(request))
      },
    } as unknown as Cache
  }
  return {
    open,
    has: async (name: string) => stores.has(name),
    delete: async (name: string) => stores.delete(name),
    keys: async () => [...stores.keys()],
    match: async (request: RequestInfo | URL) => {
      for (const name of stores.keys()) {
        const found = await (await open(name)).match(request)
        if (found) return found
      }
      return undefined
    },
  } as unknown as CacheStorage
}
