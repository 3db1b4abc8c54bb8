import { describe, expect, it } from 'vitest'
import {
  FarmReviewCreateSchema,
  FarmReviewsQuerySchema,
  FarmsWithRatingsQuerySchema,
  PlatformReviewCreateSchema,
  PublicReviewsQuerySchema,
  PlatformReviewFormSchema,
  ReviewModerationSchema,
  countWords,
  ratingLabel,
} from './reviews'
import { messages } from './messages'
import { firstMessage } from './test-helpers'

const m = messages.reviews
const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ')
const review = { rating: 4, comment: 'Found great dalo growers near Nausori.' }

describe('PlatformReviewCreateSchema (server)', () => {
  it('accepts an anonymous review, with empty name and e-mail', () => {
    expect(PlatformReviewCreateSchema.parse({ ...review, userName: '', userEmail: '' })).toEqual(review)
  })
  it.each([
    ['rating 0', { rating: 0 }, m.ratingMin],
    ['rating 6', { rating: 6 }, m.ratingMax],
    ['bad e-mail', { userEmail: 'me@' }, m.userEmailInvalid],
    ['name over 100', { userName: 'x'.repeat(101) }, m.userNameMax],
    ['comment under 10 characters', { comment: 'Good' }, m.commentMinChars],
    ['comment over 500 characters', { comment: 'x'.repeat(501) }, m.commentMaxChars],
  ])('%s → message', (_, patch, expected) => {
    expect(firstMessage(PlatformReviewCreateSchema, { ...review, ...patch })).toBe(expected)
  })
})

describe('PlatformReviewFormSchema (home form)', () => {
  it('counts words', () => {
    expect(countWords('')).toBe(0)
    expect(countWords('  one  two\nthree ')).toBe(3)
  })
  it('accepts 10 to 100 words', () => {
    expect(PlatformReviewFormSchema.safeParse({ rating: 5, comment: words(10) }).success).toBe(true)
    expect(PlatformReviewFormSchema.safeParse({ rating: 5, comment: words(100) }).success).toBe(true)
  })
  it('refuses 101 words', () => {
    expect(firstMessage(PlatformReviewFormSchema, { rating: 5, comment: 'a '.repeat(101) })).toBe(m.commentMaxWords)
  })
  it('refuses fewer than 10 words even when long enough in characters', () => {
    expect(firstMessage(PlatformReviewFormSchema, { rating: 5, comment: 'Excellent service overall' })).toBe(
      m.commentMinWords,
    )
  })
  it('asks for a star rating when none is chosen', () => {
    expect(firstMessage(PlatformReviewFormSchema, { rating: 0, comment: words(12) })).toBe(m.ratingRequired)
    expect(firstMessage(PlatformReviewFormSchema, { comment: words(12) })).toBe(m.ratingRequired)
  })
  it('its output is a valid server body', () => {
    const out = PlatformReviewFormSchema.parse({ rating: 3, comment: words(12), userName: 'Jone' })
    expect(PlatformReviewCreateSchema.safeParse(out).success).toBe(true)
  })
})

describe('FarmReviewCreateSchema', () => {
  const farmId = '0b7c7a52-8f7e-4f57-9d2a-6a1f3b2c4d5e'
  it('defaults the rating to 5', () => {
    expect(FarmReviewCreateSchema.parse({ farmId, comment: 'Sweet pineapples' }).rating).toBe(5)
  })
  it.each([
    ['comment over 1000', { comment: 'x'.repeat(1001) }, messages.farmReviews.commentMax],
    ['empty comment', { comment: '' }, messages.farmReviews.commentRequired],
    ['rating 0', { rating: 0, comment: 'ok' }, m.ratingMin],
    ['rating 6', { rating: 6, comment: 'ok' }, m.ratingMax],
  ])('%s → message', (_, patch, expected) => {
    const base = { farmId, comment: 'ok' }
    expect(firstMessage(FarmReviewCreateSchema, { ...base, ...patch })).toBe(expected)
  })
  it('needs a farm uuid', () => {
    expect(FarmReviewCreateSchema.safeParse({ farmId: '12', comment: 'ok' }).success).toBe(false)
    expect(firstMessage(FarmReviewCreateSchema, { farmId: '12', comment: 'ok' })).toBe(messages.farmReviews.farmNotFound)
  })
  it('says a missing farm is required, not zod\'s "expected string, received undefined"', () => {
    expect(firstMessage(FarmReviewCreateSchema, { comment: 'Sweet pineapples' })).toBe(messages.farmReviews.farmRequired)
  })
  it('says a rating of 4.5 must be a whole number', () => {
    expect(firstMessage(FarmReviewCreateSchema, { farmId, rating: 4.5, comment: 'ok' })).toBe(m.ratingWholeNumber)
    expect(firstMessage(PlatformReviewCreateSchema, { ...review, rating: 4.5 })).toBe(m.ratingWholeNumber)
  })
})

describe('page queries (FarmReviewsQuerySchema, PublicReviewsQuerySchema, FarmsWithRatingsQuerySchema)', () => {
  it.each([
    ['?page=1&page=2', { page: ['1', '2'] }, messages.common.pageInvalid],
    ['?page=abc', { page: 'abc' }, messages.common.pageInvalid],
    ['?page=0', { page: '0' }, messages.common.pageInvalid],
    ['?limit=abc', { limit: 'abc' }, messages.common.limitInvalid],
    ['?limit=5&limit=6', { limit: ['5', '6'] }, messages.common.limitInvalid],
  ])('%s → a clear message', (_, query, expected) => {
    for (const schema of [FarmReviewsQuerySchema, PublicReviewsQuerySchema, FarmsWithRatingsQuerySchema]) expect(firstMessage(schema, query)).toBe(expected)
  })
  it('still reads one page and limit', () => {
    expect(FarmReviewsQuerySchema.parse({ page: '2', limit: '5' })).toEqual({ page: 2, limit: 5 })
  })
})

describe('ReviewModerationSchema', () => {
  it('rejecting needs a reason', () => {
    expect(firstMessage(ReviewModerationSchema, { status: 'rejected' })).toBe(messages.signups.rejectionReasonRequired)
    expect(ReviewModerationSchema.safeParse({ status: 'approved' }).success).toBe(true)
  })
})

describe('ratingLabel', () => {
  it('labels averages by rounding', () => {
    expect(ratingLabel(1)).toBe('Poor')
    expect(ratingLabel(3.6)).toBe('Very Good')
    expect(ratingLabel(4.5)).toBe('Excellent')
    expect(ratingLabel(0)).toBe('Poor')
  })
})
