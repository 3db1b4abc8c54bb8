// vitest globalSetup of the db project: one throw-away PostgreSQL cluster for the whole run, its
// URL provided to the tests (db/testing.ts). Where PostgreSQL cannot start, the reason is provided
// instead and every PostgreSQL test fails with it: CI must never quietly test SQLite alone.
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openPostgres } from './connection'
import { migrateToLatest } from './migrate'
import { startPostgresCluster } from './postgres-cluster'

/** A migrated database each test copies (CREATE DATABASE … TEMPLATE): far quicker than migrating each. */
export const MIGRATED_TEMPLATE = 'vf_migrated_template'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the test cluster, '' when it could not start. */
    postgresUrl: string
    /** The folder holding pg_dump and friends. */
    postgresBin: string
    /** Why the cluster could not start, '' when it runs. */
    postgresUnavailable: string
  }
}

export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  try {
    const cluster = await startPostgresCluster()
    try {
      await createMigratedTemplate(cluster.url)
    } catch (error) {
      cluster.stop()
      throw error
    }
    project.provide('postgresUrl', cluster.url)
    project.provide('postgresBin', cluster.binDir)
    project.provide('postgresUnavailable', '')
    return () => cluster.stop()
  } catch (error) {
    project.provide('postgresUrl', '')
    project.provide('postgresBin', '')
    project.provide('postgresUnavailable', error instanceof Error ? error.message : String(error))
    return undefined
  }
}

async function createMigratedTemplate(clusterUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: clusterUrl })
  await client.connect()
  try {
    await client.query(`create database ${MIGRATED_TEMPLATE}`)
  } finally {
    await client.end()
  }
  const url = new URL(clusterUrl)
  url.pathname = `/${MIGRATED_TEMPLATE}`
  const template = openPostgres({ url: url.toString(), max: 1 })
  try {
    await migrateToLatest(template.db)
  } finally {
    await template.close()
  }
}
