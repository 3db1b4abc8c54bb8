// Outgoing e-mail (clarifications, E-mail): every message leaves a row in outgoing_emails. With
// SMTP_URL set, nodemailer then delivers it and its row is marked sent or failed; without it the
// stored row (and a log line) is the delivery, so the embedded default works with no mail server.
// Delivery is slow and may fail: it never runs inside a transaction other writes wait on.
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import nodemailer, { type Transporter } from 'nodemailer'
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
  close(): void
}

/** The SMTP answer in one line, e.g. "550 5.1.1 <x@y>: Recipient address rejected". */
function smtpError(error: unknown): string {
  const { response, message } = (error ?? {}) as { response?: string; message?: string }
  return (response ?? message ?? 'SMTP error').replace(/\s+/g, ' ').trim().slice(0, 500)
}

export function createMailer(options: { smtpUrl?: string; logger: Pick<Logger, 'info' | 'warn'> }): Mailer {
  const transport: Transporter | null = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null
  const mode: EmailMode = transport ? 'smtp' : 'stored'
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
        })
        .execute()
      return id
    },
    async deliver(db, id) {
      const row = await db.selectFrom('outgoing_emails').selectAll().where('id', '=', id).executeTakeFirst()
      if (!row) return { id, mode, status: 'failed', error: 'No such message' }
      const log = { id, to: row.to, subject: row.subject }
      if (!transport) {
        options.logger.info(log, 'e-mail stored (no SMTP_URL)')
        return { id, mode, status: 'stored' }
      }
      try {
        await transport.sendMail({ from: row.from, to: row.to, cc: row.cc ?? undefined, bcc: row.bcc ?? undefined, subject: row.subject, text: row.body })
        await db.updateTable('outgoing_emails').set({ status: 'sent', sentAt: new Date().toISOString(), error: null }).where('id', '=', id).execute()
        options.logger.info(log, 'e-mail sent')
        return { id, mode, status: 'sent' }
      } catch (caught) {
        const error = smtpError(caught)
        await db.updateTable('outgoing_emails').set({ status: 'failed', error }).where('id', '=', id).execute()
        options.logger.warn({ ...log, error }, 'e-mail refused by the SMTP server')
        return { id, mode, status: 'failed', error }
      }
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
