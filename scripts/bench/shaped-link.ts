// A TCP proxy on loopback shaped like a slow phone link: each direction is one shared pipe of
// `bitsPerSecond` (bytes queue behind each other, across connections, as on one radio link)
// and every byte arrives `rttMs / 2` after it left the pipe. The connect itself costs one round
// trip. Counts the bytes that crossed each way, for the "bytes ÷ bandwidth" floor.
import net from 'node:net'
import { listenOnLoopback } from '../chaos/server-process'

export interface ShapedLink {
  readonly url: string
  readonly bytes: { up: number; down: number }
  close(): Promise<void>
}

/** Pieces this big at most, so a large write is paced instead of landing in one lump. */
const SLICE = 16 * 1024

class Pipe {
  private freeAt = 0
  bytes = 0
  constructor(
    private readonly bytesPerMs: number,
    private readonly delayMs: number,
  ) {}

  /** Schedules `chunk` for `to`: after the chunks before it, at the link's rate, plus the delay. */
  send(chunk: Buffer, to: net.Socket): void {
    for (let offset = 0; offset < chunk.length; offset += SLICE) {
      const piece = chunk.subarray(offset, offset + SLICE)
      this.bytes += piece.length
      this.freeAt = Math.max(performance.now(), this.freeAt) + piece.length / this.bytesPerMs
      const due = this.freeAt + this.delayMs
      setTimeout(() => to.destroyed || to.write(piece), Math.max(0, due - performance.now()))
    }
  }

  /** When everything queued so far has arrived. */
  drainedAt(): number {
    return Math.max(performance.now(), this.freeAt) + this.delayMs
  }
}

export async function startShapedLink(options: { target: { host: string; port: number }; bitsPerSecond: number; rttMs: number }): Promise<ShapedLink> {
  const bytesPerMs = options.bitsPerSecond / 8 / 1000
  const oneWay = options.rttMs / 2
  const up = new Pipe(bytesPerMs, oneWay)
  const down = new Pipe(bytesPerMs, oneWay)
  const sockets = new Set<net.Socket>()
  const track = (socket: net.Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  }

  const server = net.createServer((client) => {
    track(client)
    client.pause()
    // The handshake: one round trip before the first byte may go.
    setTimeout(() => {
      const upstream = net.connect(options.target.port, options.target.host)
      track(upstream)
      upstream.on('connect', () => client.resume())
      client.on('data', (chunk: Buffer) => up.send(chunk, upstream))
      upstream.on('data', (chunk: Buffer) => down.send(chunk, client))
      // An end travels behind the data already queued on its way.
      client.on('end', () => setTimeout(() => upstream.end(), Math.max(0, up.drainedAt() - performance.now())))
      upstream.on('end', () => setTimeout(() => client.end(), Math.max(0, down.drainedAt() - performance.now())))
      client.on('error', () => upstream.destroy())
      upstream.on('error', () => client.destroy())
    }, options.rttMs)
  })
  const port = await listenOnLoopback(server)
  return {
    url: `http://127.0.0.1:${port}`,
    bytes: {
      get up() {
        return up.bytes
      },
      get down() {
        return down.bytes
      },
    },
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      for (const socket of sockets) socket.destroy()
      await closed
    },
  }
}
