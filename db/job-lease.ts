// Which server runs a scheduled job: a row in job_leases (migration 0007), taken with one atomic
// conditional upsert, so it works the same on SQLite and PostgreSQL and across any number of
// servers. Advisory locks were PostgreSQL-only and end with the run, so a second server could run
// the same hourly purge a minute later; a lease can outlive the run and cover the whole interval.
import { randomUUID } from 'node:crypto'
import os from 'node:os'
import type { Kysely } from 'kysely'
import type { Database } from './schema'

/** A name for this server process (or app instance) in job_leases and outgoing_emails.claimedBy. */
export function newHolderId(): string {
  return `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`
}

/**
 * Takes the lease on `name` for `holder` until `until`, if nobody holds it now (an ended lease is
 * free). True when this holder has it. One statement: two servers asking at once never both win.
 */
export async function takeLease(db: Kysely<Database>, name: string, holder: string, until: Date, now = new Date()): Promise<boolean> {
  const taken = await db
    .insertInto('job_leases')
    .values({ name, holder, expiresAt: until.toISOString() })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet((eb) => ({ holder: eb.ref('excluded.holder'), expiresAt: eb.ref('excluded.expiresAt') }))
        .where('job_leases.expiresAt', '<=', now.toISOString()),
    )
    .returning('holder')
    .executeTakeFirst()
  return taken?.holder === holder
}

/** Gives the lease back early (only if `holder` still has it). */
export async function releaseLease(db: Kysely<Database>, name: string, holder: string): Promise<void> {
  await db.deleteFrom('job_leases').where('name', '=', name).where('holder', '=', holder).execute()
}

/** A run that outlives this is presumed dead (its server stopped), and the job may run again. */
export const RUN_LEASE_MS = 30 * 60 * 1000

/**
 * Runs a job unless it is already running, in this process or on any server sharing the database:
 * the lease is held for the run (at most RUN_LEASE_MS) and given back when it ends. Resolves to
 * false when another run holds it; the job is then skipped, not queued.
 */
export async function runJobOnce(db: Kysely<Database>, name: string, job: (db: Kysely<Database>) => Promise<void>): Promise<boolean> {
  const holder = newHolderId()
  if (!(await takeLease(db, name, holder, new Date(Date.now() + RUN_LEASE_MS)))) return false
  try {
    await job(db)
    return true
  } finally {
    await releaseLease(db, name, holder)
  }
}
