// The export thread's side (export-thread.ts): the farmers export and the payment report read and
// written as CSV text on a read-only connection of their own, with the same services and the same
// CSV writer as in-process (so the same bytes), one chunk per request from the main thread.
import { parentPort, workerData } from 'node:worker_threads'
import BetterSqlite3 from 'better-sqlite3'
import { Kysely, SqliteDialect } from 'kysely'
import type { Database } from '../../db/schema'
import { csvRows } from '../http/csv'
import { farmerExportRecords, paymentExportRecords } from '../farmers/export-records'
import type { ExportJob, ExportReply, ExportRequest } from './export-thread'

const port = parentPort!
const sqlite = new BetterSqlite3((workerData as { file: string }).file, { fileMustExist: true })
// Writes refused at the SQLite level; WAL (set by the server's connection) lets these reads run beside it.
sqlite.pragma('query_only = ON')
sqlite.pragma('busy_timeout = 5000')
const readDb = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) })

function recordsOf(job: ExportJob) {
  return job.kind === 'farmers' ? farmerExportRecords(readDb, job.filters, new Date(job.now)) : paymentExportRecords(readDb)
}

const running = new Map<number, AsyncIterator<readonly (readonly unknown[])[]>>()

async function answer({ id, job, cancel }: ExportRequest): Promise<ExportReply> {
  let chunks = running.get(id)
  if (cancel) {
    running.delete(id)
    await chunks?.return?.()
    return { id, done: true }
  }
  if (!chunks && job) running.set(id, (chunks = recordsOf(job)[Symbol.asyncIterator]()))
  if (!chunks) return { id, error: 'Unknown export' }
  const next = await chunks.next()
  if (next.done) {
    running.delete(id)
    return { id, done: true }
  }
  return { id, text: csvRows(next.value as Parameters<typeof csvRows>[0]) }
}

port.on('message', (request: ExportRequest) => {
  answer(request).then(
    (reply) => port.postMessage(reply),
    (error: unknown) => {
      running.delete(request.id)
      // Only the message crosses: the main thread makes its own Error (no stack, no SQL to the client).
      port.postMessage({ id: request.id, error: String((error as Error)?.message ?? error) } satisfies ExportReply)
    },
  )
})
port.postMessage({ id: -1, ready: true } satisfies ExportReply)
