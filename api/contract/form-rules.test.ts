// Issue 8, form rules: subscription order, invisible-only names, bare websites, the honeypot field.
import { describe, expect, it } from 'vitest'
import {
  ExpertRegistrationSchema,
  FarmerCreateSchema,
  FarmerSignupSchema,
  FarmerSubscriptionUpdateSchema,
  FarmReviewCreateSchema,
  FarmerUpdateSchema,
  HONEYPOT_FIELD,
  PlatformReviewCreateSchema,
  messages,
} from './index'
import { firstMessage } from './test-helpers'

const END_BEFORE_START = 'Subscription end date must be after the start date'
const signup = {
  name: 'Sereana Vula',
  phone: '+679 010 1234',
  cities: ['Suva'],
  produce: ['Dalo'],
  subscriptionStart: '2026-01-10',
  subscriptionEnd: '2026-04-10',
  agreeToTerms: true,
}
const farmer = { ...signup, email: 'sereana@example.fj' }

describe('subscription end before start', () => {
  it('is refused with the message in every schema that carries both dates', () => {
    expect(messages.farmerSignup.subscriptionEndBeforeStart).toBe(END_BEFORE_START)
    expect(messages.farmers.subscriptionEndBeforeStart).toBe(END_BEFORE_START)
    const early = { subscriptionStart: '2026-04-10', subscriptionEnd: '2026-01-10' }
    expect(firstMessage(FarmerSignupSchema, { ...signup, ...early })).toBe(END_BEFORE_START)
    expect(firstMessage(FarmerCreateSchema, { ...farmer, ...early })).toBe(END_BEFORE_START)
    expect(firstMessage(FarmerUpdateSchema, early)).toBe(END_BEFORE_START)
    expect(firstMessage(FarmerSubscriptionUpdateSchema, { ...early, isActive: true })).toBe(END_BEFORE_START)
  })

  it('refuses equal dates (a subscription that ends as it starts), also across date and date-time forms', () => {
    expect(firstMessage(FarmerSignupSchema, { ...signup, subscriptionEnd: '2026-01-10' })).toBe(END_BEFORE_START)
    expect(firstMessage(FarmerSubscriptionUpdateSchema, { subscriptionStart: '2026-01-10', subscriptionEnd: '2026-01-10T00:00:00.000Z', isActive: true })).toBe(END_BEFORE_START)
  })

  it('points at the end date field, and leaves a one-date patch alone', () => {
    const result = FarmerSignupSchema.safeParse({ ...signup, subscriptionEnd: '2025-01-01' })
    expect(result.success ? [] : result.error.issues.map((i) => i.path.join('.'))).toEqual(['subscriptionEnd'])
    expect(FarmerUpdateSchema.safeParse({ subscriptionEnd: '2020-01-01' }).success).toBe(true)
    expect(FarmerSignupSchema.safeParse({ ...signup, subscriptionEnd: '2026-01-11' }).success).toBe(true)
  })
})

describe('names of only invisible characters', () => {
  const invisible = [
    ['zero-width spaces', '\u200B\u200B\u200B'],
    ['no-break spaces', '\u00A0\u00A0'],
    ['joiners and a word joiner', '\u200C\u200D\u2060'],
    ['byte-order mark and soft hyphen', '\uFEFF\u00AD'],
    ['bidi marks', '\u200E\u200F\u202A\u202C'],
    ['Hangul filler', '\u3164'],
    ['braille blank', '\u2800'],
    ['ideographic space and tab', '\u3000\t'],
  ] as const
  it.each(invisible)('%s are an empty name', (_, name) => {
    expect(firstMessage(FarmerSignupSchema, { ...signup, name })).toBe(messages.farmerSignup.nameRequired)
    expect(firstMessage(FarmerCreateSchema, { ...farmer, name })).toBe(messages.farmers.nameRequired)
    expect(firstMessage(ExpertRegistrationSchema, { name, contactNumber: '+679 010 1234', email: 'a@example.fj' })).toBe(messages.experts.nameRequired)
  })

  it('treats invisible-only optional text as absent and invisible-only review comments as empty', () => {
    expect(FarmerSignupSchema.parse({ ...signup, town: '\u200B\u200B' }).town).toBeUndefined()
    expect(PlatformReviewCreateSchema.parse({ rating: 5, comment: 'Good farmers, fair prices.', userName: '\u200B' }).userName).toBeUndefined()
    expect(firstMessage(PlatformReviewCreateSchema, { rating: 5, comment: '\u200B'.repeat(12) })).toBe(messages.reviews.commentMinChars)
    expect(firstMessage(FarmReviewCreateSchema, { farmId: '3f2b8c1e-9a4d-4c3b-8e2f-1a2b3c4d5e6f', comment: '\u200B\u2060' })).toBe(messages.farmReviews.commentRequired)
  })

  it('keeps names with visible letters, joiners inside them included', () => {
    expect(FarmerSignupSchema.parse({ ...signup, name: 'Mere\u200D Naivalu' }).name).toBe('Mere\u200D Naivalu')
    expect(FarmerSignupSchema.parse({ ...signup, name: 'वि' }).name).toBe('वि')
  })
})

describe('website without a scheme', () => {
  it('stores www.example.fj as https://www.example.fj', () => {
    expect(FarmerSignupSchema.parse({ ...signup, website: 'www.example.fj' }).website).toBe('https://www.example.fj')
    expect(FarmerCreateSchema.parse({ ...farmer, website: ' example.fj/farm ' }).website).toBe('https://example.fj/farm')
    expect(FarmerSignupSchema.parse({ ...signup, website: 'http://example.fj' }).website).toBe('http://example.fj')
    expect(FarmerSignupSchema.parse({ ...signup, website: '' }).website).toBeUndefined()
  })

  it('still refuses what is no web address', () => {
    for (const website of ['javascript:alert(1)', 'mailto:a@example.fj', 'not a url', 'ftp://example.fj', 'farm']) {
      expect(firstMessage(FarmerSignupSchema, { ...signup, website }), website).toBe(messages.farmerSignup.websiteInvalid)
    }
  })
})

describe('honeypot field', () => {
  it('is an optional part of the public bodies, so a filled one still parses (the server decides)', () => {
    expect(HONEYPOT_FIELD).toBe('homepage')
    const review = { rating: 5, comment: 'Ten words at the least are not needed by this schema.' }
    expect(PlatformReviewCreateSchema.parse({ ...review, homepage: 'x' }).homepage).toBe('x')
    expect(PlatformReviewCreateSchema.parse(review).homepage).toBeUndefined()
    expect(FarmerSignupSchema.safeParse({ ...signup, homepage: 'https://spam.example' }).success).toBe(true)
  })
})
