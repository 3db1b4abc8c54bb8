import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from './testing/test-app'
import { APP_LOADER_SCRIPT } from './contract/app-loader'
import { LANGUAGE_GATE_SCRIPT } from './contract/locales'

let api: TestApp
let webDir: string

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vf-web-'))
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Viti Farmers</title><div id="root"></div>')
  api = await startTestApp({ webDir })
})
afterAll(async () => {
  await api.close()
  fs.rmSync(webDir, { recursive: true, force: true })
})

describe('health', () => {
  it('reports the database reachable and the version', async () => {
    const res = await api.fetch('/api/health')
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ status: 'ok', database: 'ok', version: expect.any(String) })
  })
})

describe('reference lists', () => {
  it('GET /api/locations lists Fiji towns as {id, name}', async () => {
    const res = await api.fetch('/api/locations')
    expect(res.status).toBe(200)
    const locations = (await res.json()) as { id: number; name: string }[]
    const names = locations.map((l) => l.name)
    for (const town of ['Suva', 'Nadi', 'Lautoka', 'Labasa', 'Nausori', 'Ba', 'Sigatoka', 'Savusavu', 'Rakiraki', 'Tavua', 'Levuka', 'Navua', 'Nasinu', 'Lami', 'Korovou', 'Taveuni']) {
      expect(names).toContain(town)
    }
    expect(Object.keys(locations[0]!).sort()).toEqual(['id', 'name'])
    expect([...names].sort((a, b) => a.localeCompare(b))).toEqual(names)
  })

  it('GET /api/produce lists produce with its category', async () => {
    const produce = (await (await api.fetch('/api/produce')).json()) as { name: string; category: string }[]
    expect(produce.length).toBeGreaterThan(20)
    expect(produce.find((p) => /ginger/i.test(p.name))?.category).toBeTruthy()
    expect(produce.every((p) => typeof p.category === 'string' && p.category.length > 0)).toBe(true)
  })

  it('hides a deactivated location', async () => {
    await api.db.updateTable('locations').set({ isActive: 0 }).where('name', '=', 'Levuka').execute()
    const names = ((await (await api.fetch('/api/locations')).json()) as { name: string }[]).map((l) => l.name)
    expect(names).not.toContain('Levuka')
    await api.db.updateTable('locations').set({ isActive: 1 }).where('name', '=', 'Levuka').execute()
  })
})

describe('reference lists are revalidated, not re-sent', () => {
  it('answers 304 to a matching If-None-Match, and the new list after a write', async () => {
    const first = await api.fetch('/api/locations')
    const etag = first.headers.get('etag')
    expect(etag).toBeTruthy()
    // fetch() marks a hand-made conditional request no-cache; a browser's revalidation does not.
    const revalidate = { 'if-none-match': etag!, 'cache-control': 'max-age=0' }
    const again = await api.fetch('/api/locations', { headers: revalidate })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    await api.db.insertInto('locations').values({ name: 'Naduri', isActive: 1, createdAt: new Date().toISOString(), updatedAt: new Date().toISOString() }).execute()
    const changed = await api.fetch('/api/locations', { headers: revalidate })
    expect(changed.status).toBe(200)
    expect(((await changed.json()) as { name: string }[]).map((l) => l.name)).toContain('Naduri')
    await api.db.deleteFrom('locations').where('name', '=', 'Naduri').execute()
  })
})

describe('the HTTP edge', () => {
  it('answers an unknown /api path with a JSON 404', async () => {
    const res = await api.fetch('/api/no-such-thing')
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toMatch(/application\/json/)
    expect(await res.json()).toEqual({ message: 'No such API route' })
  })

  it('serves index.html for app pages, and 404 with index.html (the not-found screen) for other paths', async () => {
    for (const [p, status] of [['/', 200], ['/admin/farmers', 200], ['/some/unknown/page', 404]] as const) {
      const res = await api.fetch(p)
      expect(res.status, p).toBe(status)
      expect(await res.text()).toContain('<div id="root">')
    }
  })

  it('answers malformed JSON with a 400 message and no stack', async () => {
    const res = await api.fetch('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"broken' })
    expect(res.status).toBe(400)
    const body = await res.text()
    expect(JSON.parse(body)).toEqual({ message: 'Malformed JSON body' })
    expect(body).not.toMatch(/at .*\.ts:\d+/)
  })

  it('sends a self-only CSP with object-src none and base-uri none', async () => {
    const csp = (await api.fetch('/')).headers.get('content-security-policy') ?? ''
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("object-src 'none'")
    expect(csp).toContain("base-uri 'none'")
    expect(csp).toContain("script-src 'self'")
  })

  it('allows inline scripts only by hash: the language gate and the app loader every page carries', async () => {
    const csp = (await api.fetch('/')).headers.get('content-security-policy') ?? ''
    const scriptSrc = csp.split(';').map((directive) => directive.trim()).find((directive) => directive.startsWith('script-src '))
    const hash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`
    expect(scriptSrc?.split(' ').sort()).toEqual(['script-src', "'self'", hash(LANGUAGE_GATE_SCRIPT), hash(APP_LOADER_SCRIPT)].sort())
  })

  it('refuses framing in both headers and turns off the browser features the app never uses, camera kept for this origin', async () => {
    for (const url of ['/', '/api/health']) {
      const headers = (await api.fetch(url)).headers
      expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
      expect(headers.get('x-frame-options')).toBe('DENY')
      const policy = Object.fromEntries((headers.get('permissions-policy') ?? '').split(/,\s*/).map((entry) => entry.split('=')))
      expect(policy).toMatchObject({ camera: '(self)', geolocation: '()', microphone: '()', payment: '()', usb: '()', 'browsing-topics': '()' })
    }
  })
})
