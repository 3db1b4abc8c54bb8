// Outgoing e-mail (clarifications, E-mail): every message leaves a row in outgoing_emails. With
// SMTP_URL set, nodemailer then delivers it and its row is marked sent or failed; without it the
// stored row (and a log line) is the delivery, so the embedded default works with no mail server.
// Delivery is slow and may fail: it never runs inside a transaction other writes wait on.
// With several servers (decision 025) a row waiting for SMTP is claimed by one sender with one
// conditional update before it is sent, so an e-mail goes out once, not once per server; a row
// whose server stopped before sending is picked up by the outbox job (deliverWaiting) on any server.
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import nodemailer, { type Transporter } from 'nodemailer'
import { newHolderId } from '../../db/job-lease'
import type { Database } from '../../db/schema'
import type { EmailMode } from '../contract'
import type { Logger } from '../logger'

export interface OutgoingEmail {
  from: string
  to: string
  cc?: string
  bcc?: string
  subject: string
  text: string
  /** Staff member on whose behalf it goes (the Send Email screen), if any. */
  sentBy?: string | null
}

export interface MailOutcome {
  id: string
  mode: EmailMode
  status: 'stored' | 'sent' | 'failed'
  /** The SMTP server's answer when it refused the message. */
  error?: string
}

export interface Mailer {
  mode: EmailMode
  /** Writes the message as 'stored' — in the caller's transaction when given one — and returns its id. */
  store(db: Kysely<Database>, message: OutgoingEmail): Promise<string>
  /** Delivers a stored message (SMTP mode) and records the outcome on its row. Never throws on a refusal. */
  deliver(db: Kysely<Database>, id: string): Promise<MailOutcome>
  /** store, then deliver: for a message that no other write waits on. */
  sendOrStore(db: Kysely<Database>, message: OutgoingEmail): Promise<MailOutcome>
  /** Delivers messages left waiting at least OUTBOX_GRACE_MS (their server stopped before sending); answers how many were sent. */
  deliverWaiting(db: Kysely<Database>, now?: Date): Promise<number>
  close(): void
}

/** The SMTP answer in one line, e.g. "550 5.1.1 <x@y>: Recipient address rejected". */
function smtpError(error: unknown): string {
  const { response, message } = (error ?? {}) as { response?: string; message?: string }
  return (response ?? message ?? 'SMTP error').replace(/\s+/g, ' ').trim().slice(0, 500)
}

/** A claim lasts this long: a sender that has not recorded an outcome by then is presumed stopped. */
export const SEND_CLAIM_MS = 5 * 60 * 1000
/** The server that stored a message delivers it right after its commit; the outbox job waits this long before stepping in. */
export const OUTBOX_GRACE_MS = 60 * 1000
const OUTBOX_BATCH = 50

const iso = (ms: number) => new Date(ms).toISOString()

export function createMailer(options: { smtpUrl?: string; logger: Pick<Logger, 'info' | 'warn'>; sender?: string }): Mailer {
  const transport: Transporter | null = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null
  const mode: EmailMode = transport ? 'smtp' : 'stored'
  const sender = options.sender ?? newHolderId()
  const mailer: Mailer = {
    mode,
    async store(db, message) {
      const id = randomUUID()
      await db
        .insertInto('outgoing_emails')
        .values({
          id,
          from: message.from,
          to: message.to,
          cc: message.cc ?? null,
          bcc: message.bcc ?? null,
          subject: message.subject,
          body: message.text,
          status: 'stored',
          error: null,
          createdAt: new Date().toISOString(),
          sentAt: null,
          sentBy: message.sentBy ?? null,
          // Stored mode: the row is the delivery, nothing waits for a sender.
          sendAfter: transport ? new Date().toISOString() : null,
        })
        .execute()
      return id
    },
    async deliver(db, id) {
      if (!transport) {
        const row = await db.selectFrom('outgoing_emails').select(['to', 'subject']).where('id', '=', id).executeTakeFirst()
        if (!row) return { id, mode, status: 'failed', error: 'No such message' }
        options.logger.info({ id, ...row }, 'e-mail stored (no SMTP_URL)')
        return { id, mode, status: 'stored' }
      }
      // The claim: one conditional update, so of two senders asking at once only one gets the row.
      const now = Date.now()
      const row = await db
        .updateTable('outgoing_emails')
        .set({ sendAfter: iso(now + SEND_CLAIM_MS), claimedBy: sender })
        .where('id', '=', id)
        .where('status', '=', 'stored')
        .where('sendAfter', '<=', iso(now))
        .returningAll()
        .executeTakeFirst()
      if (!row) {
        // Sent, refused, or being sent by another sender: answer what is recorded.
        const seen = await db.selectFrom('outgoing_emails').select(['status', 'error']).where('id', '=', id).executeTakeFirst()
        if (!seen) return { id, mode, status: 'failed', error: 'No such message' }
        return { id, mode, status: seen.status, ...(seen.error && { error: seen.error }) }
      }
      const log = { id, to: row.to, subject: row.subject }
      try {
        await transport.sendMail({ from: row.from, to: row.to, cc: row.cc ?? undefined, bcc: row.bcc ?? undefined, subject: row.subject, text: row.body })
        // Recorded only while the claim is still this sender's.
        await db.updateTable('outgoing_emails').set({ status: 'sent', sentAt: new Date().toISOString(), error: null, sendAfter: null }).where('id', '=', id).where('claimedBy', '=', sender).execute()
        options.logger.info(log, 'e-mail sent')
        return { id, mode, status: 'sent' }
      } catch (caught) {
        const error = smtpError(caught)
        await db.updateTable('outgoing_emails').set({ status: 'failed', error, sendAfter: null }).where('id', '=', id).where('claimedBy', '=', sender).execute()
        options.logger.warn({ ...log, error }, 'e-mail refused by the SMTP server')
        return { id, mode, status: 'failed', error }
      }
    },
    async deliverWaiting(db, at = new Date()) {
      if (!transport) return 0
      const waiting = await db
        .selectFrom('outgoing_emails')
        .select('id')
        .where('status', '=', 'stored')
        .where('sendAfter', '<=', iso(at.getTime() - OUTBOX_GRACE_MS))
        .orderBy('sendAfter')
        .limit(OUTBOX_BATCH)
        .execute()
      let sent = 0
      for (const { id } of waiting) if ((await mailer.deliver(db, id)).status === 'sent') sent++
      return sent
    },
    async sendOrStore(db, message) {
      return mailer.deliver(db, await mailer.store(db, message))
    },
    close() {
      transport?.close()
    },
  }
  return mailer
}
