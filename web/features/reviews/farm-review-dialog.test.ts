import { describe, expect, it } from 'vitest'
import { farmReviewCommentError } from './farm-review-dialog'

const farmId = '00000000-0000-4000-8000-000000000001'

describe('the farm review dialog', () => {
  it('needs a comment of 1 to 1000 characters', () => {
    expect(farmReviewCommentError(farmId, 5, 'Sweet pineapples.')).toBeUndefined()
    expect(farmReviewCommentError(farmId, 5, '   ')).toBe('Comment is required')
    expect(farmReviewCommentError(farmId, 5, 'x'.repeat(1001))).toBe('Comment cannot exceed 200 words (approximately 1000 characters)')
    expect(farmReviewCommentError(farmId, 1, 'x'.repeat(1000))).toBeUndefined()
  })
})
