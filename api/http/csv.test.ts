import { describe, expect, it } from 'vitest'
import { csvCell, toCsv } from './csv'

describe('server CSV', () => {
  it('neutralises formula cells but keeps phone numbers and negatives', () => {
    expect(['=SUM(A1)', '@cmd', '+cmd', '-1+2', '+679 912 3456', '-12.5', 'Litia'].map(csvCell)).toEqual([
      "'=SUM(A1)",
      "'@cmd",
      "'+cmd",
      "'-1+2",
      '+679 912 3456',
      '-12.5',
      'Litia',
    ])
  })
  it('quotes every value, empty ones too', () => {
    expect(toCsv(['A', 'B'], [['x "y"', null]])).toBe('"A","B"\r\n"x ""y""",""\r\n')
  })
})
