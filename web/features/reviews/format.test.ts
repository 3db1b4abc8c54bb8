import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { allCatalogsReady, setLocale } from '../../i18n/runtime'
import { averageRating, farmReviewsKey, pageUrl, firstWithMore, formatAverage, formatFijiDateTime, ratingText, reviewCountLabel } from './format'

// The review screens load every catalog area before they render; so does this test.
beforeAll(() => allCatalogsReady())
afterAll(() => setLocale('en', false))

describe('formatFijiDateTime', () => {
  it("shows Fiji time (UTC+12) as 'MMM dd, yyyy at h:mm a FJT'", () => {
    expect(formatFijiDateTime('2026-03-04T15:04:00.000Z')).toBe('Mar 05, 2026 at 3:04 AM FJT')
    expect(formatFijiDateTime('2026-01-01T00:30:00.000Z')).toBe('Jan 01, 2026 at 12:30 PM FJT')
  })
  it('leaves an unreadable value as it is', () => {
    expect(formatFijiDateTime('not a date')).toBe('not a date')
  })
})

describe('ratings', () => {
  it('averages and formats with one decimal', () => {
    expect(averageRating([])).toBe(0)
    expect(averageRating([{ rating: 5 }, { rating: 4 }, { rating: 4 }])).toBeCloseTo(4.333, 2)
    expect(formatAverage(4.333)).toBe('4.3')
    expect(formatAverage(5)).toBe('5.0')
    expect(reviewCountLabel(1)).toBe('1 review')
    expect(reviewCountLabel(0)).toBe('0 reviews')
  })
})

describe('farm card lists', () => {
  it('shows the first items and "+N more"', () => {
    expect(firstWithMore(['Nadi', 'Lautoka', 'Ba'], 2)).toBe('Nadi, Lautoka +1 more')
    expect(firstWithMore(['Nadi'], 2)).toBe('Nadi')
    expect(firstWithMore(['a', 'b', 'c', 'd', 'e'], 3)).toBe('a, b, c +2 more')
  })
  it("builds one farm's reviews URL", () => {
    expect(farmReviewsKey('0b6c…')).toEqual(['/api/farm-reviews?farmId=0b6c%E2%80%A6'])
  })
  it('builds the URL of one page of a list, with or without a query already', () => {
    expect(pageUrl('/api/farms-with-ratings', 2, 24)).toBe('/api/farms-with-ratings?page=2&limit=24')
    expect(pageUrl('/api/farms-with-ratings?city=Ba', 1, 24)).toBe('/api/farms-with-ratings?city=Ba&page=1&limit=24')
  })
})

describe('in the reader’s language', () => {
  it('labels ratings with the spec’s English words, rounded and clamped', () => {
    expect([0, 1, 2.4, 2.5, 4, 5, 7].map(ratingText)).toEqual(['Poor', 'Poor', 'Fair', 'Good', 'Very Good', 'Excellent', 'Excellent'])
  })
  it('says labels, counts and "+N more" in iTaukei and Fiji Hindi', async () => {
    await setLocale('fj', false)
    expect(ratingText(5)).toBe('Uasivi')
    expect(formatFijiDateTime('2026-03-04T15:04:00.000Z')).toBe('05 Maji, 2026 ena 3:04 AM FJT')
    expect(reviewCountLabel(2)).toBe('2 na vakasama')
    expect(firstWithMore(['Nadi', 'Lautoka', 'Ba'], 2)).toBe('Nadi, Lautoka +1 tale')
    await setLocale('hif', false)
    expect(ratingText(1)).toBe('Kharaab')
    expect(firstWithMore(['Nadi', 'Lautoka', 'Ba'], 2)).toBe('Nadi, Lautoka +1 aur')
    await setLocale('en', false)
    expect(reviewCountLabel(1)).toBe('1 review')
  })
})
