// Test and CI set-up only: a throw-away PostgreSQL cluster in a temp dir on a free loopback port,
// run as the `postgres` system user when we are root (the server refuses root). Nothing of it
// outlives the run: stop() ends the server and removes the directory.
import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

export interface PostgresCluster {
  /** Superuser URL of the cluster's `postgres` database. */
  url: string
  binDir: string
  /** Runs one of the cluster's tools (pg_dump, psql…) as the cluster's user. */
  run(tool: string, args: string[], options?: { input?: string | Buffer }): Buffer
  stop(): void
}

/** Where initdb, pg_ctl and pg_dump live: PG_BIN, Debian's newest /usr/lib/postgresql/N/bin, or PATH. */
export function findPostgresBin(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.PG_BIN) return fs.existsSync(path.join(env.PG_BIN, 'initdb')) ? env.PG_BIN : undefined
  const debian = '/usr/lib/postgresql'
  if (fs.existsSync(debian)) {
    const versions = fs.readdirSync(debian).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a))
    for (const v of versions) if (fs.existsSync(path.join(debian, v, 'bin', 'initdb'))) return path.join(debian, v, 'bin')
  }
  const found = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' })
  return found.status === 0 && found.stdout.trim() ? path.dirname(found.stdout.trim()) : undefined
}

const isRoot = () => process.getuid?.() === 0

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const binDir = findPostgresBin()
  if (!binDir) {
    throw new Error(
      'PostgreSQL is not installed, so the PostgreSQL half of the tests cannot run. Install it ' +
        '(Debian/Ubuntu: apt-get install -y postgresql; macOS: brew install postgresql@15) or set PG_BIN to the folder holding initdb.',
    )
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vf-pg-'))
  // The server runs as `postgres` when we are root and must own its directory.
  if (isRoot()) execFileSync('chown', ['postgres:postgres', dir])
  const run = (tool: string, args: string[], options: { input?: string | Buffer } = {}) => {
    const [command, commandArgs] = isRoot()
      ? ['runuser', ['-u', 'postgres', '--', path.join(binDir, tool), ...args]]
      : [path.join(binDir, tool), args]
    return execFileSync(command, commandArgs, { input: options.input, stdio: ['pipe', 'pipe', 'pipe'], maxBuffer: 1 << 30 })
  }
  const data = path.join(dir, 'data')
  try {
    run('initdb', ['-D', data, '--auth=trust', '-U', 'postgres', '--encoding=UTF8', '--locale=C', '--no-sync'])
    const port = await freePort()
    // Durability is off: a test cluster is thrown away, and fsync on a busy CI disk costs seconds.
    const settings = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`
    run('pg_ctl', ['-D', data, '-o', settings, '-l', path.join(dir, 'log'), '-w', 'start'])
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      binDir,
      run,
      stop() {
        try {
          run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
        } finally {
          fs.rmSync(dir, { recursive: true, force: true })
        }
      },
    }
  } catch (error) {
    const log = fs.existsSync(path.join(dir, 'log')) ? fs.readFileSync(path.join(dir, 'log'), 'utf8') : ''
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? ''
    fs.rmSync(dir, { recursive: true, force: true })
    throw new Error(`Could not start a test PostgreSQL cluster with ${binDir}: ${stderr}${log}`, { cause: error })
  }
}
