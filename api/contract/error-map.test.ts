// Zod's own English never reaches a client (zod-config.ts, decision 033): every issue of every route's
// params, query and body schema, for values of every JSON type, says a text of messages.ts; a missing
// field says it is required, a value of the wrong type says what was expected. The form (zodResolver)
// and the server parse with these same schemas, so they say the same words.
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  FarmerCreateSchema, FarmerSignupSchema, FarmReviewCreateSchema, LoginSchema, PlatformReviewCreateSchema, PlatformReviewFormSchema,
  messages, routeKey, routes, type RouteDef,
} from './index'
import { firstMessage, isProductText, objectOf } from './test-helpers'

const { common } = messages

/** A value of every JSON type and a few shapes that break bounds: each one in each field in turn. */
const probes: Record<string, unknown> = {
  absent: undefined, null: null, number: 123, fraction: 1.5, negative: -1, huge: 1e12, boolean: true, text: 'x', empty: '',
  long: 'x'.repeat(20_001), 'empty list': [], 'list of text': ['x'], 'list of numbers': [1], 'long list': Array.from({ length: 1_001 }, (_, i) => `v${i}`),
  object: {}, 'query given twice': ['a', 'b'], uuid: '5e413313-4d69-4fef-a4cc-dbcbed2fa05c', 'impossible date': '2026-02-30',
}

describe('every route, every field, every kind of value: the words are the product\'s', () => {
  it.each((routes as readonly RouteDef[]).map((route) => [routeKey(route), route] as const))('%s', (_, route) => {
    const leaked: string[] = []
    for (const part of ['params', 'query', 'body'] as const) {
      const schema = route[part]
      if (!schema) continue
      const wholes = part === 'body' ? [[], 'x', 1, null] : []
      const fields = Object.keys(objectOf(schema)?.shape ?? {})
      const inputs = [...wholes.map((value) => ({ what: JSON.stringify(value), value })), ...fields.flatMap((field) => Object.entries(probes).map(([what, value]) => ({ what: `${field} ${what}`, value: { [field]: value } })))]
      for (const { what, value } of inputs) {
        const result = schema.safeParse(value)
        for (const issue of result.error?.issues ?? []) if (!isProductText(issue.message)) leaked.push(`${part} ${what} → "${issue.message}"`)
      }
    }
    expect(leaked).toEqual([])
  })
})

