// Server-made CSV downloads (farmers export, payment report): the same rules as the browser's
// exports (web/shared/csv.ts): every value quoted, a file named with the Fiji export date, and any
// cell a spreadsheet would run as a formula neutralised by the one shared rule (contract/csv-cell.ts).
// A download opens with a UTF-8 byte order mark (Excel otherwise reads 'Ratu Sēru' as Windows-1252),
// writes every date and time in one format, and is streamed a chunk at a time: memory stays flat
// whatever the row count, and other requests are answered between chunks.
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { Response } from 'express'
import { fijiLocalMinute } from '../stats/fiji-clock'
import { fijiDate } from '../stats/subscriptions'
import { csvCell, type CsvValue } from '../contract/csv-cell'

export { csvCell, type CsvValue }

/** Excel reads a CSV as UTF-8 only when it starts with this mark. */
export const UTF8_BOM = '\uFEFF'

const QUOTES = /"/g

/**
 * The CSV rows of `records` (no header, no mark): every value quoted, a quote inside doubled, Windows
 * line ends — what csv-stringify writes with `quoted`, `quoted_empty` and `windows` (the browser's
 * exports use it; csv.test.ts holds the two to the same bytes). Written by hand because this runs for
 * every cell of a 100,000-farmer export: csv-stringify's general machinery cost ~3 µs a row.
 */
export function csvRows(records: readonly (readonly CsvValue[])[]): string {
  let text = ''
  for (const record of records) {
    for (let i = 0; i < record.length; i++) {
      const cell = csvCell(record[i])
      text += `${i === 0 ? '' : ','}"${cell.includes('"') ? cell.replace(QUOTES, '""') : cell}"`
    }
    text += '\r\n'
  }
  return text
}

export function toCsv(columns: readonly string[], records: readonly (readonly CsvValue[])[]): string {
  return csvRows([columns, ...records])
}

/**
 * The one date format of every CSV: 'yyyy-MM-dd HH:mm' on the Fiji clock, which spreadsheets read as
 * a date and time and sort correctly. A bare date ('2026-11-25') is that Fiji day's 00:00, as the
 * subscription dates written at Fiji midnight are; empty for a missing or unreadable value.
 */
export function csvDateTime(value: string | null | undefined): string {
  return (value && fijiLocalMinute(value, ' ')) || ''
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/** The CSV text of each chunk of records, the event loop free in between. */
export async function* csvRowTexts(chunks: AsyncIterable<readonly (readonly CsvValue[])[]>): AsyncGenerator<string> {
  for await (const records of chunks) {
    yield csvRows(records)
    await nextTurn()
  }
}

/** The text of the download: the mark and the header, then the rows' text as it comes. */
async function* csvText(columns: readonly string[], rows: AsyncIterable<string>): AsyncGenerator<string> {
  yield UTF8_BOM + toCsv(columns, [])
  yield* rows
}

/**
 * Streams an attachment named '<baseName>-<YYYY-MM-DD>.csv' (Fiji date). The next chunk is read only
 * when the client has taken the last (the pipe's back-pressure), a client that leaves stops the
 * reading, and an error after the first bytes cuts the download short rather than ending it as if
 * it were whole.
 */
export async function streamCsv(
  res: Response,
  baseName: string,
  columns: readonly string[],
  /** The rows' CSV text, a chunk at a time (csvRowTexts, or an export thread's). */
  rows: AsyncIterable<string>,
  now = new Date(),
): Promise<void> {
  res.setHeader('Content-Type', 'text/csv; charset=utf-8')
  res.setHeader('Content-Disposition', `attachment; filename="${baseName}-${fijiDate(now)}.csv"`)
  res.setHeader('Cache-Control', 'no-store')
  try {
    // One chunk waits at most (Readable.from would read 16 ahead: megabytes of a wide export).
    await pipeline(Readable.from(csvText(columns, rows), { highWaterMark: 1 }), res)
  } catch (error) {
    // A client that went away is no error of ours.
    if ((error as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE') return
    throw error
  }
}
