import { describe, expect, it } from 'vitest'
import type { DailyStat } from '../../../../api/contract/analytics'
import { barPercent, dailyAverages, formatDay } from './admin-analytics'

const day = (pageViews: number, uniqueVisitors: number): DailyStat => ({ date: '2026-11-24', pageViews, uniqueVisitors, searches: 0, clicks: 0 })

describe('daily statistics', () => {
  it('averages views and visitors over every day of the range, empty days included', () => {
    expect(dailyAverages([day(10, 4), day(0, 0), day(5, 2)])).toEqual({ views: 5, visitors: 2 })
    expect(dailyAverages([])).toEqual({ views: 0, visitors: 0 })
  })

  it('scales bars to the busiest day, keeping a small day visible and an empty one empty', () => {
    expect(barPercent(50, 50)).toBe(100)
    expect(barPercent(25, 50)).toBe(50)
    expect(barPercent(1, 1000)).toBe(2)
    expect(barPercent(0, 50)).toBe(0)
    expect(barPercent(0, 0)).toBe(0)
  })

  it('labels a day with its weekday', () => {
    expect(formatDay('2026-11-24')).toBe('Tue, Nov 24')
  })
})