describe('a missing field is not a wrong type', () => {
  const signup = {
    name: 'Litia Naulu', phone: '+679 912 3456', cities: ['Suva'], produce: ['Dalo (Taro)'],
    subscriptionStart: '2026-03-01', subscriptionEnd: '2026-05-30', agreeToTerms: true,
  }
  const without = <T extends object>(body: T, field: keyof T) => Object.fromEntries(Object.entries(body).filter(([key]) => key !== field))

  it.each<[string, z.ZodType, Record<string, unknown>, string, string]>([
    ['a signup name', FarmerSignupSchema, signup, 'name', messages.farmerSignup.nameRequired],
    ['a signup phone', FarmerSignupSchema, signup, 'phone', messages.farmerSignup.phoneRequired],
    ['a signup town/city list', FarmerSignupSchema, signup, 'cities', messages.farmerSignup.citiesRequired],
    ['a signup start date', FarmerSignupSchema, signup, 'subscriptionStart', messages.farmerSignup.subscriptionStartRequired],
    ['the Terms of Use box', FarmerSignupSchema, signup, 'agreeToTerms', messages.farmerSignup.agreeToTermsRequired],
    ['a review rating', PlatformReviewCreateSchema, { rating: 5, comment: 'A fair price and fresh dalo.' }, 'rating', messages.reviews.ratingRequired],
    ['a farm review comment', FarmReviewCreateSchema, { farmId: '5e413313-4d69-4fef-a4cc-dbcbed2fa05c', comment: 'Good' }, 'comment', messages.farmReviews.commentRequired],
    ['a sign-in password', LoginSchema, { email: 'ana@example.fj', password: 'x' }, 'password', messages.auth.passwordRequired],
  ])('%s left out says its own required text', (_, schema, body, field, expected) => {
    expect(firstMessage(schema, without(body, field))).toBe(expected)
  })

  it.each<[string, z.ZodType, Record<string, unknown>, string]>([
    ['a number for a signup name', FarmerSignupSchema, { ...signup, name: 42 }, common.expectedText],
    ['a list for a signup phone', FarmerSignupSchema, { ...signup, phone: ['+679 912 3456'] }, common.expectedText],
    ['null for a signup name', FarmerSignupSchema, { ...signup, name: null }, common.expectedText],
    ['one town/city as text, not a list', FarmerSignupSchema, { ...signup, cities: 'Suva' }, common.expectedList],
    ['a number in the town/city list', FarmerSignupSchema, { ...signup, cities: [7] }, common.expectedText],
    ['a date as a number', FarmerSignupSchema, { ...signup, subscriptionStart: 20260301 }, common.expectedText],
    ['"yes" for the Terms of Use box', FarmerSignupSchema, { ...signup, agreeToTerms: 'yes' }, common.expectedTrueOrFalse],
    ['"yes" for delivery', FarmerSignupSchema, { ...signup, deliveryAvailable: 'yes' }, common.expectedTrueOrFalse],
    ['a rating as text', PlatformReviewCreateSchema, { rating: '5', comment: 'A fair price and fresh dalo.' }, common.expectedNumber],
    ['a rating as text, home form', PlatformReviewFormSchema, { rating: '5', comment: 'one two three four five six seven eight nine ten' }, common.expectedNumber],
    ['a review comment as a number', PlatformReviewCreateSchema, { rating: 5, comment: 1234567890 }, common.expectedText],
    ['a password as a number', LoginSchema, { email: 'ana@example.fj', password: 12345678 }, common.expectedText],
    ['a list for an admin farmer name', FarmerCreateSchema, { ...signup, email: 'litia@example.fj', name: ['Litia'] }, common.expectedText],
  ])('%s says what was expected', (_, schema, body, expected) => {
    expect(firstMessage(schema, body)).toBe(expected)
  })

  it('keeps the schema\'s own texts for what they say: empty, too long, too low', () => {
    expect(firstMessage(FarmerSignupSchema, { ...signup, name: '   ' })).toBe(messages.farmerSignup.nameRequired)
    expect(firstMessage(FarmerSignupSchema, { ...signup, cities: [] })).toBe(messages.farmerSignup.citiesRequired)
    expect(firstMessage(FarmerSignupSchema, { ...signup, agreeToTerms: false })).toBe(messages.farmerSignup.agreeToTermsRequired)
    expect(firstMessage(FarmerSignupSchema, { ...signup, name: 'a'.repeat(256) })).toBe(messages.farmerSignup.nameMax)
    expect(firstMessage(PlatformReviewFormSchema, { rating: 0, comment: 'one two three four five six seven eight nine ten' })).toBe(messages.reviews.ratingRequired)
    expect(firstMessage(PlatformReviewCreateSchema, { rating: 4.5, comment: 'A fair price and fresh dalo.' })).toBe(messages.reviews.ratingWholeNumber)
  })

  it('an admin farmer with more than 50 towns/cities says so, not that one is required', () => {
    const cities = Array.from({ length: 51 }, (_, i) => `Town ${i}`)
    expect(firstMessage(FarmerCreateSchema, { ...signup, email: 'litia@example.fj', cities })).toBe(messages.farmerSignup.citiesMax)
  })
})

describe('the generic words, where a schema gives none', () => {
  it.each<[string, z.ZodType, unknown, string]>([
    ['a field left out', z.object({ a: z.string() }), {}, common.required],
    ['a wrong type', z.object({ a: z.string() }), { a: 1 }, common.expectedText],
    ['an enum value not offered, or given twice', z.enum(['a', 'b']), ['a', 'b'], common.invalidEnumValue],
    ['an enum value not offered', z.enum(['a', 'b']), 'c', common.invalidEnumValue],
    ['an enum left out', z.object({ a: z.enum(['a', 'b']) }), {}, common.required],
    ['empty text', z.string().min(1), '', common.required],
    ['text too short', z.string().min(3), 'ab', common.textTooShort],
    ['text too long', z.string().max(3), 'abcd', common.textTooLong],
    ['an empty list', z.array(z.string()).min(1), [], common.required],
    ['a list too short', z.array(z.string()).min(2), ['a'], common.tooFewItems],
    ['a list too long', z.array(z.string()).max(1), ['a', 'b'], common.tooManyItems],
    ['a number too small', z.number().nonnegative(), -1, common.numberTooSmall],
    ['a number too large', z.number().max(10), 11, common.numberTooLarge],
    ['a fraction for a whole number', z.number().int(), 1.5, common.expectedWholeNumber],
    ['a number for true or false', z.boolean(), 1, common.expectedTrueOrFalse],
    ['a list for an object', z.object({}), [], common.expectedObject],
    ['an impossible date', z.iso.date(), '2026-02-30', common.invalidDate],
    ['a malformed uuid', z.uuid(), 'abc', common.invalidInput],
    ['a refine without a message', z.string().refine(() => false), 'x', common.invalidInput],
  ])('%s', (_, schema, input, expected) => {
    expect(firstMessage(schema, input)).toBe(expected)
  })
})
