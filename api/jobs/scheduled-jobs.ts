// The server's scheduled jobs (clean-ups, purges, the mail outbox), run once per interval across
// every server sharing the database: each server checks every minute, and only the one that takes
// the job's lease (db/job-lease.ts) for the interval runs it. A stopped server's turn passes to the
// others when its lease ends. Nothing here may hold state another server needs.
import type { Kysely } from 'kysely'
import { newHolderId, takeLease } from '../../db/job-lease'
import { purgeEndedRateLimitHits } from '../../db/shared-counters'
import type { Database } from '../../db/schema'
import { purgeEndedLockouts } from '../auth/lockout'
import type { Mailer } from '../email/mailer'
import type { Logger } from '../logger'
import { deleteUnreferencedUploads, UNREFERENCED_UPLOAD_MAX_AGE_MS } from '../uploads/cleanup'

const MINUTE = 60_000

export interface ScheduledJob {
  /** The lease's name: the same on every server. */
  name: string
  /** Runs at most once per this long, on one server. */
  everyMs: number
  /** Answers how many things it did (logged when not 0). */
  run(now: Date): Promise<number>
}

/** The product's jobs. */
export function productJobs(deps: { db: Kysely<Database>; dataDir: string; mailer: Mailer }): ScheduledJob[] {
  const { db, dataDir, mailer } = deps
  return [
    // Photos never referenced by a record are removed after a day (offline-sync promise 6).
    { name: 'upload-cleanup', everyMs: 60 * MINUTE, run: (now) => deleteUnreferencedUploads(db, dataDir, new Date(now.getTime() - UNREFERENCED_UPLOAD_MAX_AGE_MS)) },
    // Lockout pairs and rate-limit windows that have ended (decision 025): the tables stay small.
    { name: 'shared-state-purge', everyMs: 15 * MINUTE, run: async (now) => (await purgeEndedLockouts(db, now)) + (await purgeEndedRateLimitHits(db, now)) },
    // E-mails whose server stopped between the commit and the send.
    { name: 'mail-outbox', everyMs: MINUTE, run: (now) => mailer.deliverWaiting(db, now) },
  ]
}

/** Runs each job whose lease this server takes now; answers the names it ran. */
export async function runDueJobs(db: Kysely<Database>, jobs: readonly ScheduledJob[], holder: string, logger: Pick<Logger, 'info' | 'warn'>, now = new Date()): Promise<string[]> {
  const ran: string[] = []
  for (const job of jobs) {
    try {
      if (!(await takeLease(db, job.name, holder, new Date(now.getTime() + job.everyMs), now))) continue
      ran.push(job.name)
      const count = await job.run(now)
      if (count > 0) logger.info({ job: job.name, count }, 'scheduled job done')
    } catch (err) {
      // The lease stays until it ends: a failing job is retried next interval, not every minute.
      logger.warn({ err, job: job.name }, 'scheduled job failed; it runs again next interval')
    }
  }
  return ran
}

/** Checks now and then every `checkEveryMs`; the timer never keeps the process alive. Returns a stop function. */
export function startScheduledJobs(
  db: Kysely<Database>,
  jobs: readonly ScheduledJob[],
  options: { logger: Pick<Logger, 'info' | 'warn'>; holder?: string; checkEveryMs?: number },
): () => void {
  const holder = options.holder ?? newHolderId()
  let running: Promise<unknown> = Promise.resolve()
  // One check at a time in this process: a slow job is not started again by the next tick.
  const check = () => {
    running = running.then(() => runDueJobs(db, jobs, holder, options.logger))
  }
  check()
  const timer = setInterval(check, options.checkEveryMs ?? MINUTE)
  timer.unref()
  return () => clearInterval(timer)
}
