// A chaos proxy between the outbox engine and the real API (loopback HTTP). For each request it
// draws one fate from a seeded generator:
// - drop the request: the client's socket is destroyed, nothing is forwarded;
// - drop the response: forwarded, the full upstream answer is read (the server has acted), then
//   the client's socket is destroyed, so the client never learns the outcome;
// - duplicate: forwarded twice (concurrently or back to back), one of the two answers is returned;
// - pass: forwarded once, answered as is.
// Upstream connections are never reused (a restarting server can't strand a request on an old
// keep-alive socket) and are never aborted when the client goes away: a request that reached
// the server always runs to its end, as on a real network. When the server is down the proxy
// answers 502, as a reverse proxy would.
// With several targets (servers on one database), each upstream attempt (a retry, each copy of a
// duplicate) goes to one of them drawn at random from its own seeded generator, as a round-robin-less
// load balancer would; a target that is down answers 502 like a lone server that is down.
import http from 'node:http'
import type { Socket } from 'node:net'
import { listenOnLoopback } from './server-process'

export interface ChaosRates {
  dropRequest: number
  dropResponse: number
  duplicate: number
}

export const DEFAULT_CHAOS_RATES: ChaosRates = { dropRequest: 0.2, dropResponse: 0.2, duplicate: 0.1 }

export interface ChaosStats {
  requests: number
  droppedRequests: number
  droppedResponses: number
  duplicated: number
  passed: number
  /** Upstream attempts (a duplicate is two). */
  forwarded: number
  /** Upstream connection failures (server down or restarting), answered 502 or dropped. */
  upstreamFailures: number
  /** Status codes of the answers the client actually received (drops excluded). */
  statusesReturned: Record<string, number>
  /** Status codes of every upstream answer, delivered or not. */
  statusesUpstream: Record<string, number>
  /** Upstream answers carrying Idempotent-Replayed: true. */
  replays: number
  /** Upstream attempts by target, in the order of `targets`. */
  forwardedTo: number[]
}

export interface ChaosProxy {
  readonly url: string
  readonly port: number
  readonly stats: ChaosStats
  /** Stops accepting, ends every client connection, and waits for forwarded requests to finish. */
  close(): Promise<void>
}

type Fate = 'dropRequest' | 'dropResponse' | 'duplicate' | 'pass'

interface Upstream {
  status: number
  headers: http.IncomingHttpHeaders
  body: Buffer
}

const UPSTREAM_TIMEOUT_MS = 60_000
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'host', 'content-length'])

export interface ProxyTarget {
  host: string
  port: number
}

