import { beforeAll, describe, expect, it } from 'vitest'
import { catalogPartsReady } from '../../../i18n/runtime'
import type { AdminFarmReview, PlatformReview } from '../../../../api/contract/reviews'
import { farmReviewStats, filterFarmReviews, ratingPalette, reviewCounts, reviewsInTab, truncate } from './moderation'

const farmReview = (over: Partial<AdminFarmReview>): AdminFarmReview => ({
  id: crypto.randomUUID(),
  farmId: '11111111-1111-4111-8111-111111111111',
  farmName: 'Waidradra Farm',
  senderKey: null,
  isDemo: false,
  rating: 5,
  comment: 'Fresh dalo',
  createdAt: '2026-11-20T00:00:00.000Z',
  ...over,
})
const review = (status: PlatformReview['status']): PlatformReview => ({
  id: crypto.randomUUID(),
  userName: null,
  userEmail: null,
  rating: 4,
  comment: 'c',
  status,
  reviewedBy: null,
  reviewedAt: null,
  rejectionReason: null,
  createdAt: '2026-11-20T00:00:00.000Z',
  updatedAt: '2026-11-20T00:00:00.000Z',
  isDemo: false,
})

beforeAll(() => catalogPartsReady(['admin']))

describe('platform review tabs', () => {
  it('counts each status and All, and filters by tab', () => {
    const reviews = [review('pending'), review('pending'), review('approved'), review('rejected')]
    expect(reviewCounts(reviews)).toEqual({ pending: 2, approved: 1, rejected: 1, all: 4 })
    expect(reviewsInTab(reviews, 'approved')).toHaveLength(1)
    expect(reviewsInTab(reviews, 'all')).toHaveLength(4)
  })
})

describe('farm reviews', () => {
  it('colours 4 and up green, 3 up to 4 yellow, below 3 red', () => {
    expect([5, 4, 3.9, 3, 2.9, 1].map(ratingPalette)).toEqual(['green', 'green', 'yellow', 'yellow', 'red', 'red'])
  })

  it('truncates at the limit with an ellipsis, and leaves shorter text', () => {
    expect(truncate('x'.repeat(50), 50)).toBe('x'.repeat(50))
    expect(truncate('x'.repeat(51), 50)).toBe(`${'x'.repeat(50)}…`)
  })

  it('stats: average to one decimal, distinct farms, 5-star count', () => {
    const other = '22222222-2222-4222-8222-222222222222'
    expect(farmReviewStats([farmReview({ rating: 5 }), farmReview({ rating: 4 }), farmReview({ rating: 4, farmId: other })])).toEqual({
      total: 3,
      averageRating: '4.3',
      farmsReviewed: 2,
      fiveStar: 1,
    })
    expect(farmReviewStats([]).averageRating).toBe('0.0')
  })

  it('filters by farm name or comment in any case, and by rating; unknown farms match their label', () => {
    const reviews = [farmReview({ comment: 'Great CASSAVA' }), farmReview({ farmName: 'Sigatoka Greens', rating: 2 }), farmReview({ farmName: null, rating: 1 })]
    expect(filterFarmReviews(reviews, 'cassava', null)).toHaveLength(1)
    expect(filterFarmReviews(reviews, 'sigatoka', null)).toHaveLength(1)
    expect(filterFarmReviews(reviews, 'unknown', null)).toHaveLength(1)
    expect(filterFarmReviews(reviews, '', 2)).toHaveLength(1)
    expect(filterFarmReviews(reviews, 'cassava', 2)).toHaveLength(0)
  })
})
