// Outgoing e-mail (clarifications, E-mail): every message is first written to outgoing_emails inside
// the caller's transaction, so it exists exactly when the change that caused it commits. With SMTP_URL
// set it is then delivered through nodemailer after the commit and its row marked sent or failed;
// without it the stored row (and a log line) is the delivery. Never sends inside a transaction.
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import nodemailer, { type Transporter } from 'nodemailer'
import type { Database } from '../../db/schema'
import type { EmailMode } from '../contract'
import type { Tx } from '../audit/staff-write'
import type { Logger } from '../logger'

export interface OutgoingEmail {
  from: string
  to: string
  cc?: string
  bcc?: string
  subject: string
  body: string
  /** Staff member on whose behalf it goes (the Send Email screen), if any. */
  sentBy?: string
}

export interface Mailer {
  mode: EmailMode
  /** Delivers a stored message by id; resolves whether or not delivery worked (the row says which). */
  deliver(db: Kysely<Database>, id: string): Promise<'sent' | 'failed' | 'stored'>
}

export function createMailer(smtpUrl: string | undefined, logger: Pick<Logger, 'info' | 'warn'>): Mailer {
  const transport: Transporter | null = smtpUrl ? nodemailer.createTransport(smtpUrl) : null
  return {
    mode: transport ? 'smtp' : 'stored',
    async deliver(db, id) {
      const row = await db.selectFrom('outgoing_emails').selectAll().where('id', '=', id).executeTakeFirst()
      if (!row) return 'failed'
      if (!transport) {
        logger.info({ emailId: id, to: row.to, subject: row.subject }, 'E-mail stored (no SMTP_URL)')
        return 'stored'
      }
      try {
        await transport.sendMail({ from: row.from, to: row.to, cc: row.cc ?? undefined, bcc: row.bcc ?? undefined, subject: row.subject, text: row.body })
        await db.updateTable('outgoing_emails').set({ status: 'sent', sentAt: new Date().toISOString(), error: null }).where('id', '=', id).execute()
        return 'sent'
      } catch (error) {
        logger.warn({ emailId: id, err: error }, 'E-mail delivery failed')
        await db.updateTable('outgoing_emails').set({ status: 'failed', error: String((error as Error).message ?? error).slice(0, 500) }).where('id', '=', id).execute()
        return 'failed'
      }
    },
  }
}

/**
 * Stores `message` in the caller's transaction and returns a function to call after the commit,
 * which delivers it (SMTP) or only logs it (stored mode).
 */
export async function sendOrStore(db: Kysely<Database>, trx: Tx, message: OutgoingEmail, mailer: Mailer): Promise<{ id: string; afterCommit: () => Promise<void> }> {
  const id = randomUUID()
  await trx
    .insertInto('outgoing_emails')
    .values({
      id,
      from: message.from,
      to: message.to,
      cc: message.cc ?? null,
      bcc: message.bcc ?? null,
      subject: message.subject,
      body: message.body,
      status: 'stored',
      error: null,
      createdAt: new Date().toISOString(),
      sentAt: null,
      sentBy: message.sentBy ?? null,
    })
    .execute()
  return { id, afterCommit: async () => void (await mailer.deliver(db, id)) }
}
