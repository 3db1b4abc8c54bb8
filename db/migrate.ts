// Migrations ship inside the code (no FileMigrationProvider) so they work the same under tsx,
// vitest and a bundle, whatever the working directory.
import { Migrator, type Kysely } from 'kysely'
import { migrations } from './migrations/index'
import type { Database } from './schema'

/** Brings the schema up to date; resolves to the names of the migrations it applied. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Migrations written in parallel branches land in one release; each touches its own tables, so
    // a database that already ran a later-numbered one still takes an earlier one merged after it.
    allowUnorderedMigrations: true,
  })
  const { error, results = [] } = await migrator.migrateToLatest()
  if (error !== undefined) {
    const failed = results.find((r) => r.status === 'Error')?.migrationName
    const cause = error instanceof Error ? error.message : String(error)
    throw new Error(
      failed ? `Database migration "${failed}" failed: ${cause}` : `Database migration failed: ${cause}`,
      { cause: error },
    )
  }
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName)
}
