// The farmers export and the payment report made off the event loop on SQLite (issue 19, decision
// 030; EXPORT_THREAD=1, off by default). Read on the read thread, a 100,000-farmer export still cost the
// event loop ~0.5 s of CPU (the rows copied across, then mapped and written as CSV) and ~100 MB of
// garbage. Here a worker thread with its own read-only connection runs the same records and CSV
// writer and hands back each chunk's text; the event loop only writes it to the socket (~0.07 s an
// export). One chunk is made ahead while the last is written; the next only when the client took
// that one (back-pressure as before), and a client that leaves ends the job.
//
// The worker runs a bundle of export-jobs.ts (worker-bundle.ts), made on the first export, and stops
// after a quiet half minute. If it cannot start, the export runs in process as before; if it dies
// mid-export, that download is cut short (never ended as if whole) and the next export starts a new
// one, at most MAX_STARTS a minute, in process after that.
import { Worker } from 'node:worker_threads'
import { startBudget } from '../../db/start-budget'
import { exportWorkerUrl } from './worker-bundle'
import type { FarmerFilters } from '../farmers/repository'

export type ExportJob = { kind: 'farmers'; filters: FarmerFilters; now: string } | { kind: 'payments' }
/** Main → worker: the next chunk of export `id` (the first request carries the job), or its end. */
export type ExportRequest = { id: number; job?: ExportJob; cancel?: true }
/** Worker → main: a chunk's CSV text, the end, an error's message; `ready` once it has started. */
export type ExportReply = { id: number; text?: string; done?: true; error?: string; ready?: true }

export interface ExportThread {
  /** The rows' CSV text of `job` a chunk at a time, from the worker; from `inProcess` when it cannot run. */
  rows(job: ExportJob, inProcess: () => AsyncIterable<string>): AsyncIterable<string>
  /** Whether a worker has started and not stopped (it stops after `idleMs` without exports). */
  readonly isRunning: boolean
  close(): Promise<void>
}

export interface ExportThreadOptions {
  /** Told when the worker stops unasked. */
  onWorkerExit?: (error: unknown) => void
  /** The worker's script; the bundle of export-jobs.ts by default (tests give one that fails). */
  workerUrl?: URL
  /** How long the worker stays after the last export ends. */
  idleMs?: number
}

const MAX_STARTS = 3
const START_WINDOW_MS = 60_000

export function openExportThread(file: string, options: ExportThreadOptions = {}): ExportThread {
  const { onWorkerExit = () => {}, idleMs = 30_000 } = options
  const waiting = new Map<number, (reply: ExportReply) => void>()
  const mayStart = startBudget(MAX_STARTS, START_WINDOW_MS)
  let worker: Promise<Worker> | undefined
  /** The worker that said it is ready, until it exits. */
  let live: Worker | undefined
  let running = 0
  let nextId = 0
  let idleTimer: NodeJS.Timeout | undefined
  let closed = false

  function start(): Promise<Worker> {
    let stopping = false
    let terminate: (() => Promise<number>) | undefined
    const ready: Promise<Worker> = (options.workerUrl ? Promise.resolve(options.workerUrl) : exportWorkerUrl()).then(
      (url) => {
        if (stopping) throw new Error('The export thread was stopped before it started')
        const started = new Worker(url, {
          workerData: { file },
          execArgv: [],
          // A chunk's rows and text are all it holds: a small young generation keeps the server's RSS down.
          resourceLimits: { maxYoungGenerationSizeMb: 8 },
        })
        terminate = () => started.terminate()
        // An idle exporter never keeps the server alive.
        started.unref()
        let failure: unknown
        return new Promise<Worker>((resolve, reject) => {
          started.on('message', (reply: ExportReply) => {
            if (!reply.ready) return waiting.get(reply.id)?.(reply)
            live = started
            resolve(started)
          })
          started.on('error', (error) => (failure = error))
          started.on('exit', (code) => {
            if (worker === ready) worker = undefined
            if (live === started) live = undefined
            const error = failure ?? new Error(`The export thread stopped (exit code ${code})`)
            reject(error)
            if (!closed && !stopping) onWorkerExit(error)
            for (const [id, answer] of waiting) answer({ id, error: 'The export thread stopped' })
            waiting.clear()
          })
        })
      },
      (error: unknown) => {
        // The bundle could not be made (esbuild missing or failing): a later export tries again.
        if (worker === ready) worker = undefined
        throw error
      },
    )
    // A start that fails is told once, by `rows` falling back; never an unhandled rejection.
    ready.catch(() => {})
    Object.assign(ready, { stop: async () => ((stopping = true), await terminate?.()) })
    return ready
  }

  function currentWorker(): Promise<Worker> | undefined {
    if (worker || closed) return worker
    if (!mayStart()) return undefined
    worker = start()
    return worker
  }

  async function stopWorker() {
    const stopping = worker as (Promise<Worker> & { stop?: () => Promise<number> }) | undefined
    worker = undefined
    await stopping?.stop?.()
  }

  async function* rows(job: ExportJob, inProcess: () => AsyncIterable<string>): AsyncGenerator<string> {
    running++
    clearTimeout(idleTimer)
    try {
      const thread = await currentWorker()?.catch(() => undefined)
      if (thread) yield* fromThread(thread, job)
      else yield* inProcess()
    } finally {
      if (--running === 0 && !closed) idleTimer = setTimeout(() => void stopWorker(), idleMs).unref()
    }
  }

  async function* fromThread(thread: Worker, job: ExportJob): AsyncGenerator<string> {
    const id = nextId++
    const ask = (request: ExportRequest) =>
      new Promise<ExportReply>((resolve) => {
        waiting.set(id, resolve)
        thread.postMessage(request)
      })
    let finished = false
    try {
      let next = ask({ id, job })
      for (;;) {
        const reply = await next
        if (reply.error !== undefined) {
          finished = true
          throw new Error(reply.error)
        }
        if (reply.done) {
          finished = true
          return
        }
        // The next chunk is made while this one goes to the client.
        next = ask({ id })
        yield reply.text ?? ''
      }
    } finally {
      waiting.delete(id)
      // The client left (or the pipe failed): the worker drops the job, its reads end.
      if (!finished) thread.postMessage({ id, cancel: true } satisfies ExportRequest)
    }
  }

  return {
    rows,
    get isRunning() {
      return live !== undefined
    },
    async close() {
      closed = true
      clearTimeout(idleTimer)
      await stopWorker()
    },
  }
}
