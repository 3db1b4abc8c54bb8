import { describe, expect, it } from 'vitest'
import { serverIssues } from './server-error'
import { dayAfter, formatFjd, groupProduceByCategory, subscriptionDays, toggleLimited } from './signup-helpers'

describe('toggleLimited', () => {
  it('adds and removes', () => {
    expect(toggleLimited(['Dalo'], 'Bele', true)).toEqual(['Dalo', 'Bele'])
    expect(toggleLimited(['Dalo', 'Bele'], 'Dalo', false)).toEqual(['Bele'])
    expect(toggleLimited(['Dalo'], 'Dalo', true)).toEqual(['Dalo'])
  })

  it('ignores a tick beyond the limit (spec 000: extra ticks ignored)', () => {
    const five = ['a', 'b', 'c', 'd', 'e']
    expect(toggleLimited(five, 'f', true, 5)).toEqual(five)
    expect(toggleLimited(five, 'a', false, 5)).toEqual(['b', 'c', 'd', 'e'])
  })
})

describe('groupProduceByCategory', () => {
  it("keeps the API's order and puts Other last", () => {
    const groups = groupProduceByCategory([
      { id: 1, name: 'Sugarcane', category: 'Other' },
      { id: 2, name: 'Dalo', category: 'Root Crops' },
      { id: 3, name: 'Bele', category: 'Vegetables' },
      { id: 4, name: 'Cassava', category: 'Root Crops' },
      { id: 5, name: 'Mystery', category: ' ' },
    ])
    expect(groups.map((g) => [g.category, g.items.map((i) => i.name)])).toEqual([
      ['Root Crops', ['Dalo', 'Cassava']],
      ['Vegetables', ['Bele']],
      ['Other', ['Sugarcane', 'Mystery']],
    ])
  })
})

describe('subscription cost', () => {
  it('counts the days between start and end, rounded up (spec 001 §9)', () => {
    expect(subscriptionDays('2026-01-01', '2026-01-31')).toBe(30)
    expect(subscriptionDays('2026-01-01', '2026-01-02')).toBe(1)
    expect(subscriptionDays('2026-01-02', '2026-01-01')).toBeNull()
    expect(subscriptionDays('2026-01-01', '')).toBeNull()
    expect(subscriptionDays('nope', '2026-01-01')).toBeNull()
  })

  it("lets the end date picker start the day after the start (an end on the start day is refused)", () => {
    expect(dayAfter('2026-01-31')).toBe('2026-02-01')
    expect(dayAfter('')).toBeUndefined()
    expect(dayAfter('nope')).toBeUndefined()
  })

  it('shows FJ$ with 2 decimals', () => {
    expect(formatFjd(2.5)).toBe('FJ$2.50')
    expect(formatFjd(1234.5)).toBe('FJ$1,234.50')
  })
})

describe('serverIssues', () => {
  it("reads the field issues of the API's 400 answer out of the client's error", () => {
    const issues = [{ path: 'email', message: 'Please enter a valid email' }]
    expect(serverIssues(new Error(`400: ${JSON.stringify({ message: 'Please enter a valid email', issues })}`))).toEqual(issues)
  })

  it('has none for a network failure, a 5xx or a non-JSON body', () => {
    expect(serverIssues(new TypeError('Failed to fetch'))).toEqual([])
    expect(serverIssues(new Error('500: {"message":"Internal server error"}'))).toEqual([])
    expect(serverIssues(new Error('400: <html>Bad request</html>'))).toEqual([])
  })
})
