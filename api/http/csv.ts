// Server-made CSV downloads (farmers export, payment report): the same rules as the browser's
// exports (web/shared/csv.ts): every value quoted, a file named with the Fiji export date, and any
// cell a spreadsheet would run as a formula neutralised by the one shared rule (contract/csv-cell.ts).
import type { Response } from 'express'
import { stringify } from 'csv-stringify/sync'
import { fijiDate } from '../stats/subscriptions'
import { csvCell, type CsvValue } from '../contract/csv-cell'

export { csvCell, type CsvValue }

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
