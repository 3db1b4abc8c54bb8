// A request the contract's schemas refuse is answered in the product's words (zod-config.ts, decision
// 033), never zod's English ("Invalid option: expected one of …", "Invalid input: expected string,
// received number"): an enum query value not offered or given twice says "Invalid enum value", a value
// of the wrong type says what was expected, and a field left out still says its own "… is required".
// Refused writes store nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TableName } from '../../db/schema'
import { messages } from '../contract'
import { signInAs } from '../directory/testing'
import { queuedKey } from '../testing/send'
import { startTestApp, type TestApp } from '../testing/test-app'

const { common } = messages

let api: TestApp
let admin: Record<string, string>

beforeAll(async () => {
  api = await startTestApp()
  admin = (await signInAs(api.db, 'global_admin', 'Ana Global')).headers
})
afterAll(() => api.close())

const count = async (table: TableName) =>
  Number((await api.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)

/** Rows of every table a refused request could have written. */
const written = async () =>
  Object.fromEntries(await Promise.all((['farmer_signups', 'platform_reviews', 'search_analytics', 'idempotency_keys'] as const).map(async (t) => [t, await count(t)])))

const answerOf = async (res: Response) => ({ status: res.status, body: (await res.json()) as { message: string; issues?: { path: string; message: string }[] } })

describe('an enum in a query, not offered or given twice', () => {
  it.each([
    '/api/admin/signups/data-agent?range=lastYear',
    '/api/admin/signups/data-agent?range=today&range=last7days',
    '/api/admin/signups/data-agent/summary?range=yesterday',
    '/api/admin/signups/data-agent/export?range=',
    '/api/admin/signups?status=waiting',
    '/api/admin/signups?sort=name',
    '/api/admin/signups?status=pending&status=approved',
    '/api/admin/farmers?status=asleep',
    '/api/admin/farmers?sort=-name&sort=name',
    '/api/admin/farmers/export?status=asleep',
    '/api/admin/translations?locale=fj&status=done',
    '/api/analytics/live?days=5',
  ])('%s → 400 "Invalid enum value"', async (path) => {
    const { status, body } = await answerOf(await api.fetch(path, { headers: admin }))
    expect(status).toBe(400)
    expect(body.message).toBe(common.invalidEnumValue)
    expect(body.issues?.every((issue) => issue.message === common.invalidEnumValue)).toBe(true)
  })

  it('on a public list too', async () => {
    const { status, body } = await answerOf(await api.fetch('/api/farmers?delivery=yes'))
    expect({ status, message: body.message }).toEqual({ status: 400, message: common.invalidEnumValue })
  })
})

const signup = {
  name: 'Litia Naulu',
  phone: '+679 912 3456',
  cities: ['Suva'],
  produce: ['Dalo (Taro)'],
  subscriptionStart: '2026-03-01',
  subscriptionEnd: '2026-05-30',
  agreeToTerms: true,
}

describe('a JSON body with a value of the wrong type says what was expected; nothing is stored', () => {
  it.each<[string, string, unknown, string, string]>([
    ['a number for a signup name', '/api/farmer-signup', { ...signup, name: 42 }, 'name', common.expectedText],
    ['null for a signup phone', '/api/farmer-signup', { ...signup, phone: null }, 'phone', common.expectedText],
    ['one town/city as text, not a list', '/api/farmer-signup', { ...signup, cities: 'Suva' }, 'cities', common.expectedList],
    ['"yes" for the Terms of Use box', '/api/farmer-signup', { ...signup, agreeToTerms: 'yes' }, 'agreeToTerms', common.expectedTrueOrFalse],
    ['a rating as text', '/api/public/reviews', { rating: '5', comment: 'A fair price and fresh dalo.' }, 'rating', common.expectedNumber],
    ['a list for a body', '/api/farmer-signup', [signup], '', common.expectedObject],
    ['a search of two letters', '/api/analytics/search', { query: 'da' }, 'query', common.textTooShort],
    ['a result count below zero', '/api/analytics/search', { query: 'dalo', resultCount: -1 }, 'resultCount', common.numberTooSmall],
    ['a search type not offered', '/api/analytics/search', { query: 'dalo', searchType: 'fruit' }, 'searchType', common.invalidEnumValue],
  ])('%s → 400', async (_, path, body, field, message) => {
    const before = await written()
    const answer = await answerOf(await api.postJson(path, body, queuedKey()))
    expect(answer).toEqual({ status: 400, body: { message, issues: [{ path: field, message }] } })
    expect(await written()).toEqual(before)
  })

  it('a field left out still says its own "… is required"', async () => {
    const { name: _, ...withoutName } = signup
    const answer = await answerOf(await api.postJson('/api/farmer-signup', withoutName, queuedKey()))
    expect({ status: answer.status, message: answer.body.message }).toEqual({ status: 400, message: messages.farmerSignup.nameRequired })
    const { password: __, ...withoutPassword } = { email: 'ana@example.fj', password: 'x' }
    expect((await answerOf(await api.postJson('/api/auth/login', withoutPassword))).body.message).toBe(messages.auth.passwordRequired)
  })

  it('a password sent as a number says so, not that it is required', async () => {
    const answer = await answerOf(await api.postJson('/api/auth/login', { email: 'admin@test.vitifarmers.org.fj', password: 12345678 }))
    expect({ status: answer.status, message: answer.body.message }).toEqual({ status: 400, message: common.expectedText })
  })

  it('a farmer id that is no id says "Invalid input", not zod\'s "Invalid UUID"', async () => {
    const answer = await answerOf(await api.fetch('/api/farmers/not-a-farmer'))
    expect({ status: answer.status, message: answer.body.message }).toEqual({ status: 400, message: common.invalidInput })
  })
})
