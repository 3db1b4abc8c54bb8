// Test harness: the real app on a real SQLite file in a fresh temp dir, migrated and seeded with
// the Fiji reference data (no demo), listening on an ephemeral loopback port.
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { seedDatabase } from '../../db/seed'
import { createTestDatabase } from '../../db/testing'
import { createApp, type AppDeps } from '../app'
import { hashPassword } from '../auth/password'
import { readConfig } from '../config'
import { createLogger } from '../logger'

export type TestApp = Awaited<ReturnType<typeof startTestApp>>

/**
 * `answerStaleMs` defaults to 0 here: a test reads its own writes at once. Tests of the bound
 * (api/directory/answer-cache.test.ts) set it.
 */
export async function startTestApp(options: { demo?: boolean; webDir?: string; answerStaleMs?: number; extend?: (deps: AppDeps) => void } = {}) {
  const database = await createTestDatabase()
  await seedDatabase(database.db, {
    demo: options.demo ?? false,
    admin: { email: 'admin@test.vitifarmers.org.fj', password: 'Test-Admin!2026' },
    hashPassword,
  })
  const config = { ...readConfig({}), dataDir: database.dataDir }
  const deps: AppDeps = { db: database.db, config, logger: createLogger({ level: 'silent' }), webDir: options.webDir, answerStaleMs: options.answerStaleMs ?? 0 }
  options.extend?.(deps)
  const app = createApp(deps)
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s))
  })
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    ...database,
    app,
    baseUrl,
    fetch: (path: string, init?: RequestInit) => fetch(`${baseUrl}${path}`, init),
    postJson: (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }),
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await database.close()
    },
  }
}
