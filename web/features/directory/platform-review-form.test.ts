import { describe, expect, it } from 'vitest'
import { reviewFormErrors } from './platform-review-form'

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ')

describe('the home page review form', () => {
  it('accepts 10 to 100 words with optional name and e-mail', () => {
    expect(reviewFormErrors({ userName: '', userEmail: '', rating: 4, comment: words(10) })).toEqual({})
    expect(reviewFormErrors({ userName: 'Ana', userEmail: 'ana@example.com', rating: 5, comment: words(60) })).toEqual({})
  })
  it("says 'Comment cannot exceed 100 words' over 100 words", () => {
    expect(reviewFormErrors({ userName: '', userEmail: '', rating: 4, comment: 'a '.repeat(101).trim() }).comment).toBe('Comment cannot exceed 100 words')
  })
  it('refuses fewer than 10 words and a bad e-mail', () => {
    const errors = reviewFormErrors({ userName: '', userEmail: 'not-an-email', rating: 4, comment: 'Too short' })
    expect(errors.comment).toBe('Comment must be at least 10 words')
    expect(errors.userEmail).toBe('Please enter a valid email address')
  })
})
