// /api/admin/email/config and /api/admin/send-email: HTTP only (email.send). The body is checked
// against the sender addresses of this server's MAIL_DOMAIN, not the contract's default domain.
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { noStore } from '../auth/http'
import { actorOf } from '../audit/staff-write'
import { makeSendEmailSchema, type SendEmail } from '../contract'
import { contractRouter } from '../http/contract-router'
import { validate } from '../middleware/validate'
import type { Mailer } from './mailer'
import { emailService } from './service'

export function emailRouter(db: Kysely<Database>, mailer: Mailer, mailDomain: string) {
  const service = emailService(db, mailer, mailDomain)
  const { router, on } = contractRouter()
  on('GET /api/admin/email/config', noStore, (_req, res) => {
    res.json(service.config())
  })
  on('POST /api/admin/send-email', validate({ body: makeSendEmailSchema(mailDomain) }), async (req, res) => {
    res.json(await service.send(actorOf(req, res), res.locals.body as SendEmail))
  })
  return router
}
