import { describe, expect, it } from 'vitest'
import { csvCell, csvDateTime, toCsv } from './csv'

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
  it('neutralises a formula behind a leading tab or carriage return, which a spreadsheet strips before it reads the cell', () => {
    expect(toCsv(['Name'], [['\t=HYPERLINK("http://x")'], ['\r=1+1'], ['\tLitia']])).toBe('"Name"\r\n"\'\t=HYPERLINK(""http://x"")"\r\n"\'\r=1+1"\r\n"\'\tLitia"\r\n')
  })
  it('quotes every value, empty ones too', () => {
    expect(toCsv(['A', 'B'], [['x "y"', null]])).toBe('"A","B"\r\n"x ""y""",""\r\n')
  })
})

describe('dates in CSVs', () => {
  it("write one format, 'yyyy-MM-dd HH:mm' on Fiji's clock, and nothing for none", () => {
    expect(csvDateTime('2026-11-24T12:00:00.000Z')).toBe('2026-11-25 00:00')
    expect(csvDateTime('2026-11-25')).toBe('2026-11-25 00:00')
    expect(csvDateTime('2026-11-25T03:04:05.678Z')).toBe('2026-11-25 15:04')
    expect(csvDateTime(null)).toBe('')
    expect(csvDateTime('not a date')).toBe('')
  })
})
