import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { precompressDir } from '../scripts/precompress'
import { acceptedEncodings, webAppRouter } from './web-app'

// A web build in miniature: the build's own precompress step writes the .br/.gz copies.
const indexHtml = `<!doctype html><html lang="en"><title>Viti Farmers</title><div id="root"></div>${'<!-- padding -->'.repeat(20)}</html>`
const chunk = `export const farmers = [${Array.from({ length: 400 }, (_, i) => `{name:"Farm ${i}",town:"Suva"}`).join(',')}];\n`
const files: Record<string, string> = {
  'index.html': indexHtml,
  'assets/index-abc123.js': chunk,
  'sw.js': `self.addEventListener('fetch', () => {});${' '.repeat(2000)}`,
  'manifest.webmanifest': JSON.stringify({ name: 'Viti Farmers', padding: 'x'.repeat(2000) }),
  'robots.txt': 'User-agent: *\nAllow: /\n',
}

let webDir: string
let server: http.Server
let port: number

type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: Buffer }

/** node:http, not fetch: fetch would decompress and hide what went over the wire. */
function request(urlPath: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: urlPath, method, headers }, (res) => {
      const parts: Buffer[] = []
      res.on('data', (part: Buffer) => parts.push(part))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }))
    })
    req.on('error', reject)
    req.end()
  })
}

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vf-web-app-'))
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(webDir, name)), { recursive: true })
    fs.writeFileSync(path.join(webDir, name), text)
  }
  await precompressDir(webDir)
  server = await new Promise((resolve) => {
    const s = express().use(webAppRouter(webDir)).listen(0, '127.0.0.1', () => resolve(s))
  })
  port = (server.address() as AddressInfo).port
})

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
  fs.rmSync(webDir, { recursive: true, force: true })
})

describe('precompressed assets', () => {
  it('sends brotli to a browser that accepts it, and the bytes decompress to the original', async () => {
    const res = await request('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' })
    expect(res.status).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['content-type']).toMatch(/^text\/javascript/)
    expect(res.headers.vary).toMatch(/Accept-Encoding/i)
    expect(Number(res.headers['content-length'])).toBe(res.body.length)
    expect(res.body.length).toBeLessThan(chunk.length / 3)
    expect(brotliDecompressSync(res.body).toString()).toBe(chunk)
  })

  it('sends gzip when brotli is not accepted (or refused with q=0)', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip;q=0.8']) {
      const res = await request('/assets/index-abc123.js', { 'accept-encoding': accept })
      expect(res.headers['content-encoding'], accept).toBe('gzip')
      expect(gunzipSync(res.body).toString()).toBe(chunk)
    }
  })

  it('sends the plain file to a client that accepts no encoding, still varying by Accept-Encoding', async () => {
    const res = await request('/assets/index-abc123.js')
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.headers.vary).toMatch(/Accept-Encoding/i)
    expect(res.body.toString()).toBe(chunk)
  })

  it('caches hashed assets for a year, immutable; index.html, sw.js and the manifest never without revalidating', async () => {
    expect((await request('/assets/index-abc123.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable')
    for (const p of ['/sw.js', '/manifest.webmanifest', '/index.html', '/']) {
      const res = await request(p, { 'accept-encoding': 'br' })
      expect(res.headers['cache-control'], p).toBe('no-cache')
      expect(res.headers['content-encoding'], p).toBe('br')
    }
    expect((await request('/sw.js', { 'accept-encoding': 'br' })).headers['content-type']).toMatch(/^text\/javascript/)
    expect((await request('/manifest.webmanifest', { 'accept-encoding': 'br' })).headers['content-type']).toMatch(/^application\/manifest\+json/)
  })

  it('answers a conditional GET with 304 for an unchanged file', async () => {
    const first = await request('/assets/index-abc123.js', { 'accept-encoding': 'br' })
    const again = await request('/assets/index-abc123.js', { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) })
    expect(again.status).toBe(304)
  })

  it('answers HEAD with the headers of GET and no body', async () => {
    const get = await request('/assets/index-abc123.js', { 'accept-encoding': 'br' })
    const head = await request('/assets/index-abc123.js', { 'accept-encoding': 'br' }, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.body.length).toBe(0)
    expect(head.headers['content-encoding']).toBe('br')
    expect(head.headers['content-length']).toBe(get.headers['content-length'])
  })

  it('sends the file itself once it was changed after the build (a stale compressed copy is never sent)', async () => {
    const file = path.join(webDir, 'sw.js')
    const changed = `${files['sw.js']}\n// a new version\n`
    fs.writeFileSync(file, changed)
    const later = new Date(Date.now() + 5000)
    fs.utimesSync(file, later, later)
    const res = await request('/sw.js', { 'accept-encoding': 'br, gzip' })
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.body.toString()).toBe(changed)
  })

  it('serves a small file with no compressed copy as it is', async () => {
    const res = await request('/robots.txt', { 'accept-encoding': 'br, gzip' })
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain/)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.body.toString()).toBe(files['robots.txt'])
  })
})

