// vitest globalSetup of the db project: one throw-away PostgreSQL cluster for the whole run, its
// URL provided to the tests (db/testing.ts). Where PostgreSQL cannot start, the reason is provided
// instead and every PostgreSQL test fails with it: CI must never quietly test SQLite alone.
import type { TestProject } from 'vitest/node'
import { startPostgresCluster } from './postgres-cluster'

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
