import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { messages } from './contract'
import { errorHandler, HttpError } from './errors'
import { createLogger } from './logger'
import { validate } from './middleware/validate'
import { startTestApp, type TestApp } from './testing/test-app'

async function serve(app: express.Express) {
  const server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { url, close: () => new Promise((resolve) => server.close(resolve)) }
}

describe('error handler', () => {
  it('answers a thrown error with a plain 500 and never the stack or message', async () => {
    const app = express()
    app.get('/boom', async () => {
      throw new Error('SQLITE_CONSTRAINT: secret table detail')
    })
    app.use(errorHandler(createLogger({ level: 'silent' })))
    const { url, close } = await serve(app)
    const res = await fetch(`${url}/boom`)
    const text = await res.text()
    await close()
    expect(res.status).toBe(500)
    expect(JSON.parse(text)).toEqual({ message: 'Internal server error' })
    expect(text).not.toContain('SQLITE')
    expect(text).not.toContain('errors.test')
  })

  it('answers an HttpError with its status and message', async () => {
    const app = express()
    app.get('/gone', () => {
      throw new HttpError(409, 'A farmer with this email already exists')
    })
    app.use(errorHandler(createLogger({ level: 'silent' })))
    const { url, close } = await serve(app)
    const res = await fetch(`${url}/gone`)
    await close()
    expect(res.status).toBe(409)
    expect(await res.json()).toEqual({ message: 'A farmer with this email already exists' })
  })
})

describe('validate middleware', () => {
  const schema = z.object({ name: z.string().min(1, 'Name is required'), phone: z.string().min(1, 'Phone is required') })

  it('answers 400 with the first schema message and every issue, and the handler never runs', async () => {
    let handled = 0
    const app = express()
    app.use(express.json())
    app.post('/farmers', validate({ body: schema }), (_req, res) => {
      handled += 1
      res.status(201).json(res.locals.body)
    })
    app.use(errorHandler(createLogger({ level: 'silent' })))
    const { url, close } = await serve(app)
    const bad = await fetch(`${url}/farmers`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: '' }) })
    const good = await fetch(`${url}/farmers`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Seru', phone: '9123456' }) })
    await close()
    expect(bad.status).toBe(400)
    const body = await bad.json()
    expect(body.message).toBe('Name is required')
    expect(body.issues).toEqual(expect.arrayContaining([{ path: 'phone', message: expect.any(String) }]))
    expect(good.status).toBe(201)
    expect(handled).toBe(1)
  })
})

describe('error handler: a 4xx that is no HttpError says what was wrong', () => {
  let api: TestApp
  beforeAll(async () => {
    api = await startTestApp()
  })
  afterAll(() => api.close())

  it.each(['/api/farmers/%ZZ', '/objects/uploads/%ZZ', '/api/farmers/locations/%E0%A4%A/farmers'])('GET %s (a broken %%-escape) → 400 "Malformed request path", not a JSON error', async (path) => {
    const res = await api.fetch(path)
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ message: messages.common.malformedPath })
  })

  it('only a body that is not JSON says "Malformed JSON body"', async () => {
    const res = await api.fetch('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"broken' })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ message: messages.common.malformedJsonBody })
  })

  it('a JSON body in another charset, or in an encoding the server cannot undo → 415 saying what to send', async () => {
    const latin = await api.fetch('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json; charset=iso-8859-1' }, body: '{"email":"a@b.fj","password":"x"}' })
    expect(latin.status).toBe(415)
    expect(await latin.json()).toEqual({ message: messages.common.utf8JsonRequired })
    const packed = await api.fetch('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json', 'content-encoding': 'x-packed' }, body: '{"email":"a@b.fj","password":"x"}' })
    expect(packed.status).toBe(415)
    expect(await packed.json()).toEqual({ message: messages.common.contentEncodingUnsupported })
  })

  it('a body over the limit → 413 with the product text', async () => {
    const res = await api.fetch('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ x: 'a'.repeat(1_100_000) }) })
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({ message: messages.common.payloadTooLarge })
  })

  it('any other 400 is a plain bad request', async () => {
    const app = express()
    app.get('/odd', () => {
      throw Object.assign(new Error('something a library refused'), { status: 400 })
    })
    app.use(errorHandler(createLogger({ level: 'silent' })))
    const { url, close } = await serve(app)
    const res = await fetch(`${url}/odd`)
    await close()
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ message: messages.common.badRequest })
  })
})