describe('app pages and unknown paths', () => {
  it('answers each app page 200 with index.html (case and one trailing slash as the router matches)', async () => {
    for (const p of ['/', '/browse-farmers', '/reviews/farms', '/Experts', '/about/', '/admin', '/admin/payments', '/admin/user-management']) {
      const res = await request(p)
      expect(res.status, p).toBe(200)
      expect(res.headers['content-type'], p).toMatch(/^text\/html/)
      expect(res.body.toString(), p).toBe(indexHtml)
    }
  })

  it('answers an unknown path 404 with index.html, whose router shows the not-found screen', async () => {
    for (const p of ['/nope', '/admin/nope', '/reviews/farms/extra', '/browse-farmers/x']) {
      const res = await request(p, { 'accept-encoding': 'br' })
      expect(res.status, p).toBe(404)
      expect(res.headers['content-type'], p).toMatch(/^text\/html/)
      expect(res.headers['cache-control'], p).toBe('no-cache')
      expect(brotliDecompressSync(res.body).toString(), p).toBe(indexHtml)
    }
  })

  it('answers HEAD of an unknown path 404 with no body', async () => {
    const res = await request('/nope', {}, 'HEAD')
    expect(res.status).toBe(404)
    expect(res.body.length).toBe(0)
  })

  it('never answers a missing asset, an API path or a photo path with HTML', async () => {
    for (const p of ['/assets/gone-123.js', '/api/nothing', '/objects/uploads/x']) {
      const res = await request(p)
      expect(res.status, p).toBe(404)
      expect(res.body.toString(), p).not.toContain('<div id="root">')
    }
  })

  it("never sends a file's compressed copy as a file of its own", async () => {
    for (const p of ['/index.html.br', '/index.html.gz', '/assets/index-abc123.js.br', '/assets/index-abc123.js.gz']) {
      const res = await request(p, { 'Accept-Encoding': 'br, gzip' })
      expect(res.status, p).toBe(404)
      expect(res.headers['content-type'], p).not.toMatch(/octet-stream|gzip/)
    }
  })

  it('never sends a dotfile or a file outside the build', async () => {
    fs.writeFileSync(path.join(webDir, '.env'), 'SECRET=dotfile')
    fs.writeFileSync(path.join(path.dirname(webDir), `${path.basename(webDir)}-outside.txt`), 'SECRET=outside')
    for (const p of ['/.env', `/..%2f${path.basename(webDir)}-outside.txt`, `/../${path.basename(webDir)}-outside.txt`]) {
      const res = await request(p)
      expect(res.status, p).toBe(404)
      expect(res.body.toString(), p).not.toContain('SECRET')
    }
    fs.rmSync(path.join(path.dirname(webDir), `${path.basename(webDir)}-outside.txt`))
  })
})

describe('acceptedEncodings', () => {
  it('reads tokens, q=0 refusals and the wildcard', () => {
    expect([...acceptedEncodings('gzip, deflate, br')].sort()).toEqual(['br', 'deflate', 'gzip'])
    expect([...acceptedEncodings('br;q=0, *')].sort()).toEqual(['gzip'])
    expect([...acceptedEncodings(undefined)]).toEqual([])
    expect([...acceptedEncodings('identity')]).toEqual(['identity'])
  })
})
