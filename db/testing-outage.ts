// A database going away under a running app, for real: on PostgreSQL a TCP passage between the app's
// pool and the cluster that can be cut (every open connection reset, new ones refused: a restart, a
// failover) and opened again on the same port; on SQLite another connection holding the write lock
// past the app's busy_timeout (a backup, another process).
import net from 'node:net'
import Database from 'better-sqlite3'
import { databaseFile } from './connection'

export interface TcpPassage {
  /** `url` with its host and port replaced by the passage's. */
  url: string
  cut(): Promise<void>
  open(): Promise<void>
  close(): Promise<void>
}

export async function tcpPassage(url: string): Promise<TcpPassage> {
  const target = new URL(url)
  const sockets = new Set<net.Socket>()
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname)
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
      socket.on('error', () => undefined)
    }
    client.pipe(upstream).pipe(client)
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
  })
  const listen = (port: number) => new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  await listen(0)
  const port = (server.address() as net.AddressInfo).port
  const via = new URL(url)
  via.hostname = '127.0.0.1'
  via.port = String(port)
  const cut = async () => {
    if (!server.listening) return
    const closed = new Promise<void>((resolve) => server.close(() => resolve()))
    for (const socket of sockets) socket.resetAndDestroy()
    await closed
  }
  return {
    url: via.toString(),
    cut,
    open: () => (server.listening ? Promise.resolve() : listen(port)),
    close: cut,
  }
}

/** Another connection takes SQLite's write lock and keeps it until released. */
export function holdSqliteWriteLock(dataDir: string): { release(): void } {
  const other = new Database(databaseFile(dataDir))
  other.exec('BEGIN EXCLUSIVE')
  return {
    release() {
      other.exec('ROLLBACK')
      other.close()
    },
  }
}
