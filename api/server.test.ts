// Start-up that tells the truth (issue 8): the real server process (api/server.ts bundled as
// `npm start` runs it, started as scripts/chaos/server-process.ts starts it) on a taken port, and with wrong settings, fails
// clearly, with a non-zero exit, before it writes anything.
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { REPO_ROOT, freePort, serverBundle, serverProcess } from '../scripts/chaos/server-process'

const temp: string[] = []
afterEach(() => {
  for (const dir of temp.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vf-start-'))
  temp.push(dir)
  return dir
}

/** Runs the server to its end (or kills it after 60 s) and answers how it ended. */
async function runServer(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const bundle = await serverBundle()
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bundle], {
      cwd: REPO_ROOT,
      env: { ...process.env, SEED_DEMO: '0', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000)
    child.once('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, output })
    })
  })
}

async function occupy(port: number): Promise<net.Server> {
  const blocker = net.createServer()
  await new Promise<void>((resolve, reject) => {
    blocker.once('error', reject)
    blocker.listen(port, () => resolve())
  })
  return blocker
}

describe('api/server.ts start-up', () => {
  it('on a taken port says so, exits non-zero and creates no database', async () => {
    const port = await freePort()
    const blocker = await occupy(port)
    const dataDir = path.join(tempDir(), 'data')
    try {
      const { code, output } = await runServer({ PORT: String(port), DATA_DIR: dataDir })
      expect(code).toBe(1)
      expect(output).toContain(`Port ${port} is already in use. Set PORT to another port, e.g. PORT=${port + 1} npm start.`)
      expect(output).not.toContain('Admin sign-in')
      expect(fs.existsSync(dataDir)).toBe(false)
    } finally {
      await new Promise<void>((resolve) => blocker.close(() => resolve()))
    }
  }, 90_000)

  it.each([
    ['PORT not a number', { PORT: 'three thousand' }, 'PORT must be a whole number from 1 to 65535 (got "three thousand"), e.g. PORT=3001 npm start.'],
    ['PORT out of range', { PORT: '70000' }, 'PORT must be a whole number from 1 to 65535 (got "70000")'],
    ['SEED_DEMO not a flag', { SEED_DEMO: 'maybe' }, 'SEED_DEMO must be 1 or 0 (got "maybe").'],
    ['TRUST_PROXY not a count', { TRUST_PROXY: 'yes please' }, 'TRUST_PROXY must be the number of proxies in front'],
    ['ADMIN_PASSWORD too weak', { ADMIN_PASSWORD: 'password' }, 'ADMIN_PASSWORD must be at least 8 characters'],
  ])('with %s says which setting is wrong, exits non-zero and writes nothing', async (_, env, message) => {
    const dataDir = path.join(tempDir(), 'data')
    const { code, output } = await runServer({ PORT: String(await freePort()), DATA_DIR: dataDir, ...env })
    expect(code).toBe(1)
    expect(output).toContain('Viti Farmers cannot start:')
    expect(output).toContain(message)
    expect(fs.existsSync(dataDir)).toBe(false)
  }, 90_000)

  it.each([
    ['a file stands where the folder should be', (dir: string) => {
      fs.writeFileSync(path.join(dir, 'data'), 'not a folder')
      return path.join(dir, 'data')
    }, 'a file with that name exists where the folder should be'],
    ['a part of the path is a file', (dir: string) => {
      fs.writeFileSync(path.join(dir, 'file'), '')
      return path.join(dir, 'file', 'data')
    }, 'a part of the path is a file, not a folder'],
  ])('when %s, stops with one line naming DATA_DIR, the path and the problem', async (_, makeDataDir, problem) => {
    const dataDir = makeDataDir(tempDir())
    const { code, output } = await runServer({ PORT: String(await freePort()), DATA_DIR: dataDir })
    expect(code).toBe(1)
    expect(output).toContain(`DATA_DIR ${dataDir} cannot be used: ${problem}.`)
    expect(output).not.toContain('Admin sign-in')
    expect(output).not.toMatch(/\n\s+at /) // no stack trace
  }, 90_000)

  it('on a free port starts, answers /api/health and creates its database (the control)', async () => {
    const dir = tempDir()
    const dataDir = path.join(dir, 'data')
    const server = serverProcess({ port: await freePort(), dataDir, logFile: path.join(dir, 'server.log') })
    await server.start()
    try {
      expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200)
      expect(fs.existsSync(path.join(dataDir, 'viti-farmers.sqlite'))).toBe(true)
      // Staff password hashes and farmers' contacts: readable by the server's user only.
      const mode = (file: string) => fs.statSync(file).mode & 0o777
      expect(mode(dataDir)).toBe(0o700)
      for (const suffix of ['', '-wal', '-shm']) expect(mode(path.join(dataDir, `viti-farmers.sqlite${suffix}`))).toBe(0o600)
    } finally {
      expect((await server.stop()).code).toBe(0)
    }
  }, 120_000)

  /** A public review whose body arrives in two halves; resolves with the answer's status, or 'cut'. */
  function slowReview(baseUrl: string) {
    const body = JSON.stringify({ rating: 5, comment: 'Sent from a phone on weak 3G, slowly but surely.' })
    const request = http.request(`${baseUrl}/api/public/reviews`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'idempotency-key': randomUUID() } })
    const answered = new Promise<number | 'cut'>((resolve) => {
      request.on('response', (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      })
      request.on('error', () => resolve('cut'))
    })
    request.write(body.slice(0, 20))
    return { answered, finish: () => request.end(body.slice(20)) }
  }

  it('on SIGTERM lets a request in flight finish, then exits 0; past SHUTDOWN_GRACE_MS it cuts it, says so and exits 1', async () => {
    const dir = tempDir()
    const logFile = path.join(dir, 'server.log')
    const patient = serverProcess({ port: await freePort(), dataDir: path.join(dir, 'data'), logFile })
    await patient.start()
    const finished = slowReview(patient.baseUrl)
    await new Promise((resolve) => setTimeout(resolve, 300))
    const stopped = patient.stop()
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    finished.finish()
    expect(await finished.answered).toBe(201)
    expect(await stopped).toMatchObject({ code: 0, killed: false })

    const hasty = serverProcess({ port: await freePort(), dataDir: path.join(dir, 'data'), logFile, env: { SHUTDOWN_GRACE_MS: '500' } })
    await hasty.start()
    const cut = slowReview(hasty.baseUrl)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(await hasty.stop()).toMatchObject({ code: 1, killed: false })
    expect(await cut.answered).toBe('cut')
    expect(fs.readFileSync(logFile, 'utf8')).toMatch(/"cut":1,"graceMs":500,"msg":"shut down with requests still in flight: they were cut"/)
  }, 120_000)

  it("on SIGTERM behind a proxy: the proxy's kept-alive connection is closed after the answer in flight, and the server exits 0 instead of serving it until the grace is over", async () => {
    const dir = tempDir()
    const logFile = path.join(dir, 'server.log')
    const server = serverProcess({ port: await freePort(), dataDir: path.join(dir, 'data'), logFile, env: { SHUTDOWN_GRACE_MS: '4000', LOG_LEVEL: 'info' } })
    await server.start()
    // A busy proxy: one connection kept alive, and the next request on it as soon as the last is answered.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    const health = () =>
      new Promise<string | undefined>((resolve, reject) => {
        http.get(`${server.baseUrl}/api/health`, { agent }, (res) => {
          res.resume()
          res.on('end', () => resolve(res.headers.connection))
        }).on('error', reject)
      })
    expect(await health()).toBe('keep-alive')
    const body = JSON.stringify({ rating: 5, comment: 'Sent through the proxy while the server restarts.' })
    const review = http.request(`${server.baseUrl}/api/public/reviews`, { agent, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'idempotency-key': randomUUID() } })
    const reviewed = new Promise<{ status?: number; connection?: string }>((resolve, reject) => {
      review.on('response', (res) => {
        res.resume()
        resolve({ status: res.statusCode, connection: res.headers.connection })
      })
      review.on('error', reject)
    })
    review.write(body.slice(0, 20))
    await new Promise((resolve) => setTimeout(resolve, 300))
    const stopped = server.stop()
    while (!fs.readFileSync(logFile, 'utf8').includes('shutting down')) await new Promise((resolve) => setTimeout(resolve, 20))
    review.end(body.slice(20))
    expect(await reviewed).toEqual({ status: 201, connection: 'close' })
    let served = 0
    try {
      for (;;) {
        await health()
        served++
      }
    } catch {
      // The port refuses: the proxy sends its requests to the other server.
    }
    agent.destroy()
    expect(served).toBe(0)
    expect(await stopped).toMatchObject({ code: 0, killed: false })
  }, 120_000)
})
