// Outgoing e-mail (clarifications, E-mail): with SMTP_URL set, nodemailer delivers over SMTP;
// without it the message is only stored in outgoing_emails and logged, so the embedded default
// works with no mail server. Either way every message leaves a row in outgoing_emails.
// Sending is slow and may fail: call sendOrStore outside any transaction that other writes wait on.
import { randomUUID } from 'node:crypto'
import nodemailer, { type Transporter } from 'nodemailer'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { EmailMode } from '../contract'
import type { Logger } from '../logger'

export interface OutgoingMessage {
  from: string
  to: string
  cc?: string
  bcc?: string
  subject: string
  text: string
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
  /** Delivers (SMTP mode) or stores (stored mode); records the message either way. Never throws on an SMTP refusal: see `status`. */
  sendOrStore(db: Kysely<Database>, message: OutgoingMessage, sentBy?: string | null): Promise<MailOutcome>
  close(): void
}

/** The SMTP answer in one line, e.g. "550 5.1.1 <x@y>: Recipient address rejected". */
function smtpError(error: unknown): string {
  const { response, message } = (error ?? {}) as { response?: string; message?: string }
  return (response ?? message ?? 'SMTP error').replace(/\s+/g, ' ').trim().slice(0, 500)
}

export function createMailer(options: { smtpUrl?: string; logger: Logger }): Mailer {
  const transport: Transporter | null = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null
  const mode: EmailMode = transport ? 'smtp' : 'stored'
  return {
    mode,
    async sendOrStore(db, message, sentBy = null) {
      const id = randomUUID()
      let status: MailOutcome['status'] = 'stored'
      let error: string | undefined
      if (transport) {
        try {
          await transport.sendMail({ from: message.from, to: message.to, cc: message.cc, bcc: message.bcc, subject: message.subject, text: message.text })
          status = 'sent'
        } catch (caught) {
          status = 'failed'
          error = smtpError(caught)
        }
      }
      const now = new Date().toISOString()
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
          status,
          error: error ?? null,
          createdAt: now,
          sentAt: status === 'sent' ? now : null,
          sentBy,
        })
        .execute()
      const log = { id, to: message.to, subject: message.subject, status, error }
      if (status === 'failed') options.logger.warn(log, 'e-mail refused by the SMTP server')
      else options.logger.info(log, status === 'sent' ? 'e-mail sent' : 'e-mail stored (no SMTP_URL)')
      return { id, mode, status, ...(error && { error }) }
    },
    close() {
      transport?.close()
    },
  }
}
