// The one write path for staff mutations: the change and its audit_logs row commit in the same
// transaction, so the trail can never miss a change nor record one that rolled back.
// Every service that changes data on a staff member's behalf calls `staffWrite` (see README.md).
import type { Request, Response } from 'express'
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../../db/schema'
import { isConstraintViolation, isTransactionConflict } from '../../db/dialect'
import type { SessionUser } from '../auth/sessions'
import { messages } from '../contract'
import { HttpError } from '../errors'

export type Tx = Transaction<Database>

/** Where a request came from, as the trail (and the sessions table) records it. */
export interface Client {
  ipAddress: string | null
  userAgent: string | null
}

/** Who did it, from where. `userId` null only for events without a known user. */
export interface Actor extends Client {
  userId: string | null
  userEmail: string | null
  userName: string | null
}

/** What the trail shows: a short action verb ('create_user'), the target, and readable details. */
export interface AuditEntry {
  action: string
  targetType?: string
  targetId?: string | number
  targetName?: string
  /** Readable text, or an object stored as JSON. Keys naming secrets are dropped either way. */
  details?: string | Record<string, unknown>
}

export interface StaffWriteOutcome<T> {
  result: T
  audit: AuditEntry
}

const USER_AGENT_MAX = 500
// Defence in depth: a caller that passes a whole request body must not leak a password into the log.
// `mustChangePassword` is a flag, not a secret, so it is kept.
const SECRET_KEY = /(^|new|current|confirm)password$|hash$|token$|secret$/i

export function clientOf(req: Request): Client {
  return { ipAddress: req.ip ?? null, userAgent: req.get('user-agent')?.slice(0, USER_AGENT_MAX) ?? null }
}

/** The signed-in staff member of this request (set by `authenticate`); throws on a public route. */
export function actorOf(req: Request, res: Response): Actor {
  const user = res.locals.user as SessionUser | undefined
  if (!user) throw new Error('actorOf needs a signed-in user: is this route in the contract with a capability?')
  return actorFromUser(user, clientOf(req))
}

/** For events where the user is known but not signed in yet (sign-in itself). */
export function actorFromUser(user: Pick<SessionUser, 'id' | 'email' | 'name'>, client: Client): Actor {
  return { userId: user.id, userEmail: user.email, userName: user.name, ...client }
}

function detailsText(details: AuditEntry['details']): string | null {
  if (details === undefined) return null
  if (typeof details === 'string') return details
  return JSON.stringify(details, (key, value: unknown) => (SECRET_KEY.test(key) ? undefined : value))
}

export async function insertAuditLog(trx: Tx | Kysely<Database>, actor: Actor, entry: AuditEntry, now = new Date()) {
  await trx
    .insertInto('audit_logs')
    .values({
      userId: actor.userId,
      userEmail: actor.userEmail,
      userName: actor.userName,
      action: entry.action,
      targetType: entry.targetType ?? null,
      targetId: entry.targetId === undefined ? null : String(entry.targetId),
      targetName: entry.targetName ?? null,
      details: detailsText(entry.details),
      ipAddress: actor.ipAddress,
      userAgent: actor.userAgent,
      createdAt: now.toISOString(),
    })
    .execute()
}

/**
 * Runs `work` in a transaction and records its audit entry in the same transaction.
 * Inside `work` use only `trx`: the SQLite driver serialises on one connection, so a query on `db`
 * would wait for this transaction forever. Do slow things (argon2, e-mail) before or after.
 * A throw anywhere rolls back both the change and the audit row; a transaction PostgreSQL cancelled
 * for a conflict with another (isTransactionConflict) is run again, `work` with it.
 */
export async function staffWrite<T>(
  db: Kysely<Database>,
  actor: Actor,
  work: (trx: Tx) => Promise<StaffWriteOutcome<T>>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await writeOnce(db, actor, work)
    } catch (error) {
      if (attempt >= STAFF_WRITE_ATTEMPTS || !isTransactionConflict(error)) throw error
    }
  }
}

/** Tries of one staff write: the one cancelled gets through once the other has (it holds what this waits for). */
const STAFF_WRITE_ATTEMPTS = 4

function writeOnce<T>(db: Kysely<Database>, actor: Actor, work: (trx: Tx) => Promise<StaffWriteOutcome<T>>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const { result, audit } = await work(trx)
    // The row names its actor by a foreign key, so it fails only when the actor's account was deleted
    // after this request was let in (by a colleague, on any server): their session went with it.
    await insertAuditLog(trx, actor, audit).catch((error: unknown) => {
      throw isConstraintViolation(error, 'foreignKey') ? new HttpError(401, messages.common.sessionRequired) : error
    })
    return result
  })
}
