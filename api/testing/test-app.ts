// Test harness: the real app on a real database, migrated and seeded with the Fiji reference data
// (no demo), listening on an ephemeral loopback port. The database is a fresh SQLite file, or a
// fresh PostgreSQL database in the run's throw-away cluster when the vitest project says so
// (VF_TEST_DIALECT=postgres, the api-postgres project): the same test files run on both.
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import type { DialectName } from '../../db/dialect'
import { databaseFile, openPostgres } from '../../db/connection'
import { openReadThread } from '../../db/read-thread'
import type { Database } from '../../db/schema'
import { seedDatabase } from '../../db/seed'
import { createTestDatabaseOn, type AnyTestDatabase, type TestDatabase } from '../../db/testing'
import { createApp, type AppDeps } from '../app'
import { openExportThread } from '../exports/export-thread'
import { hashPassword } from '../auth/password'
import { readConfig } from '../config'
import { createLogger } from '../logger'

/** The database this test run's api tests use. */
export function testDialect(): DialectName {
  return process.env.VF_TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite'
}

/** A fresh migrated database of this run's dialect (see testDialect). */
export function createApiTestDatabase(): Promise<AnyTestDatabase> {
  return createTestDatabaseOn(testDialect())
}

type Options = {
  demo?: boolean
  webDir?: string
  answerStaleMs?: number
  /** On SQLite, compute public answers in the read thread, as the server does (default true). */
  readThread?: boolean
  /**
   * On SQLite, make the farmers export and the payment report in the export thread (EXPORT_THREAD=1;
   * default false, as the server).
   */
  exportThread?: boolean
  extend?: (deps: AppDeps) => void
  /**
   * On PostgreSQL, the app's pool connects through this address made from the database's (a
   * passage a test can cut: db/testing-outage.ts); the test's own handle connects directly.
   */
  postgresVia?: (url: string) => Promise<string>
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>
export type SqliteTestApp = Awaited<ReturnType<typeof startSqliteTestApp>>

/**
 * `answerStaleMs` defaults to 0 here: a test reads its own writes at once. Tests of the bound
 * (api/directory/answer-cache.test.ts) set it.
 */
export async function startTestApp(options: Options = {}) {
  return serve(await createApiTestDatabase(), options)
}

/** On SQLite whatever the run's dialect: for tests of SQLite itself (query plans, the raw file). */
export async function startSqliteTestApp(options: Options = {}) {
  return serve((await createTestDatabaseOn('sqlite')) as TestDatabase, options)
}

/** On the named database whatever the run's dialect: for tests comparing the two. */
export async function startTestAppOn(dialect: DialectName, options: Options = {}) {
  return serve(await createTestDatabaseOn(dialect), options)
}

async function serve<D extends AnyTestDatabase>(database: D, options: Options) {
  try {
    await seedDatabase(database.db, {
      demo: options.demo ?? false,
      admin: { email: 'admin@test.vitifarmers.org.fj', password: 'Test-Admin!2026' },
      hashPassword,
    })
  } catch (error) {
    await database.close()
    throw error
  }
  const config = { ...readConfig({}), dataDir: database.dataDir }
  const thread = database.dialect === 'sqlite' && options.readThread !== false
    ? openReadThread<Database>(databaseFile(database.dataDir), { fallback: database.db })
    : undefined
  const exportThread = database.dialect === 'sqlite' && options.exportThread ? openExportThread(databaseFile(database.dataDir)) : undefined
  const via = database.dialect === 'postgres' && options.postgresVia ? openPostgres({ url: await options.postgresVia(database.url) }) : undefined
  const deps: AppDeps = { db: via?.db ?? database.db, readDb: thread?.db, exportThread, config, logger: createLogger({ level: process.env.VF_TEST_LOG ?? 'silent' }), webDir: options.webDir, answerStaleMs: options.answerStaleMs ?? 0 }
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
    exportThread,
    fetch: (path: string, init?: RequestInit) => fetch(`${baseUrl}${path}`, init),
    postJson: (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }),
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await thread?.close()
      await exportThread?.close()
      await via?.close()
      await database.close()
    },
  }
}
