// The site's pages and files are only read: any other method on them is refused before a handler
// runs, in the API's words (405 JSON with Allow), and what no page or file answers is a plain JSON
// 404 — never Express's own HTML page. Through the whole app, as the server runs it.
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from './contract'
import { startTestApp, type TestApp } from './testing/test-app'

let api: TestApp
let webDir: string

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vf-web-methods-'))
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>')
  fs.mkdirSync(path.join(webDir, 'assets'))
  fs.writeFileSync(path.join(webDir, 'assets', 'index-abc.js'), 'export {}')
  api = await startTestApp({ webDir })
})
afterAll(async () => {
  await api.close()
  fs.rmSync(webDir, { recursive: true, force: true })
})

/** node:http: any method, and the raw answer. */
const send = (method: string, target: string) =>
  new Promise<{ status: number; allow: string | undefined; type: string | undefined; body: string }>((resolve, reject) => {
    const req = http.request(`${api.baseUrl}${target}`, { method }, (res) => {
      let body = ''
      res.setEncoding('utf8').on('data', (part: string) => (body += part)).on('end', () => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow, type: res.headers['content-type'], body }))
    })
    req.on('error', reject)
    req.end(method === 'POST' || method === 'PUT' ? '{}' : undefined)
  })

describe('methods on the site', () => {
  it.each([
    ['POST', '/'],
    ['PUT', '/index.html'],
    ['DELETE', '/browse-farmers'],
    ['OPTIONS', '/'],
    ['PATCH', '/assets/index-abc.js'],
    ['POST', '/no-such-page'],
  ])('%s %s → 405 with Allow: GET, HEAD, in JSON', async (method, target) => {
    const res = await send(method, target)
    expect(res.status).toBe(405)
    expect(res.allow).toBe('GET, HEAD')
    expect(res.type).toMatch(/application\/json/)
    expect(JSON.parse(res.body)).toEqual({ message: messages.common.methodNotAllowed })
  })

  it('a missing hashed asset is a JSON 404, never the app and never an HTML error page', async () => {
    const res = await send('GET', '/assets/gone-123.js')
    expect(res.status).toBe(404)
    expect(JSON.parse(res.body)).toEqual({ message: messages.common.notFound })
  })

  it('reads go on as before', async () => {
    expect((await send('GET', '/')).status).toBe(200)
    expect((await send('HEAD', '/assets/index-abc.js')).status).toBe(200)
    expect((await send('GET', '/no-such-page')).status).toBe(404)
  })
})
