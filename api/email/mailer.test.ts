// The mailer: stored mode keeps the row; SMTP mode delivers after the commit through a real SMTP
// server (smtp-server) and marks the row sent, or failed when the server refuses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { createApiTestDatabase } from '../testing/test-app'
import { createMailer } from './mailer'

const silent = { info: () => {}, warn: () => {} }
const message = { from: 'register@vitifarmers.org.fj', to: 'litia@example.com', subject: 'Listed', text: 'Bula Litia' }
let received: string[] = []
let refuse = false
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, _session, callback) {
    let text = ''
    stream.on('data', (chunk: Buffer) => (text += chunk.toString()))
    stream.on('end', () => {
      if (refuse) return callback(new Error('Mailbox unavailable'))
      received.push(text)
      callback()
    })
  },
})
let port = 0
let database: Awaited<ReturnType<typeof createApiTestDatabase>>

beforeAll(async () => {
  database = await createApiTestDatabase()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  port = (server.server.address() as AddressInfo).port
})
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
  await database.close()
})

async function store(mailer: ReturnType<typeof createMailer>) {
  const { db } = database
  const id = await db.transaction().execute((trx) => mailer.store(trx, message))
  await mailer.deliver(db, id)
  return db.selectFrom('outgoing_emails').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
}

describe('mailer', () => {
  it('without SMTP_URL stores the message', async () => {
    const row = await store(createMailer({ logger: silent }))
    expect(row).toMatchObject({ from: message.from, to: message.to, subject: message.subject, body: message.text, status: 'stored', sentAt: null })
  })

  it('with SMTP_URL delivers after the commit and marks it sent', async () => {
    received = []
    const row = await store(createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, logger: silent }))
    expect(row.status).toBe('sent')
    expect(received).toHaveLength(1)
    expect(received[0]).toContain('Bula Litia')
  })

  it('a refused delivery is marked failed with the reason, never thrown', async () => {
    refuse = true
    const row = await store(createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, logger: silent }))
    refuse = false
    expect(row.status).toBe('failed')
    expect(row.error).toMatch(/Mailbox unavailable/)
  })
})