export async function startChaosProxy(options: {
  /** One server, or several on one database: each upstream attempt goes to one drawn by `route`. */
  target: ProxyTarget | readonly ProxyTarget[]
  random: () => number
  /** Draws the target of each upstream attempt (several targets only); default Math.random. */
  route?: () => number
  rates?: ChaosRates
  /** Only paths starting with this are subjected to chaos (default: all). */
  chaosPathPrefix?: string
}): Promise<ChaosProxy> {
  const rates = options.rates ?? DEFAULT_CHAOS_RATES
  const targets: readonly ProxyTarget[] = 'port' in options.target ? [options.target] : options.target
  if (targets.length === 0) throw new Error('the chaos proxy needs a target')
  const route = options.route ?? Math.random
  const stats: ChaosStats = {
    requests: 0, droppedRequests: 0, droppedResponses: 0, duplicated: 0, passed: 0, forwarded: 0,
    upstreamFailures: 0, statusesReturned: {}, statusesUpstream: {}, replays: 0, forwardedTo: targets.map(() => 0),
  }
  const sockets = new Set<Socket>()
  const inFlight = new Set<Promise<unknown>>()

  function fateOf(): Fate {
    const roll = options.random()
    if (roll < rates.dropRequest) return 'dropRequest'
    if (roll < rates.dropRequest + rates.dropResponse) return 'dropResponse'
    if (roll < rates.dropRequest + rates.dropResponse + rates.duplicate) return 'duplicate'
    return 'pass'
  }

  function forward(req: http.IncomingMessage, body: Buffer): Promise<Upstream | Error> {
    stats.forwarded++
    const index = targets.length === 1 ? 0 : Math.min(targets.length - 1, Math.floor(route() * targets.length))
    const target = targets[index]!
    stats.forwardedTo[index] = (stats.forwardedTo[index] ?? 0) + 1
    const headers: http.OutgoingHttpHeaders = {}
    for (const [name, value] of Object.entries(req.headers)) {
      if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value
    }
    headers['content-length'] = String(body.length)
    const attempt = new Promise<Upstream | Error>((resolve) => {
      let isSettled = false
      const fail = (error: Error) => {
        if (isSettled) return
        isSettled = true
        stats.upstreamFailures++
        resolve(error)
      }
      const upstream = http.request(
        { host: target.host, port: target.port, method: req.method, path: req.url, headers, agent: false },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (chunk: Buffer) => chunks.push(chunk))
          res.on('end', () => {
            if (isSettled) return
            isSettled = true
            const status = res.statusCode ?? 502
            count(stats.statusesUpstream, status)
            if (String(res.headers['idempotent-replayed']).toLowerCase() === 'true') stats.replays++
            resolve({ status, headers: res.headers, body: Buffer.concat(chunks) })
          })
          res.on('error', fail)
        },
      )
      upstream.on('error', fail)
      // A bound, so close() can never wait forever on a server that hangs.
      upstream.setTimeout(UPSTREAM_TIMEOUT_MS, () => upstream.destroy(new Error('upstream timed out')))
      upstream.end(body)
    })
    inFlight.add(attempt)
    void attempt.finally(() => inFlight.delete(attempt))
    return attempt
  }

  function answer(res: http.ServerResponse, upstream: Upstream | Error): void {
    if (upstream instanceof Error) {
      count(stats.statusesReturned, 502)
      const body = JSON.stringify({ message: `Bad gateway: ${upstream.message}` })
      res.writeHead(502, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) })
      res.end(body)
      return
    }
    const headers: http.OutgoingHttpHeaders = {}
    for (const [name, value] of Object.entries(upstream.headers)) {
      if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value
    }
    headers['content-length'] = String(upstream.body.length)
    count(stats.statusesReturned, upstream.status)
    res.writeHead(upstream.status, headers)
    res.end(upstream.body)
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks)
    stats.requests++
    const fate = options.chaosPathPrefix === undefined || (req.url ?? '').startsWith(options.chaosPathPrefix) ? fateOf() : 'pass'
    switch (fate) {
      case 'dropRequest':
        stats.droppedRequests++
        req.socket.destroy()
        return
      case 'dropResponse': {
        stats.droppedResponses++
        await forward(req, body)
        req.socket.destroy()
        return
      }
      case 'duplicate': {
        stats.duplicated++
        const concurrent = options.random() < 0.5
        const returnSecond = options.random() < 0.5
        let first: Upstream | Error
        let second: Upstream | Error
        if (concurrent) {
          ;[first, second] = await Promise.all([forward(req, body), forward(req, body)])
        } else {
          first = await forward(req, body)
          second = await forward(req, body)
        }
        answer(res, returnSecond ? second : first)
        return
      }
      case 'pass':
        stats.passed++
        answer(res, await forward(req, body))
        return
    }
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      // A client that went away mid-body, or a bug here: the client sees a dropped connection.
      if (!res.headersSent) req.socket.destroy()
      if (!(error instanceof Error && 'code' in error && error.code === 'ECONNRESET')) console.warn('chaos proxy:', error)
    })
  })
  server.keepAliveTimeout = 5_000
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  const port = await listenOnLoopback(server)
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    stats,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      for (const socket of sockets) socket.destroy()
      await Promise.allSettled([...inFlight])
      await closed
    },
  }
}

function count(counts: Record<string, number>, status: number): void {
  counts[status] = (counts[status] ?? 0) + 1
}
