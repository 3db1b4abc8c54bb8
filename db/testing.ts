// Test set-up only: a real database per test file. SQLite on a real file, because WAL, foreign
// keys and json_each behave as in production only on a real file; PostgreSQL as a fresh database
// in the run's throw-away cluster (db/postgres-global-setup.ts).
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import pg from 'pg'
import { inject } from 'vitest'
import { databaseFile, openDatabase, openPostgres, type AnyDatabaseHandle, type SqliteHandle } from './connection'
import type { DialectName } from './dialect'
import { migrateToLatest } from './migrate'
import { MIGRATED_TEMPLATE } from './postgres-global-setup'

export interface TestDatabase extends SqliteHandle {
  dataDir: string
}

export type AnyTestDatabase = AnyDatabaseHandle & { dataDir: string }

/** Both databases, for `describe.each(DIALECTS)`: every db/ test runs on each. */
export const DIALECTS: readonly DialectName[] = ['sqlite', 'postgres']

export async function createTestDatabase(): Promise<TestDatabase> {
  return (await createTestDatabaseOn('sqlite')) as TestDatabase
}

/** A fresh, migrated (unless `migrate: false`) database of this dialect with its own data dir. */
export async function createTestDatabaseOn(dialect: DialectName, options: { migrate?: boolean } = {}): Promise<AnyTestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vf-test-'))
  let handle: AnyDatabaseHandle
  let dropDatabase = async () => {}
  try {
    if (dialect === 'sqlite') {
      handle = openDatabase({ file: databaseFile(dataDir) })
    } else {
      const created = await createPostgresDatabase({ migrated: options.migrate !== false })
      dropDatabase = created.drop
      handle = openPostgres({ url: created.url })
    }
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true })
    throw error
  }
  const close = async () => {
    await handle.close()
    await dropDatabase()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    if (options.migrate !== false) await migrateToLatest(handle.db)
  } catch (error) {
    await close()
    throw error
  }
  return { ...handle, dataDir, close }
}

/**
 * Another connection to the same database, as a second server process would open it: its own
 * better-sqlite3 handle on the file, or its own pool. The caller closes it before the database.
 */
export function openAnotherConnection(t: AnyTestDatabase): AnyDatabaseHandle {
  return t.dialect === 'sqlite' ? openDatabase({ file: databaseFile(t.dataDir) }) : openPostgres({ url: t.url })
}

/** The test cluster's superuser URL; throws why PostgreSQL is unavailable instead of skipping. */
export function testPostgresUrl(): string {
  const url = inject('postgresUrl')
  if (!url) {
    throw new Error(inject('postgresUnavailable') || 'No test PostgreSQL cluster: run the db tests through vitest (the db project starts one).')
  }
  return url
}

/**
 * A new database in the test cluster, empty or a copy of the run's migrated template; drop()
 * removes it (and ends its sessions).
 */
export async function createPostgresDatabase(options: { migrated?: boolean } = {}): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const clusterUrl = testPostgresUrl()
  const name = `vf_test_${randomBytes(6).toString('hex')}`
  await onCluster(clusterUrl, `create database ${name} template ${options.migrated ? MIGRATED_TEMPLATE : 'template0'}`)
  const url = new URL(clusterUrl)
  url.pathname = `/${name}`
  return { url: url.toString(), name, drop: () => onCluster(clusterUrl, `drop database if exists ${name} with (force)`) }
}

async function onCluster(clusterUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: clusterUrl })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/** The tables of the app's schema (kysely's own bookkeeping left out). */
export async function tableNames(t: AnyDatabaseHandle): Promise<string[]> {
  const query =
    t.dialect === 'sqlite'
      ? sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'kysely_%' and name not like 'sqlite_%'`
      : sql<{ name: string }>`select tablename as name from pg_tables where schemaname = current_schema() and tablename not like 'kysely_%'`
  return (await query.execute(t.db)).rows.map((r) => r.name).sort()
}

/** The named indexes of a table, or of the whole schema (SQLite's automatic ones and primary keys left out). */
export async function indexNames(t: AnyDatabaseHandle, table?: string): Promise<string[]> {
  const query =
    t.dialect === 'sqlite'
      ? sql<{ name: string }>`select name from sqlite_master where type = 'index' and name not like 'sqlite_autoindex_%' and (${table ?? null} is null or tbl_name = ${table ?? null})`
      : sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = current_schema() and indexname not like '%_pkey' and (${table ?? null}::text is null or tablename = ${table ?? null})`
  return (await query.execute(t.db)).rows.map((r) => r.name).sort()
}

/** Rows in a table. */
export async function rowCount(t: AnyDatabaseHandle, table: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(t.db)
  return Number(rows[0]?.n ?? 0)
}
