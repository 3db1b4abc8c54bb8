// Send Email (spec 001 §2, global admin): deliver or store through the mailer, then write the
// audit row. The SMTP conversation happens before the audit transaction, never inside it.
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { staffWrite, type Actor } from '../audit/staff-write'
import { messages, senderAddresses, type EmailConfig, type SendEmail, type SendEmailResponse } from '../contract'
import { HttpError } from '../errors'
import type { Mailer } from './mailer'

export function emailService(db: Kysely<Database>, mailer: Mailer, mailDomain: string) {
  return {
    config: (): EmailConfig => ({ mode: mailer.mode, fromAddresses: [...senderAddresses(mailDomain)] }),

    async send(actor: Actor, input: SendEmail): Promise<SendEmailResponse> {
      const outcome = await mailer.sendOrStore(db, {
        from: input.from,
        to: input.to,
        cc: input.cc,
        bcc: input.bcc,
        subject: input.subject,
        text: input.body,
        sentBy: actor.userId,
      })
      await staffWrite(db, actor, async () => ({
        result: undefined,
        audit: {
          action: outcome.status === 'failed' ? 'send_email_failed' : 'send_email',
          targetType: 'email',
          targetId: outcome.id,
          targetName: input.to,
          details: { subject: input.subject, from: input.from, mode: outcome.mode, status: outcome.status, ...(outcome.error && { error: outcome.error }) },
        },
      }))
      // The refusal reaches the screen in the server's words (spec: "server message preferred").
      if (outcome.status === 'failed') throw new HttpError(502, `${messages.email.sendFailed}: ${outcome.error}`)
      return { id: outcome.id, mode: outcome.mode }
    },
  }
}
