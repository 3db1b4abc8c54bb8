// The farmer page as a crawler or a chat app fetches it (no script runs): the farmer's name, card
// and share-preview meta in the HTML; 404 with the app's page for an unknown or unlisted farmer;
// the sitemap lists the listed farmers' pages; GET /api/farmers/:id answers the same card.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertFarmer } from '../directory/testing'
import { startTestApp, type TestApp } from '../testing/test-app'

const indexHtml = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="The directory." />
    <title>Viti Farmers — Fiji farmer directory</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/assets/index-abc.js"></script>
  </body>
</html>
`
const photoId = '0b9f3c52-6f0e-4c5e-9a1e-4d2b7c8e9f01'

let api: TestApp
let webDir: string
let listed: string
let dollar: string
let inactive: string
let lapsed: string

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vf-farmer-page-'))
  fs.writeFileSync(path.join(webDir, 'index.html'), indexHtml)
  api = await startTestApp({ webDir })
  listed = await insertFarmer(api.db, {
    name: 'Mere <Tuilagi> & Sons',
    town: 'Nausori',
    tikina: 'Naitasiri',
    produce: ['Dalo', 'Cassava'],
    email: 'mere@example.fj',
    photoUrls: [`/objects/uploads/${photoId}`],
  })
  dollar = await insertFarmer(api.db, { name: "Ana $' $& Farm", produce: ['Kava'] })
  inactive = await insertFarmer(api.db, { name: 'Inactive Farmer', isActive: 0 })
  lapsed = await insertFarmer(api.db, { name: 'Lapsed Farmer', from: -40, to: -5 })
})

afterAll(async () => {
  await api.close()
  fs.rmSync(webDir, { recursive: true, force: true })
})

const metaContent = (html: string, attribute: 'property' | 'name', key: string) =>
  new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html)?.[1]

describe('/farmers/<id>', () => {
  it("holds the farmer's card and share preview before any script runs", async () => {
    const res = await api.fetch(`/farmers/${listed}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    const html = await res.text()
    // Escaped: a name can never become markup.
    expect(html).toContain('<h1>Mere &lt;Tuilagi&gt; &amp; Sons</h1>')
    expect(html).not.toContain('<Tuilagi>')
    expect(html).toContain('Sells Dalo, Cassava')
    expect(html).toContain('Nausori, Naitasiri')
    // The card's order (spec 000 §2): 'Sells …' after the town and the service areas, before the links.
    expect(html.indexOf('Sells Dalo, Cassava')).toBeGreaterThan(html.indexOf('Suva</p>'))
    expect(html.indexOf('Sells Dalo, Cassava')).toBeLessThan(html.indexOf('href="tel:'))
    expect(html).toContain('href="tel:+6799000000"')
    expect(html).toContain('href="https://wa.me/6799000000"')
    expect(html).toContain('href="mailto:mere@example.fj"')
    // One title and one description: the farmer's, not the directory's.
    expect(html.match(/<title>/g)).toHaveLength(1)
    expect(html).toContain('<title>Mere &lt;Tuilagi&gt; &amp; Sons — Viti Farmers</title>')
    expect(html).not.toContain('The directory.')
    expect(metaContent(html, 'name', 'description')).toBe(
      "Mere &lt;Tuilagi&gt; &amp; Sons sells Dalo, Cassava in Nausori, Naitasiri. Contact them directly on Viti Farmers, Fiji&#39;s free farmer directory.",
    )
    expect(metaContent(html, 'property', 'og:title')).toBe('Mere &lt;Tuilagi&gt; &amp; Sons — Viti Farmers')
    expect(metaContent(html, 'property', 'og:url')).toBe(`${api.baseUrl}/farmers/${listed}`)
    expect(metaContent(html, 'property', 'og:image')).toBe(`${api.baseUrl}/objects/uploads/${photoId}/thumb`)
    expect(metaContent(html, 'property', 'og:description')).toContain('sells Dalo, Cassava')
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary')
    expect(metaContent(html, 'name', 'twitter:image')).toBe(`${api.baseUrl}/objects/uploads/${photoId}/thumb`)
    // The app still starts on it.
    expect(html).toContain('<script type="module" src="/assets/index-abc.js"></script>')
  })

  it("keeps a name's $ patterns as text (no replacement pattern runs)", async () => {
    const html = await (await api.fetch(`/farmers/${dollar}`)).text()
    expect(html).toContain("<h1>Ana $&#39; $&amp; Farm</h1>")
    expect(html).toContain("<title>Ana $&#39; $&amp; Farm — Viti Farmers</title>")
    expect(html.match(/<div id="root">/g)).toHaveLength(1)
  })

  it("dials a Fiji number written without its '+' as +679…, like the app's card", async () => {
    const id = await insertFarmer(api.db, { name: 'Full Number Farm', phone: '679 920 1373' })
    const html = await (await api.fetch(`/farmers/${id}`)).text()
    expect(html).toContain('href="tel:+6799201373"')
    expect(html).not.toContain('href="tel:6799201373"')
  })

  it('is found by an upper-case id and a trailing slash, as the app router matches', async () => {
    const res = await api.fetch(`/farmers/${listed.toUpperCase()}/`)
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('<h1>Mere &lt;Tuilagi&gt; &amp; Sons</h1>')
  })

  it('answers 404 with the app (its not-found screen) for an unknown, inactive or lapsed farmer', async () => {
    for (const id of [randomUUID(), inactive, lapsed]) {
      const res = await api.fetch(`/farmers/${id}`)
      expect(res.status, id).toBe(404)
      const html = await res.text()
      expect(html).toContain('<div id="root"></div>')
      expect(html).not.toMatch(/Inactive Farmer|Lapsed Farmer|og:title/)
    }
    expect((await api.fetch('/farmers/not-an-id')).status).toBe(404)
  })
})

