// Reads that would hold the event loop, run on a thread of their own (decision 030). better-sqlite3
// is synchronous: a query of 100–300 ms (a public answer rebuilt at 100,000 farmers) stops every
// other request for that long. `openReadThread` gives a kysely instance whose queries run in a
// worker thread on its own read-only connection to the same SQLite file (WAL lets it read beside
// the writer), so the event loop only waits for the rows to come back.
//
// If the worker dies (a crash, an out-of-memory), the queries it held and the ones after it run on
// the main connection — the same SQL, so the same rows — and a new worker is started on a later
// query, at most MAX_RESTARTS a minute. An error of the query itself (SQL, a busy file) is the
// caller's, as on the main connection.
import { Worker } from 'node:worker_threads'
import { startBudget } from './start-budget'
import {
  type CompiledQuery,
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from 'kysely'

export interface ReadThreadOptions {
  /** Where the queries go while there is no worker: the main connection's kysely. */
  fallback: { executeQuery(query: CompiledQuery): Promise<QueryResult<unknown>> }
  /** Told when the worker stops unasked (its queries then run on `fallback`). */
  onWorkerExit?: (error: unknown) => void
  /** The worker's script; the real one by default (tests give one that fails on purpose). */
  workerUrl?: URL
  workerData?: Record<string, unknown>
}

export interface ReadThread<DB> {
  db: Kysely<DB>
  /** Whether the worker is running now (false before its first query after a crash). */
  readonly isRunning: boolean
  /** Ends the worker; later queries (there should be none) run on the fallback. */
  close(): Promise<void>
}

const WORKER_URL = new URL('./read-thread-worker.mjs', import.meta.url)
const MAX_RESTARTS = 3
const RESTART_WINDOW_MS = 60_000

type Pending = { query: CompiledQuery; resolve: (result: QueryResult<unknown>) => void; reject: (error: unknown) => void }
type Reply = { id: number; rows?: unknown[]; error?: { message: string; code?: string } }

/** An error as the worker reported it: its message and SQLite code, with this thread's stack. */
function queryError(reported: NonNullable<Reply['error']>): Error {
  return Object.assign(new Error(reported.message), reported.code === undefined ? {} : { code: reported.code })
}

export function openReadThread<DB>(file: string, options: ReadThreadOptions): ReadThread<DB> {
  const { fallback, onWorkerExit = () => {} } = options
  const pending = new Map<number, Pending>()
  const mayStart = startBudget(MAX_RESTARTS, RESTART_WINDOW_MS)
  let worker: Worker | undefined
  let nextId = 0
  let closed = false

  const onFallback = (query: CompiledQuery) => fallback.executeQuery(query)

  function start(): Worker {
    const started = new Worker(options.workerUrl ?? WORKER_URL, {
      workerData: { file, ...options.workerData },
      // Plain JavaScript: no loader flags (tsx's, a profiler's) carried over from this process.
      execArgv: [],
    })
    // A server stops when its own work is done; an idle reader never keeps it alive.
    started.unref()
    started.on('message', ({ id, rows, error }: Reply) => {
      const waiting = pending.get(id)
      if (!waiting) return
      pending.delete(id)
      if (error) waiting.reject(queryError(error))
      else waiting.resolve({ rows: rows ?? [] })
    })
    // 'error' (an exception the worker did not catch) is followed by 'exit'.
    let failure: unknown
    started.on('error', (error) => (failure = error))
    started.on('exit', (code) => {
      if (worker === started) worker = undefined
      if (closed) return
      onWorkerExit(failure ?? new Error(`The read thread stopped (exit code ${code})`))
      // What it held is asked again on the main connection: those callers still get their rows.
      for (const [id, waiting] of pending) {
        pending.delete(id)
        onFallback(waiting.query).then(waiting.resolve, waiting.reject)
      }
    })
    return started
  }

  /** The running worker, or a new one unless too many died within the last minute. */
  function currentWorker(): Worker | undefined {
    if (worker || closed) return worker
    if (!mayStart()) return undefined
    worker = start()
    return worker
  }

  function execute(query: CompiledQuery): Promise<QueryResult<unknown>> {
    const target = currentWorker()
    if (!target) return onFallback(query)
    const id = nextId++
    return new Promise((resolve, reject) => {
      pending.set(id, { query, resolve, reject })
      target.postMessage({ id, sql: query.sql, parameters: query.parameters })
    })
  }

  const connection: DatabaseConnection = {
    executeQuery: execute as DatabaseConnection['executeQuery'],
    streamQuery() {
      throw new Error('The read thread does not stream')
    },
  }
  const refuse = async () => {
    throw new Error('The read thread runs no transactions: write through the main connection')
  }
  const driver: Driver = {
    init: async () => {},
    acquireConnection: async () => connection,
    beginTransaction: refuse,
    commitTransaction: refuse,
    rollbackTransaction: refuse,
    releaseConnection: async () => {},
    destroy: async () => {},
  }
  const db = new Kysely<DB>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => driver,
      createIntrospector: (kysely) => new SqliteIntrospector(kysely),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  })
  currentWorker()

  return {
    db,
    get isRunning() {
      return worker !== undefined
    },
    async close() {
      closed = true
      const stopping = worker
      worker = undefined
      // Anything still waiting is answered from the main connection, which closes after this.
      for (const [id, waiting] of pending) {
        pending.delete(id)
        onFallback(waiting.query).then(waiting.resolve, waiting.reject)
      }
      await stopping?.terminate()
    },
  }
}
