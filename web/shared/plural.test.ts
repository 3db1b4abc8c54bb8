import { describe, expect, it } from 'vitest'
import { countLabel, nounFor } from './plural'

describe('counts with their noun', () => {
  it('is singular for exactly one, plural otherwise (zero included)', () => {
    expect(countLabel(1, 'day')).toBe('1 day')
    expect(countLabel(0, 'day')).toBe('0 days')
    expect(countLabel(2, 'visitor')).toBe('2 visitors')
    expect(countLabel(1.5, 'day')).toBe('1.5 days')
  })

  it('takes an irregular plural and a number format', () => {
    expect(countLabel(1, 'entry', { plural: 'entries' })).toBe('1 entry')
    expect(countLabel(3, 'entry', { plural: 'entries' })).toBe('3 entries')
    expect(countLabel(1234, 'visitor', { format: (n) => n.toLocaleString('en-US') })).toBe('1,234 visitors')
    expect(nounFor(1, 'needs', 'need')).toBe('needs')
  })
})