describe('GET /api/farmers/:id', () => {
  it("answers a listed farmer's public card, 404 for the others, 400 for a malformed id", async () => {
    const res = await api.fetch(`/api/farmers/${listed}`)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ id: listed, name: 'Mere <Tuilagi> & Sons', produce: ['Dalo', 'Cassava'], photoUrls: [`/objects/uploads/${photoId}`] })
    for (const id of [randomUUID(), inactive, lapsed]) expect((await api.fetch(`/api/farmers/${id}`)).status, id).toBe(404)
    expect((await api.fetch('/api/farmers/not-an-id')).status).toBe(400)
    // The lists beside it are still theirs.
    expect((await api.fetch('/api/farmers/locations')).status).toBe(200)
  })
})

describe('/sitemap.xml', () => {
  it("lists the listed farmers' pages and no unlisted one", async () => {
    const res = await api.fetch('/sitemap.xml')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/)
    const xml = await res.text()
    expect(xml).toContain(`<loc>${api.baseUrl}/</loc>`)
    expect(xml).toContain(`<loc>${api.baseUrl}/farmers/${listed}</loc>`)
    expect(xml).not.toContain(inactive)
    expect(xml).not.toContain(lapsed)
  })
})

describe('absolute links without SITE_URL', () => {
  let proxied: TestApp
  beforeAll(async () => {
    // Behind one proxy (TRUST_PROXY=1), as compose.yaml runs it: X-Forwarded-Proto is believed.
    proxied = await startTestApp({ webDir, extend: (deps) => { deps.config = { ...deps.config, trustProxyHops: 1 } } })
  })
  afterAll(() => proxied.close())

  /** A GET with the headers a client chooses, Host included (fetch would not send a forged one). */
  const getWith = (app: TestApp, pathname: string, headers: Record<string, string>) =>
    new Promise<{ status: number; cacheControl: string | undefined; body: string }>((resolve, reject) => {
      http.get(`${app.baseUrl}${pathname}`, { headers }, (res) => {
        let body = ''
        res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk)).on('end', () => resolve({ status: res.statusCode ?? 0, cacheControl: res.headers['cache-control'], body }))
      }).on('error', reject)
    })

  it('take only http(s) from X-Forwarded-Proto and only a host name from Host, and the sitemap is then never kept by a shared cache', async () => {
    const listedHere = await insertFarmer(proxied.db, { name: 'Seru Farm', town: 'Nadi' })
    const forged = await getWith(proxied, '/sitemap.xml', { Host: 'localhost:3000', 'X-Forwarded-Proto': 'javascript' })
    expect(forged.status).toBe(200)
    expect(forged.body).toContain('<loc>http://localhost:3000/</loc>')
    expect(forged.body).not.toContain('javascript:')
    expect(forged.cacheControl).toBe('private, no-cache')
    const page = await getWith(proxied, `/farmers/${listedHere}`, { Host: 'localhost:3000', 'X-Forwarded-Proto': 'javascript' })
    expect(page.status).toBe(200)
    expect(page.body).toContain(`<link rel="canonical" href="http://localhost:3000/farmers/${listedHere}"`)
    expect(page.body).not.toContain('javascript:')

    for (const host of ['evil.example/"><script>', 'a b', 'x@evil.example', 'evil.example:99999999']) {
      const answer = await getWith(proxied, '/sitemap.xml', { Host: host, 'X-Forwarded-Proto': 'https' })
      if (answer.status !== 200) continue // Node refuses some Host headers itself (400): nothing is built from them
      expect(answer.body, host).toContain('<loc>https://localhost/</loc>')
      expect(answer.body, host).not.toContain('evil')
    }
    const secure = await getWith(proxied, '/sitemap.xml', { Host: 'vitifarmers.example', 'X-Forwarded-Proto': 'https' })
    expect(secure.body).toContain('<loc>https://vitifarmers.example/</loc>')
    // Spellings real proxies and hosts use: a proto in capitals, a trailing dot, a Docker service name.
    for (const [host, proto, origin] of [['farm.example.fj.', 'HTTPS', 'https://farm.example.fj.'], ['viti_app:3000', 'http', 'http://viti_app:3000'], ['[::1]:3000', 'Https', 'https://[::1]:3000']]) {
      const answer = await getWith(proxied, '/sitemap.xml', { Host: host!, 'X-Forwarded-Proto': proto! })
      expect(answer.body, host).toContain(`<loc>${origin}/</loc>`)
    }
  })
})
