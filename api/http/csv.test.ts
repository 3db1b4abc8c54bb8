import { stringify } from 'csv-stringify/sync'
import fc from 'fast-check'
import { DateTime } from 'luxon'
import { describe, expect, it } from 'vitest'
import { FIJI_ZONE } from '../stats/fiji-clock'
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

describe('the hand-written CSV rows', () => {
  it('are the bytes csv-stringify writes (quoted, quoted_empty, windows), whatever the cells hold', () => {
    const cell = fc.oneof(
      fc.string({ unit: fc.constantFrom('a', 'ē', '"', ',', '\r', '\n', '\t', '=', '+', '-', '@', ' ', '1', ';') }),
      fc.string({ unit: 'grapheme' }),
      fc.constant(null),
      fc.constant(undefined),
      fc.integer(),
      fc.double(),
      fc.boolean(),
    )
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 6 }), (records) => {
        const [columns, ...rest] = records.map((record) => record.map(csvCell))
        const expected = stringify(records.map((record) => record.map(csvCell)), { quoted: true, quoted_empty: true, record_delimiter: 'windows' })
        expect(toCsv(columns!, rest)).toBe(expected)
      }),
      { numRuns: 500 },
    )
  })
})

describe('CSV dates against luxon', () => {
  const luxonText = (ms: number) => DateTime.fromMillis(ms, { zone: FIJI_ZONE }).toFormat('yyyy-MM-dd HH:mm')
  it("are Fiji's wall clock for any instant 1900–2100, summer times (1998–2021) included", () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) }), (ms) => {
        expect(csvDateTime(new Date(ms).toISOString())).toBe(luxonText(ms))
      }),
      { numRuns: 2_000 },
    )
    // A summer-time instant (UTC+13): 2021-01-10 09:30 UTC is 22:30 in Fiji; the first minute after it ended.
    expect(csvDateTime('2021-01-10T09:30:00.000Z')).toBe('2021-01-10 22:30')
    expect(csvDateTime('2021-01-16T14:00:00.000Z')).toBe('2021-01-17 02:00')
    expect(csvDateTime('2021-01-16T13:59:00.000Z')).toBe('2021-01-17 02:59')
  })
  it('keep the text of the general formula outside years 0000–9999', () => {
    expect(csvDateTime('+010000-01-01T00:00:00.000Z')).toBe(new Date(Date.parse('+010000-01-01T00:00:00.000Z') + 12 * 3_600_000).toISOString().slice(0, 16).replace('T', ' '))
  })
})
