// Test harness: two servers on one database, as two API processes behind a proxy would run: two
// apps, each with its own database connection (a second better-sqlite3 handle on the file, or a
// second PostgreSQL pool), the same config and the same shared photo directory (decision 025).
// The database is SQLite, or PostgreSQL when the run says so (VF_TEST_DIALECT=postgres).
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { seedDatabase } from '../../db/seed'
import { createTestDatabaseOn, openAnotherConnection, type AnyTestDatabase } from '../../db/testing'
import { createApp, type AppDeps } from '../app'
import { hashPassword } from '../auth/password'
import { readConfig, type AppConfig } from '../config'
import { createLogger } from '../logger'

export interface TestServer {
  name: 'A' | 'B'
  db: Kysely<Database>
  baseUrl: string
  fetch(path: string, init?: RequestInit): Promise<Response>
  postJson(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>
}

export async function startTwoServers(options: { config?: Partial<AppConfig>; extend?: (deps: AppDeps, name: 'A' | 'B') => void } = {}) {
  const database: AnyTestDatabase = await createTestDatabaseOn(process.env.VF_TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite')
  const second = openAnotherConnection(database)
  const servers: Server[] = []
  const close = async () => {
    await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))))
    await second.close()
    await database.close()
  }
  try {
    await seedDatabase(database.db, { demo: false, admin: { email: 'admin@test.vitifarmers.org.fj', password: 'Test-Admin!2026' }, hashPassword })
    const config: AppConfig = { ...readConfig({}), dataDir: database.dataDir, ...options.config }
    const start = async (name: 'A' | 'B', db: Kysely<Database>): Promise<TestServer> => {
      const deps: AppDeps = { db, config, logger: createLogger({ level: 'silent' }), answerStaleMs: 0 }
      options.extend?.(deps, name)
      const app = createApp(deps)
      const server: Server = await new Promise((resolve) => {
        const s = app.listen(0, '127.0.0.1', () => resolve(s))
      })
      servers.push(server)
      const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      return {
        name,
        db,
        baseUrl,
        fetch: (path, init) => fetch(`${baseUrl}${path}`, init),
        postJson: (path, body, headers = {}) =>
          fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }),
      }
    }
    const a = await start('A', database.db)
    const b = await start('B', second.db)
    return { database, a, b, close }
  } catch (error) {
    await close()
    throw error
  }
}
