// Text with a control character (NUL above all: PostgreSQL cannot store it, SQLite would) is refused
// once, at the edge, for every route: path parameters, query values and JSON bodies at any depth,
// keys too. The same 400 on both databases (this file runs in the api and api-postgres projects), and
// nothing stored. Tab, line feed and carriage return stay allowed: textareas produce them. Invisible
// direction controls and zero-width characters are refused the same way (a right-to-left override
// makes a name read backwards in the public directory); the zero-width joiner and non-joiner stay.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TableName } from '../../db/schema'
import { messages } from '../contract'
import { insertFarmer } from '../directory/testing'
import { queuedKey } from '../testing/send'
import { startTestApp, type TestApp } from '../testing/test-app'
import { hasControlCharacter, withoutControlCharacters } from '../contract/control-characters'
import { controlCharacterPath } from './contract-router'

const refused = { message: messages.common.controlCharacters }

let api: TestApp
let farmId: string

beforeAll(async () => {
  api = await startTestApp()
  farmId = await insertFarmer(api.db, { name: 'Nul Farm', cities: ['Suva'], produce: ['Tomatoes'] })
})
afterAll(() => api.close())

const count = async (table: TableName) =>
  Number((await api.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)

/** Rows of every table a refused request could have written. */
const written = async () =>
  Object.fromEntries(
    await Promise.all((['platform_reviews', 'farm_reviews', 'farmer_signups', 'subject_matter_experts', 'search_analytics', 'idempotency_keys'] as const).map(async (t) => [t, await count(t)])),
  )

const signup = {
  name: 'Litia Naulu',
  phone: '+679 912 3456',
  cities: ['Suva'],
  produce: ['Dalo (Taro)'],
  subscriptionStart: '2026-03-01',
  subscriptionEnd: '2026-05-30',
  agreeToTerms: true,
}

describe('control characters in a request', () => {
  it.each([
    '/api/farmers/locations/a%00b/farmers', '/api/produce/by-location/a%00b', '/api/farms-with-ratings?city=a%00b', '/api/farmers?search=dalo%00', '/api/farms-with-ratings?ci%00ty=Suva', '/api/farmers/locations/Suva%07/farmers',
    // A right-to-left override, a zero-width space, a byte order mark, a right-to-left isolate.
    '/api/farmers?search=dalo%E2%80%AE', '/api/farmers/locations/Suva%E2%80%8B/farmers', '/api/farms-with-ratings?city=%EF%BB%BFSuva', '/api/produce/by-location/%E2%81%A7Nadi',
  ])(
    'GET %s → 400, never 500',
    async (path) => {
      const res = await api.fetch(path)
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject(refused)
    },
  )

  it.each<[string, string, unknown]>([
    ['a platform review comment with NUL', '/api/public/reviews', { rating: 5, comment: 'abc\u0000defghijklmno' }],
    ['a platform review comment with BEL', '/api/public/reviews', { rating: 5, comment: 'abc\u0007defghijklmno' }],
    ['a platform review comment with DEL', '/api/public/reviews', { rating: 5, comment: 'abc\u007fdefghijklmno' }],
    ['a farm review comment with NUL', '/api/farm-reviews', { farmId: '<farm>', rating: 5, comment: 'abc\u0000def' }],
    ['a farmer signup name with NUL', '/api/farmer-signup', { ...signup, name: 'Litia\u0000' }],
    ['a farmer signup phone ending in NUL', '/api/farmer-signup', { ...signup, phone: '+679\u0000' }],
    ['a farmer signup town/city deep in a list', '/api/farmer-signup', { ...signup, cities: ['Suva', 'Nadi\u0000'] }],
    ['a key with NUL', '/api/farmer-signup', { ...signup, 'na\u0000me': 'x' }],
    ['a string nested deep in an unknown field', '/api/public/reviews', { rating: 5, comment: 'A fine review of the site', x: [{ y: [[{ z: 'a\u001fb' }]] }] }],
    ['a search query with NUL', '/api/analytics/search', { query: 'dalo\u0000' }],
    ['a farmer signup name with half a surrogate pair', '/api/farmer-signup', { ...signup, name: '\ud800Litia' }],
    ['a farm review comment ending in the other half alone', '/api/farm-reviews', { farmId: '<farm>', rating: 5, comment: 'Good dalo\udc00' }],
    ['a farmer signup name with a right-to-left override (it would read backwards)', '/api/farmer-signup', { ...signup, name: 'Litia \u202eualuaN' }],
    ['a farmer signup name in a right-to-left isolate', '/api/farmer-signup', { ...signup, name: '\u2067Litia Naulu\u2069' }],
    ['a farmer signup name with a left-to-right embedding', '/api/farmer-signup', { ...signup, name: '\u202aLitia\u202c Naulu' }],
    ['a farmer signup phone with a right-to-left mark', '/api/farmer-signup', { ...signup, phone: '+679\u200f 912 3456' }],
    ['a produce name with a word joiner', '/api/farmer-signup', { ...signup, produce: ['Dalo\u2060 (Taro)'] }],
    ['a platform review comment with a zero-width space', '/api/public/reviews', { rating: 5, comment: 'A fine\u200b review of the site' }],
    ['a platform review name with an Arabic letter mark', '/api/public/reviews', { userName: 'Mere\u061c', rating: 5, comment: 'A fine review of the site' }],
    ['a farm review comment starting with a byte order mark', '/api/farm-reviews', { farmId: '<farm>', rating: 5, comment: '\ufeffGood dalo' }],
    ['an expert name with a left-to-right mark', '/api/public/expert-signup', { name: 'Dr Mere\u200e', contactNumber: '+679 912 3456', email: 'mere@example.fj' }],
  ])('POST %s → 400, nothing stored', async (_, path, body) => {
    const before = await written()
    const sent = JSON.parse(JSON.stringify(body).replace('<farm>', farmId)) as unknown
    const res = await api.postJson(path, sent, queuedKey())
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject(refused)
    expect(await written()).toEqual(before)
  })

  it('names where the character is, not the text itself', async () => {
    const res = await api.postJson('/api/public/reviews', { rating: 5, comment: 'abc\u0000defghijklmno' }, queuedKey())
    expect(await res.json()).toEqual({ ...refused, issues: [{ path: 'comment', message: refused.message }] })
  })

  it('keeps tab, line feed and carriage return, which textareas produce', async () => {
    const comment = 'Line one of the review\r\nLine two,\tafter a tab'
    const res = await api.postJson('/api/public/reviews', { rating: 5, comment }, queuedKey())
    expect(res.status).toBe(201)
    const { id } = (await res.json()) as { id: string }
    expect((await api.db.selectFrom('platform_reviews').select('comment').where('id', '=', id).executeTakeFirstOrThrow()).comment).toBe(comment)
  })

  it('keeps the zero-width joiner and non-joiner, which emoji sequences and Indic scripts need', async () => {
    const comment = 'Good dalo from our farmer \u{1F469}\u200d\u{1F33E}, and क्\u200cष too'
    const res = await api.postJson('/api/public/reviews', { rating: 5, comment }, queuedKey())
    expect(res.status).toBe(201)
    const { id } = (await res.json()) as { id: string }
    expect((await api.db.selectFrom('platform_reviews').select('comment').where('id', '=', id).executeTakeFirstOrThrow()).comment).toBe(comment)
  })

  it('keeps the answers of clean requests', async () => {
    expect((await api.fetch('/api/farms-with-ratings?city=Suva')).status).toBe(200)
    expect((await api.postJson('/api/farm-reviews', { farmId, rating: 5, comment: 'Good tomatoes' }, queuedKey())).status).toBe(201)
    expect((await api.fetch(`/api/farmers/${randomUUID()}`)).status).toBe(404)
  })
})

describe('controlCharacterPath', () => {
  it('finds a control character in a string or key at any depth, and names its path', () => {
    expect(controlCharacterPath({ a: 'ok', b: [1, 'x', { c: 'y\u0000' }] })).toBe('b.2.c')
    expect(controlCharacterPath({ 'k\u0001': 'v' })).toBe('')
    expect(controlCharacterPath({ a: { 'k\u0001': 'v' } })).toBe('a')
    expect(controlCharacterPath('\u0000')).toBe('')
    expect(controlCharacterPath({ a: 'tab\there', b: 'lines\r\n', c: 1, d: null, e: true })).toBeUndefined()
  })

  it('walks a wide or deep body without overflowing the stack', () => {
    const wide = { x: new Array<unknown>(200_000).fill('fine') }
    expect(controlCharacterPath(wide)).toBeUndefined()
    let deep: unknown = 'end\u0000'
    for (let i = 0; i < 100_000; i++) deep = [deep]
    expect(controlCharacterPath({ deep })).toBe(`deep${'.0'.repeat(100_000)}`)
  })

  it('leaves what is no parsed JSON alone (a photo upload\'s bytes)', () => {
    expect(controlCharacterPath(Buffer.from([0, 1, 2]))).toBeUndefined()
  })

  it('refuses C0 controls but tab, LF and CR, and DEL; keeps everything else', () => {
    const refusedCodes = [...Array(0x20).keys(), 0x7f].filter((c) => ![0x09, 0x0a, 0x0d].includes(c))
    for (const code of refusedCodes) expect(hasControlCharacter(`a${String.fromCharCode(code)}b`), code.toString(16)).toBe(true)
    for (const text of ['\t\n\r', 'Nausori – Dalo (Taro) 🌱', 'ā ē ī', '\u00a0', '\u0085']) expect(hasControlCharacter(text), text).toBe(false)
  })

  it('refuses invisible direction controls and zero-width characters, keeps the zero-width joiner and non-joiner', () => {
    const refusedCodes = [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200e, 0x200f, 0x061c, 0x200b, 0x2060, 0xfeff]
    for (const code of refusedCodes) expect(hasControlCharacter(`Litia${String.fromCharCode(code)}Naulu`), code.toString(16)).toBe(true)
    for (const text of ['\u{1F469}\u200d\u{1F33E}', 'क्\u200cष', 'क्\u200dष', '\u00ad', 'مرحبا']) expect(hasControlCharacter(text), escape(text)).toBe(false)
    expect(withoutControlCharacters('\ufeffLitia \u202eualuaN\u202c\u200b \u{1F469}\u200d\u{1F33E}')).toBe('Litia ualuaN \u{1F469}\u200d\u{1F33E}')
  })

  it('refuses half a surrogate pair alone (SQLite and PostgreSQL stored it differently), and a form drops it', () => {
    for (const text of ['\ud800', '\ud800X', 'X\udc00', '\udc00\ud800', '🌱\ud83c']) expect(hasControlCharacter(text), escape(text)).toBe(true)
    for (const text of ['🌱', 'a🌱b🌱', '\ud83c\udf31']) expect(hasControlCharacter(text), escape(text)).toBe(false)
    expect(withoutControlCharacters('a\ud800b🌱\udc00c')).toBe('ab🌱c')
  })
})
