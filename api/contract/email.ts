// Send Email (spec 001 §5, clarifications E-mail). The sender domain is configuration (MAIL_DOMAIN),
// so the schema is built from it; the browser learns the domain from GET /api/admin/email/config.
import { z } from 'zod'
import { messages } from './messages'
import { DEFAULT_MAIL_DOMAIN, optionalEmail, whenMissing } from './common'

export { DEFAULT_MAIL_DOMAIN }

const m = messages.email

/** The two fixed sender addresses on a domain: support@ and register@. */
export function senderAddresses(mailDomain: string = DEFAULT_MAIL_DOMAIN): readonly [string, string] {
  return [`support@${mailDomain}`, `register@${mailDomain}`]
}

export const EMAIL_SUBJECT_MAX = 500
export const EMAIL_BODY_MAX = 10000

export function makeSendEmailSchema(mailDomain: string = DEFAULT_MAIL_DOMAIN) {
  const senders = senderAddresses(mailDomain)
  return z.object({
    from: z.string({ error: m.fromInvalid }).refine((v) => senders.includes(v), m.fromInvalid),
    to: z.string({ error: m.toInvalid }).trim().pipe(z.email(m.toInvalid).max(255, m.toInvalid)),
    cc: optionalEmail(m.ccInvalid),
    bcc: optionalEmail(m.bccInvalid),
    // A subject is one header line: line breaks (only an API client sends them) become a space.
    subject: z
      .string({ error: whenMissing(m.subjectRequired) })
      .transform((v) => v.replace(/\s*[\r\n\u2028\u2029]+\s*/g, ' '))
      .pipe(z.string()
      .trim()
      .min(1, m.subjectRequired)
      .max(EMAIL_SUBJECT_MAX, m.subjectMax)),
    body: z.string({ error: whenMissing(m.bodyRequired) }).min(1, m.bodyRequired).max(EMAIL_BODY_MAX, m.bodyMax),
  })
}

/** POST /api/admin/send-email on the default domain (the server builds its own from MAIL_DOMAIN). */
export const SendEmailSchema = makeSendEmailSchema(DEFAULT_MAIL_DOMAIN)
export type SendEmail = z.infer<typeof SendEmailSchema>

/** 'smtp' when SMTP_URL is set; 'stored' when messages are only kept in the outgoing e-mails table. */
export const EmailModeSchema = z.enum(['smtp', 'stored'])
export type EmailMode = z.infer<typeof EmailModeSchema>

/** GET /api/admin/email/config: what the Send Email screen shows. */
export const EmailConfigSchema = z.object({
  mode: EmailModeSchema,
  fromAddresses: z.array(z.string()),
})
export type EmailConfig = z.infer<typeof EmailConfigSchema>

export const SendEmailResponseSchema = z.object({ id: z.uuid(), mode: EmailModeSchema })
export type SendEmailResponse = z.infer<typeof SendEmailResponseSchema>
