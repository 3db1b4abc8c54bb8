// The real API server as a child process, run as `npm start` runs it (the bundle of api/server.ts
// with plain node, scripts/build-server.ts), started, stopped with SIGTERM (its own graceful
// shutdown) and started again on the same port and DATA_DIR.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildServer } from '../build-server'

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/** The bundle this process's servers run: built from the sources once per process, beside the repository's own. */
const SERVER_BUNDLE = path.join(REPO_ROOT, '.tmp', 'server-bundle', 'server.mjs')
let bundled: Promise<unknown> | undefined
export const serverBundle = async (): Promise<string> => {
  bundled ??= buildServer(SERVER_BUNDLE).catch((error: unknown) => {
    bundled = undefined
    throw error
  })
  await bundled
  return SERVER_BUNDLE
}

/** Listens on an ephemeral loopback port (listen(0)) and answers it. */
export async function listenOnLoopback(server: net.Server): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('no port from listen(0)')
  return address.port
}

/** A port the OS just gave out (listen(0)), released for the child to take. */
export async function freePort(): Promise<number> {
  const server = net.createServer()
  const port = await listenOnLoopback(server)
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

export interface ServerOptions {
  port: number
  dataDir: string
  /** stdout and stderr of every start are appended here. */
  logFile: string
  env?: Record<string, string>
  /** Node's own flags before the script (a profiler's, --trace-gc), for looking into one run. */
  nodeArgs?: string[]
  /** How long a start may take to answer /api/health. */
  startTimeoutMs?: number
  /** How long SIGTERM may take before SIGKILL. */
  stopTimeoutMs?: number
}

export interface ServerProcess {
  readonly baseUrl: string
  /** Starts the server and resolves once /api/health answers 200. */
  start(): Promise<void>
  /** SIGTERM, then waits for the exit (SIGKILL after stopTimeoutMs). Resolves with how it ended. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null; killed: boolean }>
  /** Starts counted (the first one included). */
  readonly starts: number
  /** The running server's process id (for its memory figures), or undefined while stopped. */
  readonly pid: number | undefined
  isRunning(): boolean
}

export function serverProcess(options: ServerOptions): ServerProcess {
  const baseUrl = `http://127.0.0.1:${options.port}`
  const startTimeoutMs = options.startTimeoutMs ?? 60_000
  const stopTimeoutMs = options.stopTimeoutMs ?? 15_000
  let child: ChildProcess | null = null
  let exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }> | null = null
  let starts = 0

  async function waitForHealth(current: ChildProcess, currentExit: Promise<unknown>): Promise<void> {
    const deadline = Date.now() + startTimeoutMs
    let hasExited = false
    void currentExit.then(() => (hasExited = true))
    while (Date.now() < deadline) {
      if (hasExited) throw new Error(`the server exited during start-up (pid ${current.pid}); see ${options.logFile}`)
      try {
        const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) })
        if (response.ok) return
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new Error(`the server did not answer /api/health within ${startTimeoutMs} ms; see ${options.logFile}`)
  }

  return {
    baseUrl,
    get starts() {
      return starts
    },
    get pid() {
      return child?.pid
    },
    isRunning: () => child !== null,
    async start() {
      if (child) throw new Error('the server is already running')
      const log = fs.openSync(options.logFile, 'a')
      fs.writeSync(log, `\n---- start ${starts + 1} at ${new Date().toISOString()}\n`)
      const bundle = await serverBundle()
      // node itself, not a CLI wrapping it: SIGTERM reaches the server.
      const current = spawn(process.execPath, [...(options.nodeArgs ?? []), bundle], {
        cwd: REPO_ROOT,
        env: {
          ...process.env,
          PORT: String(options.port),
          DATA_DIR: options.dataDir,
          SEED_DEMO: '0',
          LOG_LEVEL: 'warn',
          ...options.env,
        },
        stdio: ['ignore', log, log],
      })
      fs.closeSync(log)
      starts++
      child = current
      exited = new Promise((resolve) => {
        current.once('exit', (code, signal) => {
          if (child === current) child = null
          resolve({ code, signal })
        })
      })
      try {
        await waitForHealth(current, exited)
      } catch (error) {
        await this.stop()
        throw error
      }
    },
    async stop() {
      const current = child
      const currentExit = exited
      if (!current || !currentExit) return { code: null, signal: null, killed: false }
      current.kill('SIGTERM')
      let timer: NodeJS.Timeout | undefined
      const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), stopTimeoutMs)))
      const first = await Promise.race([currentExit, timedOut])
      clearTimeout(timer)
      if (first !== 'timeout') return { ...first, killed: false }
      current.kill('SIGKILL')
      return { ...(await currentExit), killed: true }
    },
  }
}
