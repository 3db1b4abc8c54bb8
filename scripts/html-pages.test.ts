// The public pages as a crawler, a phone before its scripts run, or a reader without JavaScript
// gets them (issue 21, decision 029): each page's heading and main text are in the HTML the server
// sends, with the styles in the head; the home page lists the towns that have farmers (rendered by
// the server from the directory); a path with no screen is the not-found page with status 404; the
// farmer page still carries the farmer's name and share preview. The pages are rendered here by the
// build's own step (writePages) from the SSR entry's source.
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertFarmer } from '../api/directory/testing'
import { startTestApp, type TestApp } from '../api/testing/test-app'
import { renderPage } from '../web/entry-server'
import { FARMER_RENDERS_PER_SECOND, htmlPages } from '../api/site-pages/html-pages'
import { SITE_ORIGIN_MARK } from '../api/contract/public-pages'
import { writePages, type RenderPage } from './prerender-pages'

let api: TestApp
let webDir: string
let farmerId: string

/** Every page: its heading (h1) and a sentence of its main text, as a reader sees them. */
const pages = [
  { path: '/', heading: 'Viti Farmers', text: "Fiji's free farmer directory. Find local farmers by town and produce" },
  { path: '/browse-farmers', heading: 'Browse Farmers', text: 'Choose a location, then a produce, and contact the farmers directly.' },
  { path: '/browse', heading: 'Browse Farmers', text: 'Choose a location, then a produce, and contact the farmers directly.' },
  { path: '/reviews', heading: 'Reviews', text: 'What buyers and farmers say about Viti Farmers.' },
  { path: '/reviews/farms', heading: 'Farm Reviews', text: 'Ratings and comments from buyers about the farms they bought from.' },
  { path: '/experts', heading: 'Talk to Subject Matter Experts', text: 'Agronomists, vets, extension officers and other specialists' },
  { path: '/about', heading: 'About Viti Farmers', text: "Viti Farmers is Fiji's free public directory of local farmers." },
  { path: '/how-it-works', heading: 'How It Works', text: 'Whether you grow it or buy it, getting started on Viti Farmers takes a few minutes.' },
  { path: '/terms-of-use', heading: 'Terms of Use', text: 'These terms apply to everyone who uses Viti Farmers' },
  { path: '/contact-us', heading: 'Contact Us', text: "We're here to help farmers, buyers and experts" },
]

const englishAbout = 'About Viti Farmers'

const decode = (html: string) =>
  html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')

/** What #root holds, as text (tags dropped), and its h1's text. */
function readPage(html: string) {
  const root = /<div id="root" data-ssr="([^"]*)"(?: data-ssr-lang="([^"]*)")?>([\s\S]*)<\/div>/.exec(html)
  const markup = root?.[3] ?? ''
  return {
    hydrateAt: root?.[1] === undefined ? undefined : decode(root[1]),
    /** The language the page was rendered in, as the browser's hydration reads it. */
    language: root ? (root[2] ?? 'en') : undefined,
    lang: /<html lang="([^"]*)">/.exec(html)?.[1],
    heading: decode(/<h1[^>]*>([^<]*)<\/h1>/.exec(markup)?.[1] ?? ''),
    text: decode(markup.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')),
    styledHead: /<style data-emotion="css [^"]+">[^<]+<\/style><\/head>/.test(html),
    title: decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''),
  }
}

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vf-html-pages-'))
  fs.copyFileSync(path.join('web', 'index.html'), path.join(webDir, 'index.html'))
  await writePages(webDir, renderPage as RenderPage)
  api = await startTestApp({ webDir, extend: (deps) => void (deps.renderPage = renderPage as RenderPage) })
  farmerId = await insertFarmer(api.db, { name: 'Sereana Vunivalu', town: 'Savusavu', cities: ['Savusavu'], email: 'sereana@example.com' })
  await insertFarmer(api.db, { name: 'Ravi Prasad', town: 'Savusavu', cities: ['Savusavu', 'Labasa'], email: 'ravi@example.com' })
  const at = new Date().toISOString()
  await api.db
    .insertInto('subject_matter_experts')
    .values([
      { id: randomUUID(), name: 'Litia Waqa', company: 'Koronivia Research Station', expertField: 'Soil Science', contactNumber: '+679 7012345', email: 'litia@example.com', isActive: 1, createdAt: at, updatedAt: at },
      { id: randomUUID(), name: 'Hidden Expert', company: null, expertField: 'Entomology', contactNumber: '+679 7012346', email: 'hidden@example.com', isActive: 0, createdAt: at, updatedAt: at },
    ])
    .execute()
  await api.db
    .insertInto('platform_reviews')
    .values([
      { id: randomUUID(), userName: 'Mereani', rating: 4, comment: 'Found a cassava grower in Savusavu <b>the same day</b>.', status: 'approved', createdAt: at, updatedAt: at },
      { id: randomUUID(), userName: 'Unseen', rating: 1, comment: 'Still waiting for moderation.', status: 'pending', createdAt: at, updatedAt: at },
    ])
    .execute()
}, 60_000)

afterAll(async () => {
  await api?.close()
  if (webDir) fs.rmSync(webDir, { recursive: true, force: true })
})

