// The bench's load generator: autocannon in a process of its own (load-child.mjs) (never in the server's event
// loop), asking as a browser asks (Accept-Encoding: br, gzip), with the machine's load average read
// beside each figure so a busy machine's numbers are read for what they are.
import { execFile } from 'node:child_process'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** The headers a phone's browser sends with every GET. */
export const BROWSER_HEADERS = { 'accept-encoding': 'br, gzip' } as const

export type LoadResult = {
  /** Requests answered per second (2xx only count; anything else is in `non2xx`). */
  rps: number
  p50: number
  p99: number
  max: number
  non2xx: number
  errors: number
  /** 1-minute load average when the run ended. */
  loadAverage: number
}

type AutocannonJson = {
  requests: { average: number; total: number }
  latency: { p50: number; p99: number; max: number }
  non2xx: number
  errors: number
  duration: number
  '2xx': number
}

/**
 * Runs autocannon against `url` in a child process. `amount` sends exactly that many requests
 * (latency over a sequence); otherwise it loads for `seconds` with `connections` at once. `nice`
 * runs that process at a lower CPU priority (1–19): browsers on other machines, not on the server's cores.
 */
export async function loadTest(
  url: string,
  {
    connections = 8,
    seconds = 2,
    amount,
    headers = BROWSER_HEADERS,
    randomParam,
    nice,
  }: { connections?: number; seconds?: number; amount?: number; headers?: Record<string, string>; randomParam?: string; nice?: number } = {},
): Promise<LoadResult> {
  const options = JSON.stringify({ url, connections, seconds, amount, headers, randomParam })
  const child = run(process.execPath, [path.resolve('scripts/bench/load-child.mjs'), options], { maxBuffer: 16 * 1024 * 1024, timeout: 180_000 })
  // Set before autocannon has loaded, let alone sent anything (a positive nice needs no privilege).
  if (nice !== undefined && child.child.pid !== undefined) os.setPriority(child.child.pid, nice)
  const { stdout } = await child
  const result = JSON.parse(stdout) as AutocannonJson
  return {
    rps: result['2xx'] / Math.max(result.duration, 0.001),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
    loadAverage: os.loadavg()[0]!,
  }
}

/** "load 1.23": the 1-minute load average, for printing beside a figure. */
export function loadAverageNote(value = os.loadavg()[0]!) {
  return `load ${value.toFixed(2)}`
}

/** Runs one part of the bench; a failure is printed and the bench goes on to its end. */
export async function benchPart(name: string, part: () => Promise<unknown>) {
  try {
    await part()
  } catch (error) {
    console.log(`\n${name}: FAILED — ${error instanceof Error ? error.message : String(error)} (${loadAverageNote()})`)
    process.exitCode = 1
  }
}

/**
 * `amount` sequential requests on one keep-alive connection from a process of its own
 * (latency-child.mjs), timed to the microsecond: p50 / p99 / max in ms, and the non-2xx count.
 */
export async function sequentialLatency(url: string, { amount = 200, headers = BROWSER_HEADERS }: { amount?: number; headers?: Record<string, string> } = {}) {
  const options = JSON.stringify({ url, amount, headers })
  const { stdout } = await run(process.execPath, [path.resolve('scripts/bench/latency-child.mjs'), options], { maxBuffer: 16 * 1024 * 1024, timeout: 180_000 })
  const { times, non2xx } = JSON.parse(stdout) as { times: number[]; non2xx: number }
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN
  return { p50: at(0.5), p99: at(0.99), max: times[times.length - 1] ?? NaN, non2xx, loadAverage: os.loadavg()[0]! }
}

/**
 * The exact bytes and headers the server sends a browser for `url` (node's fetch would decode them),
 * to replay from a bare handler: the comparison the issue asks for.
 */
export function asSent(url: string, agent?: http.Agent): Promise<{ body: Buffer; headers: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: BROWSER_HEADERS }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => {
          const headers: Record<string, string> = { 'content-type': String(res.headers['content-type'] ?? 'application/json') }
          if (res.headers['content-encoding']) headers['content-encoding'] = String(res.headers['content-encoding'])
          resolve({ body: Buffer.concat(chunks), headers })
        })
        res.on('error', reject)
      })
      .on('error', reject)
  })
}
