// The SSR bundle on a thread of its own (decision 029, "Continued"). Imported into the server, the
// 1.3 MB bundle and its chunks went through tsx's loader and cost ~100 MB of RSS for as long as
// the process ran, though the server renders only the pages that list the towns, and only when the
// towns change. In a worker started without tsx it costs ~18 MB, rendering grows the worker's heap
// (not the server's), and the worker ends after IDLE_MS without a render, giving all of it back;
// the next render starts a new one (~0.1 s on a quiet machine).
//
// A render the worker cannot do (the bundle fails to load, the worker dies) is refused: html-pages
// then sends the built file, and the next render starts a worker again.
import { Worker } from 'node:worker_threads'
import type { RenderPage } from './html-pages'

const WORKER_URL = new URL('./render-thread-worker.mjs', import.meta.url)
export const IDLE_MS = 60_000

type Reply = { id: number; html?: string; error?: string }
type Pending = { resolve: (html: string) => void; reject: (error: Error) => void }

export interface RenderThread {
  render: RenderPage
  /** Whether a worker is running now. */
  readonly isRunning: boolean
  /** Ends the worker; a later render starts a new one. */
  close(): Promise<void>
}

/** Renders with the SSR bundle at `entry` (a file URL) on a worker thread. */
export function renderThread(entry: URL, options: { idleMs?: number } = {}): RenderThread {
  const idleMs = options.idleMs ?? IDLE_MS
  const pending = new Map<number, Pending>()
  let worker: Worker | undefined
  let idleTimer: NodeJS.Timeout | undefined
  let nextId = 0

  const failAll = (error: Error) => {
    for (const [id, waiting] of pending) {
      pending.delete(id)
      waiting.reject(error)
    }
  }

  const endWhenIdle = () => {
    clearTimeout(idleTimer)
    if (pending.size > 0 || !worker) return
    const idle = worker
    idleTimer = setTimeout(() => {
      if (worker === idle && pending.size === 0) {
        worker = undefined
        void idle.terminate()
      }
    }, idleMs)
    idleTimer.unref()
  }

  function start(): Worker {
    const started = new Worker(WORKER_URL, {
      workerData: { entry: entry.href },
      // Plain JavaScript: no loader flags (tsx's, a profiler's) carried over from this process.
      execArgv: [],
    })
    // A server stops when its own work is done; an idle renderer never keeps it alive.
    started.unref()
    started.on('message', ({ id, html, error }: Reply) => {
      const waiting = pending.get(id)
      if (!waiting) return
      pending.delete(id)
      if (error !== undefined || html === undefined) waiting.reject(new Error(`The page could not be rendered: ${error ?? 'no HTML'}`))
      else waiting.resolve(html)
      endWhenIdle()
    })
    // 'error' (the bundle failed to load, an exception the worker did not catch) is followed by 'exit'.
    let failure: unknown
    started.on('error', (error) => (failure = error))
    started.on('exit', (code) => {
      if (worker !== started) return
      worker = undefined
      failAll(new Error(`The render thread stopped (exit code ${code}): ${failure instanceof Error ? failure.message : 'no error given'}`))
    })
    return started
  }

  return {
    render(template, path, data, hydrateAt, language) {
      clearTimeout(idleTimer)
      worker ??= start()
      const target = worker
      const id = nextId++
      return new Promise<string>((resolve, reject) => {
        pending.set(id, { resolve, reject })
        target.postMessage({ id, template, path, data, hydrateAt, language })
      })
    },
    get isRunning() {
      return worker !== undefined
    },
    async close() {
      clearTimeout(idleTimer)
      const running = worker
      worker = undefined
      failAll(new Error('The render thread was closed'))
      await running?.terminate()
    },
  }
}
