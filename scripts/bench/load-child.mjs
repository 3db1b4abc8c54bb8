// The bench's load generator process: autocannon's API with one request shape, printed as JSON.
// `randomParam` gives every request a fresh `?<name>=<uuid>` (a visitor trying to bust a cache).
import { randomUUID } from 'node:crypto'
import autocannon from 'autocannon'

const { url, connections, seconds, amount, headers, randomParam } = JSON.parse(process.argv[2])
const target = new URL(url)
const request = randomParam
  ? {
      setupRequest(req) {
        const next = new URL(target)
        next.searchParams.set(randomParam, randomUUID())
        return { ...req, path: `${next.pathname}${next.search}` }
      },
    }
  : {}
const result = await autocannon({
  url,
  connections,
  ...(amount ? { amount } : { duration: seconds }),
  headers,
  requests: [request],
})
process.stdout.write(JSON.stringify(result))
