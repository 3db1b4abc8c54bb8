// The worker side of read-thread.ts: a connection of its own to the same SQLite file that only
// reads (query_only), answering one query per message. Plain JavaScript on purpose: a worker
// thread inherits neither tsx's nor vitest's TypeScript loading, and this file must load the same
// under `npm start`, the Dockerfile's tsx, the bench and the tests.
import { parentPort, workerData } from 'node:worker_threads'
import BetterSqlite3 from 'better-sqlite3'

const sqlite = new BetterSqlite3(workerData.file, { fileMustExist: true })
// Refuses any write at the SQLite level, whatever a caller sends. WAL (set by the writer's
// connection) lets these reads run beside its commits.
sqlite.pragma('query_only = ON')
sqlite.pragma('busy_timeout = 5000')

// Query texts repeat (compiled with parameters): each is prepared once, as on the main connection.
const statements = new Map()
const STATEMENT_CACHE_SIZE = 1_000

function statementFor(sql) {
  let statement = statements.get(sql)
  if (statement === undefined) {
    statement = sqlite.prepare(sql)
    if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value)
    statements.set(sql, statement)
  }
  return statement
}

parentPort.on('message', ({ id, sql, parameters }) => {
  try {
    const statement = statementFor(sql)
    if (!statement.reader) throw new Error('The read thread runs only queries that read')
    parentPort.postMessage({ id, rows: statement.all(parameters) })
  } catch (error) {
    // Only the message and SQLite's code cross over: the caller makes its own Error (no stack from here).
    parentPort.postMessage({ id, error: { message: String(error?.message ?? error), code: error?.code } })
  }
})
