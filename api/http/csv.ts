// Server-made CSV downloads (farmers export, payment report): the same rules as the browser's
// exports (web/shared/csv.ts): every value quoted, a file named with the Fiji export date, and any
// cell a spreadsheet would run as a formula neutralised with a leading apostrophe (OWASP CSV injection).
import type { Response } from 'express'
import { stringify } from 'csv-stringify/sync'
import { fijiDate } from '../stats/subscriptions'

export type CsvValue = string | number | boolean | null | undefined

// =, @, tab, CR, or +/- that is not a plain number or phone number ('+679 123 4567' stays).
const formulaStart = /^[=@\t\r]|^[+-](?![\d\s().-]*$)/

export function csvCell(value: CsvValue): string {
  const text = value === null || value === undefined ? '' : String(value)
  return formulaStart.test(text) ? `'${text}` : text
}

export function toCsv(columns: readonly string[], records: readonly (readonly CsvValue[])[]): string {
  return stringify([columns.map(csvCell), ...records.map((record) => record.map(csvCell))], {
    quoted: true,
    quoted_empty: true,
    record_delimiter: 'windows',
  })
}

/** Answers the CSV as an attachment named '<baseName>-<YYYY-MM-DD>.csv' (Fiji date). */
export function sendCsv(res: Response, baseName: string, columns: readonly string[], records: readonly (readonly CsvValue[])[], now = new Date()) {
  res.setHeader('Content-Type', 'text/csv; charset=utf-8')
  res.setHeader('Content-Disposition', `attachment; filename="${baseName}-${fijiDate(now)}.csv"`)
  res.setHeader('Cache-Control', 'no-store')
  res.send(toCsv(columns, records))
}
