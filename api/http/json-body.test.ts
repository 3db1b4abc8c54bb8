// A route that reads JSON refuses a body sent as anything else (415) before any handler runs: express.json
// leaves a text/plain or form body unparsed, and the route would have answered that every field is missing.
// Runs on SQLite and PostgreSQL (api and api-postgres projects); nothing is stored either way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '../contract'
import { queuedKey } from '../testing/send'
import { startTestApp, type TestApp } from '../testing/test-app'

let api: TestApp

beforeAll(async () => {
  api = await startTestApp()
})
afterAll(() => api.close())

const review = JSON.stringify({ rating: 5, comment: 'Found a dalo farmer in Nausori in minutes' })
const reviews = async () => Number((await api.db.selectFrom('platform_reviews').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)

describe('a JSON route sent another content type', () => {
  it.each([
    ['text/plain', 'text/plain;charset=UTF-8'],
    ['a form', 'application/x-www-form-urlencoded'],
    ['multipart', 'multipart/form-data; boundary=x'],
    ['XML', 'application/xml'],
  ])('%s → 415 with the reason, nothing stored', async (_, contentType) => {
    const before = await reviews()
    const res = await api.fetch('/api/public/reviews', { method: 'POST', headers: { 'content-type': contentType, ...queuedKey() }, body: review })
    expect(res.status).toBe(415)
    expect(await res.json()).toEqual({ message: messages.common.jsonContentTypeRequired })
    expect(await reviews()).toBe(before)
  })

  it('a body without a content type → 415', async () => {
    const res = await api.fetch('/api/auth/login', { method: 'POST', body: new Blob(['{"email":"a@b.fj","password":"x"}']) })
    expect(res.status).toBe(415)
  })

  it('JSON, with or without a charset, is read as before', async () => {
    for (const contentType of ['application/json', 'application/json; charset=utf-8']) {
      const res = await api.fetch('/api/public/reviews', { method: 'POST', headers: { 'content-type': contentType, ...queuedKey() }, body: review })
      expect(res.status, contentType).toBe(201)
    }
  })

  it('a route that takes a body, sent none, answers as before (its own validation)', async () => {
    const res = await api.fetch('/api/auth/login', { method: 'POST' })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { message: string }).message).not.toBe(messages.common.jsonContentTypeRequired)
  })
})

describe('a JSON body in another Unicode encoding', () => {
  // body-parser decodes any charset named 'utf-…' it knows: UTF-16 and UTF-7 bodies were stored as
  // if sent in UTF-8, while the server says it takes UTF-8 JSON only (and refused 'latin1').
  it.each([
    ['UTF-16LE', 'utf-16le', Buffer.from(review, 'utf16le')],
    ['UTF-16 with its byte-order mark', 'utf-16', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(review, 'utf16le')])],
    ['UTF-7', 'utf-7', Buffer.from(review.replace('"comment"', '+ACI-comment+ACI-'))],
  ])('%s → 415 saying to send UTF-8, nothing stored', async (_, charset, body) => {
    const before = await reviews()
    const res = await api.fetch('/api/public/reviews', { method: 'POST', headers: { 'content-type': `application/json; charset=${charset}`, ...queuedKey() }, body })
    expect(res.status).toBe(415)
    expect(await res.json()).toEqual({ message: messages.common.utf8JsonRequired })
    expect(await reviews()).toBe(before)
  })

  it('UTF-8 named in any case is read as before', async () => {
    const res = await api.fetch('/api/public/reviews', { method: 'POST', headers: { 'content-type': 'application/json; charset=UTF-8', ...queuedKey() }, body: review })
    expect(res.status).toBe(201)
  })
})
