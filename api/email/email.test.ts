// Send Email over HTTP against a real SMTP server started here (smtp-server): delivery with the
// fields the admin typed, a recipient the server refuses (its answer reaches the caller), the
// stored mode without SMTP_URL, and the spec's messages on bad input with nothing written.
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages, senderAddresses } from '../contract'
import { bearer, seededAdminId, tokenFor } from '../testing/staff'
import { startTestApp, type TestApp } from '../testing/test-app'

const m = messages.email
const [support] = senderAddresses('vitifarmers.org.fj')

interface Received {
  from: string
  recipients: string[]
  raw: string
}
const received: Received[] = []
const REFUSED = 'nobody@refused.example'

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onRcptTo(address, _session, callback) {
    if (address.address === REFUSED) {
      const error = new Error('5.1.1 Mailbox unavailable') as Error & { responseCode: number }
      error.responseCode = 550
      callback(error)
      return
    }
    callback()
  },
  onData(stream, session, callback) {
    let raw = ''
    stream.on('data', (chunk: Buffer) => (raw += chunk.toString()))
    stream.on('end', () => {
      received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', recipients: session.envelope.rcptTo.map((r) => r.address), raw })
      callback()
    })
  },
})

let smtpApi: TestApp
let storedApi: TestApp
const tokens = new Map<TestApp, Record<string, string>>()

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  const port = (smtp.server.address() as AddressInfo).port
  smtpApi = await startTestApp({ extend: (deps) => (deps.config = { ...deps.config, smtpUrl: `smtp://127.0.0.1:${port}/?ignoreTLS=true` }) })
  storedApi = await startTestApp()
  for (const api of [smtpApi, storedApi]) tokens.set(api, bearer(await tokenFor(api.db, await seededAdminId(api.db))))
})
afterAll(async () => {
  await Promise.all([smtpApi.close(), storedApi.close()])
  await new Promise<void>((resolve) => smtp.close(() => resolve()))
})

const sendEmail = (api: TestApp, body: Record<string, unknown>) =>
  api.fetch('/api/admin/send-email', { method: 'POST', headers: { ...tokens.get(api)!, 'content-type': 'application/json' }, body: JSON.stringify(body) })
const email = { from: support, to: 'mere@example.fj', cc: '', bcc: '', subject: 'Your listing', body: 'Bula Mere,\nyour farm is listed.' }
const outbox = (api: TestApp) => api.db.selectFrom('outgoing_emails').selectAll().orderBy('createdAt').execute()

describe('SMTP mode (SMTP_URL set)', () => {
  it('says so on the config route, with the two sender addresses', async () => {
    const res = await smtpApi.fetch('/api/admin/email/config', { headers: tokens.get(smtpApi)! })
    expect(await res.json()).toEqual({ mode: 'smtp', fromAddresses: ['support@vitifarmers.org.fj', 'register@vitifarmers.org.fj'] })
  })

  it('delivers the message to the SMTP server, cc included, and records it as sent', async () => {
    const res = await sendEmail(smtpApi, { ...email, cc: 'office@example.fj' })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ mode: 'smtp', id: expect.any(String) })
    const mail = received.at(-1)!
    expect(mail.from).toBe(support)
    expect(mail.recipients.sort()).toEqual(['mere@example.fj', 'office@example.fj'])
    expect(mail.raw).toContain('Subject: Your listing')
    expect(mail.raw).toContain('your farm is listed.')
    expect((await outbox(smtpApi)).at(-1)).toMatchObject({ status: 'sent', to: 'mere@example.fj', cc: 'office@example.fj' })
    const audit = await smtpApi.db.selectFrom('audit_logs').selectAll().where('action', '=', 'send_email').execute()
    expect(audit).toHaveLength(1)
  })

  it('answers the refusal in the server words (502), records it as failed and audits the attempt', async () => {
    const before = received.length
    const res = await sendEmail(smtpApi, { ...email, to: REFUSED })
    expect(res.status).toBe(502)
    const { message } = (await res.json()) as { message: string }
    expect(message).toMatch(new RegExp(`^${m.sendFailed}: .*550.*Mailbox unavailable`))
    expect(received.length).toBe(before)
    expect((await outbox(smtpApi)).at(-1)).toMatchObject({ status: 'failed', to: REFUSED, error: expect.stringContaining('550') })
    expect(await smtpApi.db.selectFrom('audit_logs').selectAll().where('action', '=', 'send_email_failed').execute()).toHaveLength(1)
  })
})

describe('stored mode (no SMTP_URL)', () => {
  it('says so, and keeps the message in the outgoing e-mails table', async () => {
    const config = await (await storedApi.fetch('/api/admin/email/config', { headers: tokens.get(storedApi)! })).json()
    expect(config).toMatchObject({ mode: 'stored' })
    const res = await sendEmail(storedApi, { ...email, bcc: 'records@example.fj' })
    expect(await res.json()).toMatchObject({ mode: 'stored' })
    expect((await outbox(storedApi)).at(-1)).toMatchObject({ status: 'stored', bcc: 'records@example.fj', subject: 'Your listing', sentAt: null })
  })

  it.each([
    [{ from: 'someone@else.example' }, m.fromInvalid],
    [{ to: 'not-an-email' }, m.toInvalid],
    [{ cc: 'bad cc' }, m.ccInvalid],
    [{ subject: '  ' }, m.subjectRequired],
    [{ subject: 'x'.repeat(501) }, m.subjectMax],
    [{ body: '' }, m.bodyRequired],
    [{ body: 'x'.repeat(10001) }, m.bodyMax],
  ])('refuses %o with the spec message and stores nothing', async (change, message) => {
    const before = (await outbox(storedApi)).length
    const res = await sendEmail(storedApi, { ...email, ...change })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { message: string }).message).toBe(message)
    expect((await outbox(storedApi)).length).toBe(before)
  })
})
