// Start-up seeding. Each step checks first, so it is safe on every start and never
// overwrites what staff have changed.
import { sql, type Kysely } from 'kysely'
import { dialectOf } from '../dialect'
import type { Database } from '../schema'
import { ensureGlobalAdmin, generatePassword, type CreatedAdmin } from './admin'
import { DEMO_AGENT_EMAIL, hasDemoData, isEmptyForDemo, seedDemoData, wasDemoDataRemoved } from './demo'
import { seedReferenceData } from './reference'

export { DEFAULT_ADMIN_EMAIL, PASSWORD_RULE, generatePassword } from './admin'
export { DEMO_AGENT_EMAIL, DEMO_DATA_REMOVED_SETTING } from './demo'
export { DEMO_DOMAIN } from './demo-data'
export * from './reference-data'

export interface SeedOptions {
  demo: boolean
  /** ADMIN_EMAIL / ADMIN_PASSWORD; used only when no global admin exists yet. */
  admin: { email?: string; password?: string }
  hashPassword: (plain: string) => Promise<string>
  now?: Date
}

export interface SeedResult {
  /** Set when this run created the first global admin; print generatedPassword once. */
  createdAdmin?: CreatedAdmin
  /** Set when this run created the demo data agent; print generatedPassword once. */
  demoAgent?: { email: string; generatedPassword: string }
  /** Set when demo data was asked for but the database already holds real data, so none was added. */
  demoSkipped?: boolean
  /** Set when demo data was asked for but was removed from this database before (npm run remove-demo-data). */
  demoRemovedBefore?: boolean
}

/** The PostgreSQL advisory lock the seed holds ("VFSEED"): one server seeds at a time. */
const SEED_LOCK = 0x564653454544

/**
 * Seeds what is missing. Each step checks, then writes: on PostgreSQL, servers starting together on
 * one empty database (compose's replicas) would both find a table empty and one would stop on a
 * duplicate key, so there the whole seed runs under an advisory lock on one connection, and the
 * second server finds the first one's rows. SQLite's file has one writer at a time and needs none.
 */
export async function seedDatabase(db: Kysely<Database>, options: SeedOptions): Promise<SeedResult> {
  if (dialectOf(db) !== 'postgres') return seedMissing(db, options)
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${SEED_LOCK})`.execute(connection)
    try {
      return await seedMissing(connection, options)
    } finally {
      await sql`select pg_advisory_unlock(${SEED_LOCK})`.execute(connection)
    }
  })
}

async function seedMissing(db: Kysely<Database>, options: SeedOptions): Promise<SeedResult> {
  const now = options.now ?? new Date()
  const result: SeedResult = {}

  await seedReferenceData(db, now.toISOString())

  const createdAdmin = await ensureGlobalAdmin(db, options.admin, options.hashPassword, now.toISOString())
  if (createdAdmin) result.createdAdmin = createdAdmin

  if (!options.demo || (await hasDemoData(db))) return result
  if (await wasDemoDataRemoved(db)) {
    result.demoRemovedBefore = true
  } else if (!(await isEmptyForDemo(db))) {
    result.demoSkipped = true
  } else {
    const agentPassword = generatePassword()
    const { createdAgent } = await seedDemoData(db, {
      now,
      agentPasswordHash: await options.hashPassword(agentPassword),
    })
    if (createdAgent) result.demoAgent = { email: DEMO_AGENT_EMAIL, generatedPassword: agentPassword }
  }
  return result
}