describe('public pages arrive as HTML', () => {
  it.each(pages)('$path: its heading and main text are in the HTML, styled from the head', async ({ path: pagePath, heading, text }) => {
    const res = await fetch(`${api.baseUrl}${pagePath}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    expect(res.headers.get('cache-control')).toBe('no-cache')
    const page = readPage(await res.text())
    expect(page.hydrateAt).toBe(pagePath)
    expect(page.heading).toBe(heading)
    expect(page.text).toContain(text)
    expect(page.styledHead).toBe(true)
    expect(page.title).toContain('Viti Farmers')
  })

  it('each page is also built in iTaukei and Fiji Hindi, sent with ?hl= (what a reader\'s service worker keeps), marked with its language', async () => {
    for (const [language, heading] of [['fj', 'Baleta na Viti Farmers'], ['hif', englishAbout]] as const) {
      const res = await fetch(`${api.baseUrl}/about?hl=${language}`)
      expect(res.status).toBe(200)
      expect(res.headers.get('cache-control')).toBe('no-cache')
      const html = await res.text()
      expect(html).toContain(`<html lang="${language}">`)
      expect(html).toContain(`<div id="root" data-ssr="/about" data-ssr-lang="${language}">`)
      const shown = decode(/<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1] ?? '')
      if (language === 'fj') expect(shown).toBe(heading)
      else expect(shown).not.toBe(heading)
    }
    for (const pagePath of ['/', '/reviews/farms', '/contact-us']) {
      expect(await (await fetch(`${api.baseUrl}${pagePath}?hl=hif`)).text()).toContain('<html lang="hif">')
    }
    // Any other value is no language of ours: the English page.
    const other = await (await fetch(`${api.baseUrl}/about?hl=xx`)).text()
    expect(other).toContain('<html lang="en">')
    expect(readPage(other).heading).toBe(englishAbout)
  })

  it("a page's description and no-script line are in its language, the English ones as web/index.html has them", async () => {
    const head = async (query: string) => {
      const html = await (await fetch(`${api.baseUrl}/about${query}`)).text()
      return {
        descriptions: [...html.matchAll(/<meta name="description" content="([^"]*)"/g)].map((m) => decode(m[1] ?? '')),
        noscript: decode(/<noscript>([^<]*)<\/noscript>/.exec(html)?.[1] ?? ''),
      }
    }
    expect(await head('')).toEqual({
      descriptions: ["Viti Farmers is Fiji's free farmer directory: find local farmers by town and produce and contact them directly. Connect - Buy - Improve."],
      noscript: 'Viti Farmers needs JavaScript to run. Please turn it on and reload the page.',
    })
    const fj = await head('?hl=fj')
    expect(fj.descriptions).toHaveLength(1)
    expect(fj.descriptions[0]).toMatch(/^Na Viti Farmers e ivolatukutuku ni dauteitei e Viti/)
    expect(fj.noscript).toMatch(/^E gadrevi na JavaScript/)
    const hif = await head('?hl=hif')
    expect(hif.descriptions[0]).toMatch(/^Viti Farmers Fiji ke free kisaan directory hai/)
    expect(hif.noscript).toMatch(/^Viti Farmers chalaae ke liye JavaScript chaahi/)
  })

  it("marks the tag of Chakra's global styles (the reset, the tokens) with its name, which the browser adopts without computing them", async () => {
    const html = await (await fetch(`${api.baseUrl}/about`)).text()
    const marked = [...html.matchAll(/<style data-emotion="css-global ([^"]+)" data-chakra-globals="([^"]+)">([^<]*)<\/style>/g)]
    expect(marked).toHaveLength(1)
    const [, name, markedName, css] = marked[0]!
    expect(markedName).toBe(name)
    expect(css).toContain('@layer tokens{')
    expect(css).toContain('--chakra-colors-brand-800:')
  })

  it('a home page with many towns is one piece of HTML: no boundary written apart and moved in by an inline script (the CSP refuses it)', async () => {
    const template = fs.readFileSync(path.join(webDir, 'index.html'), 'utf8')
    const locations = Array.from({ length: 80 }, (_, i) => ({ city: `Town number ${i + 1}`, farmerCount: i + 1, farmers: [] }))
    const html = await renderPage(template, '/', { locations })
    expect(html).toContain('Town number 80')
    expect(html).not.toMatch(/<template id="B:|\$RC|<div hidden id="S:/)
  })

  it('/experts lists the active experts and their count in the HTML, and carries the answer the app would ask for', async () => {
    const res = await fetch(`${api.baseUrl}/experts`, { headers: { 'sec-fetch-dest': 'document' } })
    expect(res.headers.get('vary')).toMatch(/Sec-Fetch-Dest/i)
    const html = await res.text()
    const page = readPage(html)
    expect(page.text).toContain('1 expert available')
    expect(page.text).toContain('Litia Waqa')
    expect(page.text).toContain('Koronivia Research Station')
    expect(page.text).not.toContain('Hidden Expert')
    const answers = JSON.parse(/<script type="application\/json" id="vf-answers">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null') as Record<string, unknown>
    expect(answers['/api/public/experts']).toEqual(await (await fetch(`${api.baseUrl}/api/public/experts`)).json())
  })

  it('/experts is rendered again once the list changes (the experts have no version: the list is the key)', async () => {
    expect(readPage(await (await fetch(`${api.baseUrl}/experts`)).text()).text).toContain('1 expert available')
    const at = new Date().toISOString()
    const id = randomUUID()
    await api.db.insertInto('subject_matter_experts').values({ id, name: 'Viliame Naupoto', company: null, expertField: 'Agroforestry', contactNumber: '+679 7012347', email: 'viliame@example.com', isActive: 1, createdAt: at, updatedAt: at }).execute()
    try {
      const page = readPage(await (await fetch(`${api.baseUrl}/experts`)).text())
      expect(page.text).toContain('2 experts available')
      expect(page.text).toContain('Viliame Naupoto')
    } finally {
      await api.db.deleteFrom('subject_matter_experts').where('id', '=', id).execute()
    }
    expect(readPage(await (await fetch(`${api.baseUrl}/experts`)).text()).text).toContain('1 expert available')
  })

  it('/reviews shows the overall rating and the approved reviews in the HTML, the first page as the API answers it', async () => {
    const html = await (await fetch(`${api.baseUrl}/reviews`)).text()
    const page = readPage(html)
    expect(page.text).toContain('Overall rating')
    expect(page.text).toMatch(/4\.0 .*Based on 1 review/)
    expect(page.text).toContain('Mereani')
    // Escaped as text: a comment's markup is never the page's.
    expect(html).toContain('Found a cassava grower in Savusavu &lt;b&gt;the same day&lt;/b&gt;.')
    expect(page.text).not.toContain('Still waiting for moderation.')
    const answers = JSON.parse(/<script type="application\/json" id="vf-answers">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null') as Record<string, unknown>
    expect(answers['/api/public/reviews?page=1&limit=20']).toEqual(await (await fetch(`${api.baseUrl}/api/public/reviews?page=1&limit=20`)).json())
    expect(html).not.toContain('<b>the same day</b>')
  })

  it('/reviews/farms lists the listed farms with their ratings and the towns to filter by, as the API answers them', async () => {
    const html = await (await fetch(`${api.baseUrl}/reviews/farms`)).text()
    const page = readPage(html)
    expect(page.text).toContain('Filter by City')
    expect(page.text).toMatch(/Savusavu \( ?2 ?\)/)
    expect(page.text).toContain('Farms (2)')
    expect(page.text).toContain('Sereana Vunivalu')
    expect(page.text).toContain('Ravi Prasad')
    const answers = JSON.parse(/<script type="application\/json" id="vf-answers">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null') as Record<string, unknown>
    expect(answers['/api/farms-with-ratings?page=1&limit=24']).toEqual(await (await fetch(`${api.baseUrl}/api/farms-with-ratings?page=1&limit=24`)).json())
    expect(answers['/api/farmers/locations']).toEqual(await (await fetch(`${api.baseUrl}/api/farmers/locations`)).json())
  })

  it.each(['/experts', '/reviews', '/reviews/farms'])('%s fetched by a service worker (Sec-Fetch-Dest: empty) is the built page, with no answers to keep', async (pagePath) => {
    const html = await (await fetch(`${api.baseUrl}${pagePath}?__WB_REVISION__=1`, { headers: { 'sec-fetch-dest': 'empty' } })).text()
    expect(readPage(html).hydrateAt).toBe(pagePath)
    expect(html).not.toContain('id="vf-answers"')
    expect(html).not.toContain('Litia Waqa')
    expect(html).not.toContain('Mereani')
    expect(html).not.toContain('Sereana Vunivalu')
  })

  it.each(['/', '/browse-farmers'])('%s with no farmer listed says so, not "Loading…" for a reader without scripts', async (pagePath) => {
    const template = fs.readFileSync(path.join(webDir, 'index.html'), 'utf8')
    const page = readPage(await renderPage(template, pagePath, { locations: [] }))
    expect(page.text).toContain('No farmers are currently listed in any locations.')
    expect(page.text).not.toContain('Loading…')
    // The first render in the browser reads the same empty list, so it equals this HTML.
    const built = readPage(await renderPage(template, pagePath))
    expect(built.text).toContain('Loading…')
  })

  it.each(['/', '/browse-farmers', '/about'])('%s asks for no image before its first paint: the logo is drawn inline, the footer QR code loads lazily', async (pagePath) => {
    const html = await (await fetch(`${api.baseUrl}${pagePath}`)).text()
    expect(html).not.toMatch(/<link rel="preload" as="image"/)
    expect(html).not.toContain('src="/favicon.svg"')
    expect(html).toMatch(/<header[^>]*>[\s\S]*<a [^>]*href="\/"[^>]*><svg viewBox="0 0 64 64"[^>]*aria-hidden="true"[\s\S]*<\/svg>Viti Farmers<\/a>/)
    expect(html).toMatch(/<img src="\/qr-facebook.svg" loading="lazy" decoding="async" alt="QR code for Viti Farmers on Facebook"/)
  })

  it("a page's tab title is its screen's, as the app sets it", async () => {
    expect(readPage(await (await fetch(`${api.baseUrl}/how-it-works`)).text()).title).toBe('How It Works — Viti Farmers')
    expect(readPage(await (await fetch(`${api.baseUrl}/no/such/page`)).text()).title).toBe('Page Not Found — Viti Farmers')
  })

  it('the home page lists the towns with farmers and their counts, and carries them for the first render', async () => {
    const html = await (await fetch(`${api.baseUrl}/`)).text()
    const page = readPage(html)
    expect(page.text).toContain('Browse by Location')
    expect(page.text).toMatch(/Savusavu 2 farmers/)
    expect(page.text).toMatch(/Labasa 1 farmer\b/)
    expect(html).toContain('<script type="application/json" id="vf-towns">')
    expect(html).toMatch(/"city":"Savusavu","farmerCount":2/)
  })

  it('browse lists the same towns on its first step', async () => {
    const page = readPage(await (await fetch(`${api.baseUrl}/browse-farmers`)).text())
    expect(page.text).toContain('1. Choose a location')
    expect(page.text).toMatch(/Savusavu 2 farmers/)
    expect(page.text).toMatch(/Labasa 1 farmer\b/)
  })

  it('the home page goes compressed when asked, and HEAD answers without a body', async () => {
    const br = await fetch(`${api.baseUrl}/`, { headers: { 'accept-encoding': 'br' } })
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(readPage(await br.text()).heading).toBe('Viti Farmers')
    const head = await fetch(`${api.baseUrl}/about`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
  })

  it('a path with no screen is the not-found page, status 404, hydrated wherever it is shown', async () => {
    for (const missing of ['/no/such/page', '/reviews/farm', '/about/index.html']) {
      const res = await fetch(`${api.baseUrl}${missing}`)
      expect(res.status).toBe(404)
      const page = readPage(await res.text())
      expect(page.hydrateAt).toBe('*')
      expect(page.heading).toBe('404 Page Not Found')
    }
  })

  it('the pages folder is never a file of its own', async () => {
    for (const target of ['/.pages/about.html', '/.ssr/entry-server.js', '/%2Epages/home.html']) expect((await fetch(`${api.baseUrl}${target}`)).status).toBe(404)
  })

  it('a page at another case or with a trailing slash is the app shell (its router shows the page)', async () => {
    for (const other of ['/About', '/about/']) {
      const res = await fetch(`${api.baseUrl}${other}`)
      expect(res.status).toBe(200)
      expect(await res.text()).toContain('<div id="root"></div>')
    }
  })

  it("a farmer page is the app's own render of the card, marked for hydration, with one title, its share preview and the farmer as data, compressed", async () => {
    const res = await fetch(`${api.baseUrl}/farmers/${farmerId}`, { headers: { 'accept-encoding': 'br, gzip' } })
    expect(res.status).toBe(200)
    const html = await res.text()
    const page = readPage(html)
    expect(page.hydrateAt).toBe(`/farmers/${farmerId}`)
    expect(page.heading).toBe('Sereana Vunivalu')
    expect(page.text).toContain('Sells Tomatoes')
    expect(page.text).toContain('Town and tikina : Savusavu')
    expect(page.text).toContain('Browse all farmers')
    expect(page.text).not.toContain('Loading')
    expect(html).toMatch(/<style data-emotion="css [^"]+">[^<]+<\/style>/)
    expect([...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1])).toEqual(['Sereana Vunivalu — Viti Farmers'])
    expect(html.match(/<meta name="description"/g)).toHaveLength(1)
    expect(html).toMatch(/<meta property="og:title" content="Sereana Vunivalu — Viti Farmers"/)
    expect(html).toContain(`<meta property="og:url" content="${api.baseUrl}/farmers/${farmerId}"`)
    // The share link works before the scripts run: the whole address, not a path.
    expect(html).toContain(`href="https://wa.me/?text=${encodeURIComponent(`Sereana Vunivalu on Viti Farmers ${api.baseUrl}/farmers/${farmerId}`)}"`)
    expect(html).not.toContain(SITE_ORIGIN_MARK)
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(res.headers.get('vary')).toMatch(/Accept-Encoding/i)
    const data = /<script type="application\/json" id="vf-farmer">([^<]*)<\/script>/.exec(html)?.[1]
    expect(JSON.parse(data ?? 'null')).toMatchObject({ id: farmerId, name: 'Sereana Vunivalu', town: 'Savusavu', produce: ['Tomatoes'] })
  })
})

describe("browse's steps arrive as HTML with their data (?city=…, &all=1, &produce=…)", () => {
  const navigation = { headers: { 'sec-fetch-dest': 'document' } }
  const answersOf = (html: string) => JSON.parse(/<script type="application\/json" id="vf-answers">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null') as Record<string, unknown> | null
  const api_ = async (url: string) => (await fetch(`${api.baseUrl}${url}`)).json()

  it("a town's step lists its produce with their counts, and carries the answers the app asks for", async () => {
    const html = await (await fetch(`${api.baseUrl}/browse-farmers?city=Savusavu`, navigation)).text()
    const page = readPage(html)
    expect(page.hydrateAt).toBe('/browse-farmers?city=Savusavu')
    expect(page.text).toContain('2. Choose produce in Savusavu')
    expect(page.text).toMatch(/All Farmers 2 farmers/)
    expect(page.text).toMatch(/Tomatoes 2 farmers/)
    expect(page.text).not.toContain('Loading')
    const answers = answersOf(html)!
    expect(answers['/api/produce/by-location/Savusavu']).toEqual(await api_('/api/produce/by-location/Savusavu'))
    expect(answers['/api/farmers/locations']).toEqual(await api_('/api/farmers/locations'))
  })

  it("a town's farmers, all or of one produce: the first page of cards, as the API answers it", async () => {
    const all = await (await fetch(`${api.baseUrl}/browse?city=Savusavu&all=1`, navigation)).text()
    expect(readPage(all).hydrateAt).toBe('/browse?city=Savusavu&all=1')
    expect(readPage(all).text).toContain('3. All farmers in Savusavu')
    expect(readPage(all).text).toContain('Sereana Vunivalu')
    expect(readPage(all).text).toContain('Ravi Prasad')
    expect(answersOf(all)!['/api/farmers/locations/Savusavu/farmers?page=1&limit=24']).toEqual(await api_('/api/farmers/locations/Savusavu/farmers?page=1&limit=24'))
    const labasa = await (await fetch(`${api.baseUrl}/browse-farmers?city=Labasa&produce=Tomatoes`, navigation)).text()
    expect(readPage(labasa).text).toContain('3. Tomatoes farmers in Labasa')
    expect(readPage(labasa).text).toContain('Ravi Prasad')
    expect(readPage(labasa).text).not.toContain('Sereana Vunivalu')
    const url = '/api/farmers/by-location-and-produce/Labasa/Tomatoes?page=1&limit=24'
    expect(answersOf(labasa)![url]).toEqual(await api_(url))
  })

  it('a step in the reader\'s language', async () => {
    const res = await fetch(`${api.baseUrl}/browse-farmers?city=Savusavu`, { headers: { 'sec-fetch-dest': 'document', cookie: 'viti_locale=fj' } })
    expect(res.headers.get('content-language')).toBe('fj')
    const page = readPage(await res.text())
    expect(page).toMatchObject({ lang: 'fj', language: 'fj', hydrateAt: '/browse-farmers?city=Savusavu' })
    expect(page.text).not.toContain('2. Choose produce in Savusavu')
    expect(page.text).toContain('Savusavu')
  })

  it.each([
    ['a town with no farmer', '?city=Nowhere'],
    ['a produce the town does not sell', '?city=Savusavu&produce=Kava'],
    ['the parameters in another order', '?all=1&city=Savusavu'],
    ['another parameter beside them', '?city=Savusavu&fbclid=abc'],
    ['a town spelled in another case', '?city=savusavu'],
    ['an empty town', '?city='],
  ])('%s: the page as at its path (its towns), for the app to draw', async (_what, query) => {
    const html = await (await fetch(`${api.baseUrl}/browse-farmers${query}`, navigation)).text()
    const page = readPage(html)
    expect(page.hydrateAt).toBe('/browse-farmers')
    expect(page.text).toContain('1. Choose a location')
    expect(html).not.toContain('id="vf-answers"')
  })

  it("a service worker's fetch of a step gets the page as at its path, with no answers to keep", async () => {
    const html = await (await fetch(`${api.baseUrl}/browse-farmers?city=Savusavu`, { headers: { 'sec-fetch-dest': 'empty' } })).text()
    expect(readPage(html).hydrateAt).toBe('/browse-farmers')
    expect(html).not.toContain('id="vf-answers"')
  })
})

describe("a browser's navigation gets the page in its reader's language", () => {
  const navigation = (headers: Record<string, string>) => ({ headers: { 'sec-fetch-dest': 'document', ...headers } })

  it('a phone set to Fijian (Accept-Language) gets iTaukei on its first visit, marked so the app hydrates it', async () => {
    const res = await fetch(`${api.baseUrl}/about`, navigation({ 'accept-language': 'fj-FJ,fj;q=0.9,en;q=0.8' }))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-language')).toBe('fj')
    expect(res.headers.get('vary')).toMatch(/Sec-Fetch-Dest/i)
    expect(res.headers.get('vary')).toMatch(/Cookie/i)
    expect(res.headers.get('vary')).toMatch(/Accept-Language/i)
    // Chosen for this reader: no shared cache keeps it, even one that ignores Vary.
    expect(res.headers.get('cache-control')).toBe('private, no-cache')
    const page = readPage(await res.text())
    expect(page).toMatchObject({ lang: 'fj', language: 'fj', hydrateAt: '/about', heading: 'Baleta na Viti Farmers' })
  })

  it('every navigation, English too, is private to its reader; what a worker or a crawler fetches stays for any cache', async () => {
    for (const pagePath of ['/', '/about', '/browse-farmers?city=Savusavu']) {
      const english = await fetch(`${api.baseUrl}${pagePath}`, navigation({ 'accept-language': 'en' }))
      expect(english.headers.get('cache-control'), pagePath).toMatch(/^private, /)
      const fetched = await fetch(`${api.baseUrl}${pagePath}`, { headers: { 'sec-fetch-dest': 'empty' } })
      expect(fetched.headers.get('cache-control'), pagePath).not.toMatch(/private/)
    }
  })

  it("the browser's languages count by their weight, as navigator.languages orders them; one we do not speak is passed over", async () => {
    const language = async (acceptLanguage: string) => readPage(await (await fetch(`${api.baseUrl}/about`, navigation({ 'accept-language': acceptLanguage }))).text()).language
    expect(await language('en;q=0.5, hif;q=0.9')).toBe('hif')
    expect(await language('de-DE, fj;q=0.7, en;q=0.8')).toBe('en')
    expect(await language('de-DE, hi;q=0.9, fj;q=0.7')).toBe('fj')
    expect(await language('de-DE')).toBe('en')
    expect(await language('fj;q=0')).toBe('en')
  })

  it("the reader's own choice (the app's cookie) comes before the browser's languages, English included", async () => {
    const sent = async (cookie: string, acceptLanguage = 'en-US,en;q=0.9') => {
      const res = await fetch(`${api.baseUrl}/about`, navigation({ cookie, 'accept-language': acceptLanguage }))
      return { page: readPage(await res.text()), contentLanguage: res.headers.get('content-language') }
    }
    expect((await sent('viti_locale=hif')).page).toMatchObject({ lang: 'hif', language: 'hif' })
    expect((await sent('other=1; viti_locale=fj')).page.heading).toBe('Baleta na Viti Farmers')
    expect(await sent('viti_locale=en', 'fj')).toMatchObject({ page: { lang: 'en', language: 'en', heading: englishAbout }, contentLanguage: null })
    // No language of ours, or a cookie header the parser cannot read: the browser's languages decide.
    expect((await sent('viti_locale=xx', 'fj')).page.language).toBe('fj')
    expect((await sent('viti_locale=%E0%A4%A', 'hif')).page.language).toBe('hif')
  })

  it("a service worker's fetch, a crawler and curl get English whatever the cookie and languages say: a cache keeps the English page under the path", async () => {
    const headers = { cookie: 'viti_locale=fj', 'accept-language': 'fj' }
    for (const extra of [{ 'sec-fetch-dest': 'empty' }, {}] as Record<string, string>[]) {
      const res = await fetch(`${api.baseUrl}/about?__WB_REVISION__=1`, { headers: { ...headers, ...extra } })
      expect(res.headers.get('content-language')).toBeNull()
      expect(readPage(await res.text())).toMatchObject({ lang: 'en', language: 'en', heading: englishAbout })
    }
  })

  it('the pages with data come in the reader\'s language with their data: the towns, the experts, the reviews', async () => {
    const read = async (pagePath: string) => {
      const res = await fetch(`${api.baseUrl}${pagePath}`, navigation({ cookie: 'viti_locale=fj' }))
      expect(res.headers.get('content-language')).toBe('fj')
      const html = await res.text()
      return { page: readPage(html), html }
    }
    const home = await read('/')
    expect(home.page).toMatchObject({ lang: 'fj', language: 'fj', hydrateAt: '/' })
    expect(home.page.text).toContain('Raica ena Vanua')
    expect(home.page.text).toContain('Savusavu')
    expect(home.html).toMatch(/"city":"Savusavu","farmerCount":2/)
    const experts = await read('/experts')
    expect(experts.page.language).toBe('fj')
    expect(experts.page.text).toContain('Litia Waqa')
    expect(experts.html).toContain('id="vf-answers"')
    const reviews = await read('/reviews')
    expect(reviews.page.text).toContain('Mereani')
    // English readers still get their own page, from its own render.
    const english = readPage(await (await fetch(`${api.baseUrl}/`, navigation({}))).text())
    expect(english).toMatchObject({ lang: 'en', language: 'en' })
    expect(english.text).toContain('Browse by Location')
  })

  it("a farmer's page comes in the reader's language, its share preview in English (it is read by whoever the link is sent to)", async () => {
    let html = ''
    await expect
      .poll(async () => {
        html = await (await fetch(`${api.baseUrl}/farmers/${farmerId}`, navigation({ 'accept-language': 'hif' }))).text()
        return readPage(html).language
      })
      .toBe('hif')
    const page = readPage(html)
    expect(page).toMatchObject({ lang: 'hif', heading: 'Sereana Vunivalu', hydrateAt: `/farmers/${farmerId}` })
    expect(page.text).toContain('Phone karo')
    expect(html).toMatch(/<meta property="og:description" content="Sereana Vunivalu sells Tomatoes in Savusavu\./)
    // The English page of the same farmer is its own render, unchanged.
    const english = readPage(await (await fetch(`${api.baseUrl}/farmers/${farmerId}`, navigation({}))).text())
    expect(english).toMatchObject({ lang: 'en', language: 'en', heading: 'Sereana Vunivalu' })
  })

  it('the not-found page stays English (built in English only), still 404', async () => {
    const res = await fetch(`${api.baseUrl}/no/such/page`, navigation({ cookie: 'viti_locale=fj' }))
    expect(res.status).toBe(404)
    expect(readPage(await res.text())).toMatchObject({ lang: 'en', heading: '404 Page Not Found' })
  })
})

describe('farmer pages rendered by the app', () => {
  function gatedRender() {
    let release = () => {}
    let gate = new Promise<void>((resolve) => (release = resolve))
    const paths: string[] = []
    const render: RenderPage = async (...args) => {
      paths.push(args[1])
      await gate
      return (renderPage as RenderPage)(...args)
    }
    return {
      render,
      paths,
      release: () => release(),
      hold: () => (gate = new Promise((resolve) => (release = resolve))),
    }
  }

  it('a render not ready in time: the plain card goes out with the farmer as data, and the next request gets the render, rendered once', async () => {
    const gated = gatedRender()
    const app = await startTestApp({ webDir, extend: (deps) => void (deps.renderPage = gated.render) })
    try {
      const id = await insertFarmer(app.db, { name: 'Mere Tuilau', town: 'Nausori', cities: ['Nausori'], produce: ['Dalo'] })
      const first = await (await fetch(`${app.baseUrl}/farmers/${id}`)).text()
      expect(readPage(first).hydrateAt).toBeUndefined()
      expect(first).toContain('<h1>Mere Tuilau</h1>')
      expect(first).toContain('Sells Dalo')
      expect(first).toMatch(new RegExp(`<script type="application/json" id="vf-farmer">\\{"id":"${id}"`))
      gated.release()
      await expect.poll(async () => readPage(await (await fetch(`${app.baseUrl}/farmers/${id}`)).text()).hydrateAt).toBe(`/farmers/${id}`)
      expect(gated.paths.filter((p) => p === `/farmers/${id}`)).toHaveLength(1)
    } finally {
      gated.release()
      await app.close()
    }
  })

  it('a changed card is rendered again; a failed render sends the plain card and is tried again', async () => {
    let fail = false
    const paths: string[] = []
    const render: RenderPage = async (...args) => {
      paths.push(args[1])
      if (fail) throw new Error('the render thread stopped')
      return (renderPage as RenderPage)(...args)
    }
    const app = await startTestApp({ webDir, extend: (deps) => void (deps.renderPage = render) })
    try {
      const id = await insertFarmer(app.db, { name: 'Mere Tuilau', town: 'Nausori', cities: ['Nausori'], produce: ['Dalo'] })
      const html = async () => (await fetch(`${app.baseUrl}/farmers/${id}`)).text()
      const hydrateAt = async () => readPage(await html()).hydrateAt
      await expect.poll(hydrateAt).toBe(`/farmers/${id}`)
      const renders = paths.length
      await app.db.updateTable('farmers').set({ produce: JSON.stringify(['Dalo', 'Cassava']) }).where('id', '=', id).execute()
      await expect.poll(async () => readPage(await html()).text).toContain('Sells Dalo, Cassava')
      expect(paths.length).toBe(renders + 1)
      fail = true
      await app.db.updateTable('farmers').set({ produce: JSON.stringify(['Kumala']) }).where('id', '=', id).execute()
      await expect.poll(html).toContain('Sells Kumala')
      expect(await hydrateAt()).toBeUndefined()
      const failed = paths.length
      // Tried again on a later request (as the rate allows: five a second).
      await expect.poll(async () => (await html(), paths.length)).toBeGreaterThan(failed)
      fail = false
      await expect.poll(hydrateAt).toBe(`/farmers/${id}`)
    } finally {
      await app.close()
    }
  })

  it('farmer renders start at most five a second: beyond, each page is the plain card carrying its farmer', async () => {
    const paths: string[] = []
    const render: RenderPage = async (...args) => {
      paths.push(args[1])
      return (renderPage as RenderPage)(...args)
    }
    const app = await startTestApp({ webDir, extend: (deps) => void (deps.renderPage = render) })
    try {
      const ids = await Promise.all(Array.from({ length: 16 }, (_, i) => insertFarmer(app.db, { name: `Crawled Farmer ${i}`, town: 'Nausori', cities: ['Nausori'] })))
      const started = performance.now()
      for (const id of ids) expect(await (await fetch(`${app.baseUrl}/farmers/${id}`)).text()).toMatch(new RegExp(`id="vf-farmer">\\{"id":"${id}"`))
      const seconds = (performance.now() - started) / 1000
      expect(paths.length).toBeGreaterThanOrEqual(FARMER_RENDERS_PER_SECOND)
      expect(paths.length).toBeLessThanOrEqual(FARMER_RENDERS_PER_SECOND + Math.ceil(seconds * FARMER_RENDERS_PER_SECOND))
    } finally {
      await app.close()
    }
  })

  it('a step refused for want of renders leaves the steps kept as they are: a crawler cycling through many cannot push out the ones readers ask for', async () => {
    const rendered: string[] = []
    const render: RenderPage = async (_template, pagePath) => {
      rendered.push(pagePath)
      return `<html lang="en"><body>${pagePath}</body></html>`
    }
    const now = async () => ({ key: 'the day', scope: '', data: async () => ({}) })
    const pages = htmlPages(webDir, { pages: { '/browse-farmers': { now, withQuery: now } } }, undefined, render)
    expect((await pages.withData('/browse-farmers', 'en', 'city=Labasa'))?.plain.toString()).toContain('city=Labasa')
    // Far more steps than are kept, far faster than renders are allowed.
    const crawled = await Promise.all(Array.from({ length: 100 }, (_, i) => pages.withData('/browse-farmers', 'en', `city=Town${i}`)))
    expect(crawled.filter((page) => page === undefined).length).toBeGreaterThan(90)
    const renders = rendered.length
    // The reader's step is still kept: sent again without a render.
    expect((await pages.withData('/browse-farmers', 'en', 'city=Labasa'))?.plain.toString()).toContain('city=Labasa')
    expect(rendered).toHaveLength(renders)
  })

  it("a crawler spending the farmer pages' renders leaves browse's steps their own", async () => {
    const app = await startTestApp({ webDir, extend: (deps) => void (deps.renderPage = renderPage as RenderPage) })
    try {
      const ids = await Promise.all(Array.from({ length: 12 }, (_, i) => insertFarmer(app.db, { name: `Walked Farmer ${i}`, town: 'Nausori', cities: ['Nausori'] })))
      await Promise.all(ids.map((id) => fetch(`${app.baseUrl}/farmers/${id}`)))
      const step = readPage(await (await fetch(`${app.baseUrl}/browse-farmers?city=Nausori&all=1`, { headers: { 'sec-fetch-dest': 'document' } })).text())
      expect(step.hydrateAt).toBe('/browse-farmers?city=Nausori&all=1')
      expect(step.text).toContain('Walked Farmer 0')
    } finally {
      await app.close()
    }
  })

  it('at most two farmer pages render at once: a crawler walking the sitemap gets plain cards beyond', async () => {
    const gated = gatedRender()
    const app = await startTestApp({ webDir, extend: (deps) => void (deps.renderPage = gated.render) })
    try {
      const ids = await Promise.all(['Mere Tuilau', 'Jone Baleca', 'Asha Lata', 'Vikash Kumar'].map((name) => insertFarmer(app.db, { name, town: 'Nausori', cities: ['Nausori'] })))
      const pages = await Promise.all(ids.map(async (id) => (await fetch(`${app.baseUrl}/farmers/${id}`)).text()))
      ids.forEach((id, i) => expect(pages[i]).toMatch(new RegExp(`id="vf-farmer">\\{"id":"${id}"`)))
      expect(gated.paths).toHaveLength(2)
    } finally {
      gated.release()
      await app.close()
    }
  })
})

describe('the town pages after a write', () => {
  /** The source's renderPage, which a test can hold (a render thread starting on a busy machine). */
  function gatedRender() {
    let gate: Promise<void> = Promise.resolve()
    let release = () => {}
    let renders = 0
    const render: RenderPage = async (...args) => {
      renders++
      await gate
      return (renderPage as RenderPage)(...args)
    }
    return {
      render,
      hold: () => (gate = new Promise((resolve) => (release = resolve))),
      release: () => release(),
      get renders() {
        return renders
      },
    }
  }
  const homeText = async (app: TestApp) => readPage(await (await fetch(`${app.baseUrl}/`)).text()).text

  it('with no bound (ANSWER_STALE_MS=0) the next request has the new town', async () => {
    expect(await homeText(api)).not.toMatch(/Levuka/)
    await insertFarmer(api.db, { name: 'Litia Naivalu', town: 'Levuka', cities: ['Levuka'] })
    expect(await homeText(api)).toMatch(/Levuka 1 farmer\b/)
  })

  it('within the bound the page from before goes out at once while the new one renders, once; then the new one', async () => {
    const gated = gatedRender()
    const app = await startTestApp({ webDir, answerStaleMs: 5_000, extend: (deps) => void (deps.renderPage = gated.render) })
    try {
      await insertFarmer(app.db, { name: 'Sereana Vunivalu', town: 'Savusavu', cities: ['Savusavu'] })
      expect(await homeText(app)).toMatch(/Savusavu 1 farmer\b/)
      await insertFarmer(app.db, { name: 'Jone Baleca', town: 'Rakiraki', cities: ['Rakiraki'] })
      gated.hold()
      // The render for the write is held: both requests are answered the page from before it.
      const [first, second] = await Promise.all([homeText(app), homeText(app)])
      for (const text of [first, second]) {
        expect(text).toMatch(/Savusavu 1 farmer\b/)
        expect(text).not.toMatch(/Rakiraki/)
      }
      // The render starts after the page's data is read (a query on PostgreSQL), which may be after
      // both answers went out: wait for it, then see the second request started none of its own.
      await expect.poll(() => gated.renders).toBe(2)
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(gated.renders).toBe(2)
      gated.release()
      await expect.poll(() => homeText(app)).toMatch(/Rakiraki 1 farmer\b/)
      expect(gated.renders).toBe(2)
    } finally {
      gated.release()
      await app.close()
    }
  })

  it('past the bound a request waits for the new page rather than send one older than the bound', async () => {
    const gated = gatedRender()
    const app = await startTestApp({ webDir, answerStaleMs: 200, extend: (deps) => void (deps.renderPage = gated.render) })
    try {
      await insertFarmer(app.db, { name: 'Sereana Vunivalu', town: 'Savusavu', cities: ['Savusavu'] })
      expect(await homeText(app)).toMatch(/Savusavu 1 farmer\b/)
      await new Promise((resolve) => setTimeout(resolve, 250))
      await insertFarmer(app.db, { name: 'Jone Baleca', town: 'Rakiraki', cities: ['Rakiraki'] })
      gated.hold()
      let settled = false
      const waiting = homeText(app).then((text) => ((settled = true), text))
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(settled).toBe(false)
      gated.release()
      expect(await waiting).toMatch(/Rakiraki 1 farmer\b/)
    } finally {
      gated.release()
      await app.close()
    }
  })
})
