import { Temporal } from 'temporal-polyfill'
import { afterAll, describe, expect, it } from 'vitest'
import { setLocale } from '../i18n/runtime'
import { dateInputDaysAfter, fijiDateInput, fijiWallClock, fijiWeekdayInLanguage, formatFijiTime, formatFijiTimeInLanguage } from './fiji-time'

describe('Fiji time', () => {
  it("writes 'MMM dd, yyyy at h:mm a FJT' on Fiji's wall clock", () => {
    expect(formatFijiTime(new Date('2026-03-04T15:04:00.000Z'))).toBe('Mar 05, 2026 at 3:04 AM FJT')
    expect(formatFijiTime(new Date('2026-11-21T11:59:00.000Z'))).toBe('Nov 21, 2026 at 11:59 PM FJT')
    expect(formatFijiTime(new Date('2026-03-09T12:00:00.000Z'))).toBe('Mar 10, 2026 at 12:00 AM FJT')
    expect(formatFijiTime(new Date('2026-03-09T00:00:00.000Z'))).toBe('Mar 09, 2026 at 12:00 PM FJT')
  })

  it('reads the same wall clock from Temporal as from Intl, across the years Fiji kept summer time', () => {
    // Fiji kept daylight saving time in some summers up to 2021: both paths use the time zone
    // database, so they agree on every instant, summer or not.
    const start = Date.UTC(2014, 0, 1)
    for (let ms = start; ms < Date.UTC(2027, 0, 1); ms += 97 * 3_600_000 + 17 * 60_000) {
      const date = new Date(ms)
      expect(fijiWallClock(date, Temporal)).toEqual(fijiWallClock(date, undefined))
    }
  })
})

describe('Fiji time in the reader’s language (catalog area "dates")', () => {
  const instants = ['2026-03-04T15:04:00.000Z', '2026-11-21T11:59:00.000Z', '2026-03-09T12:00:00.000Z', '2026-03-09T00:00:00.000Z'].map((iso) => new Date(iso))

  afterAll(() => setLocale('en', false))

  it('is exactly the spec format in English', async () => {
    await setLocale('en', false)
    for (const instant of instants) expect(formatFijiTimeInLanguage(instant)).toBe(formatFijiTime(instant))
    expect(fijiWeekdayInLanguage(new Date('2026-03-04T15:04:00.000Z'))).toBe('Thu')
  })

  it('names months and weekdays in iTaukei and Fiji Hindi, where Intl has no data', async () => {
    await setLocale('fj', false)
    expect(formatFijiTimeInLanguage(instants[0]!)).toBe('05 Maji, 2026 ena 3:04 AM FJT')
    expect(fijiWeekdayInLanguage(instants[0]!)).toBe('Lotulevu')
    await setLocale('hif', false)
    expect(formatFijiTimeInLanguage(instants[1]!)).toBe('21 Nov 2026, 11:59 PM FJT')
    expect(fijiWeekdayInLanguage(instants[1]!)).toBe('Shanivaar')
  })
})

describe('fijiDateInput', () => {
  it("is the stored instant's day in Fiji, which the lists show: Fiji midnight is noon the day before in UTC", () => {
    expect(fijiDateInput('2026-11-28T12:00:00.000Z')).toBe('2026-11-29')
    expect(fijiDateInput('2027-02-26T12:00:00.000Z')).toBe('2027-02-27')
    expect(fijiDateInput('2026-11-24T21:21:00.000Z')).toBe('2026-11-25')
    expect(fijiDateInput('2026-11-28T11:59:59.999Z')).toBe('2026-11-28')
    // A bare date (stored as one, or typed) stays that day.
    expect(fijiDateInput('2026-11-28')).toBe('2026-11-28')
    expect(fijiDateInput(null)).toBe('')
    expect(fijiDateInput('')).toBe('')
  })

  it('dateInputDaysAfter counts calendar days across months and years', () => {
    expect(dateInputDaysAfter('2026-12-31', 1)).toBe('2027-01-01')
    expect(dateInputDaysAfter('2028-02-28', 1)).toBe('2028-02-29')
    expect(dateInputDaysAfter('2026-11-29', 30)).toBe('2026-12-29')
  })
})
