// The one CSV export of the browser (spec 001 §3 "CSV exports"): every value quoted, the file
// named with the export date, and an empty list is never exported ('No data to export.').
// Cells go through the one formula rule the server's CSV also uses (api/contract/csv-cell.ts).
// Built on csv-stringify's browser build; exports the server makes (farmers, payments) are
// plain downloads and do not come through here.
import { stringify } from 'csv-stringify/browser/esm/sync'
import { csvCell as cell, type CsvValue } from '../../api/contract/csv-cell'
import { messages } from '../../api/contract/messages'
import { fijiWallClock } from './fiji-time'
import { toast } from './ui/toast'

export type { CsvValue }

/** CSV text: the header row then one row per record, every value (empty ones too) quoted. */
export function toCsv(columns: readonly string[], records: readonly (readonly CsvValue[])[]): string {
  return stringify([columns.map(cell), ...records.map((record) => record.map(cell))], {
    quoted: true,
    quoted_empty: true,
    record_delimiter: 'windows',
  })
}

/** 'YYYY-MM-DD' of `now` in Fiji, the product's calendar (conventions, Data). */
export function exportDate(now: Date): string {
  // en-CA formats a date as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Fiji', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)
}

/** e.g. csvFileName('admin-users', now) → 'admin-users-2026-11-21.csv'. */
export function csvFileName(baseName: string, now: Date): string {
  return `${baseName}-${exportDate(now)}.csv`
}

/** Excel reads a CSV as UTF-8 only when it starts with this mark ('Ratu Sēru' otherwise garbles). */
export const UTF8_BOM = '\uFEFF'

/** Hands a file to the browser as a download. */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.style.display = 'none'
  document.body.appendChild(link)
  link.click()
  link.remove()
  // Revoke on the next turn: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/** Hands CSV text to the browser as a file download, behind the UTF-8 mark. */
export function downloadTextFile(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  downloadBlob(fileName, new Blob([UTF8_BOM, text], { type }))
}

/**
 * The one date format of every CSV (the server's exports write the same): 'yyyy-MM-dd HH:mm' on Fiji's
 * clock, which spreadsheets read as a date and time. A bare date is that Fiji day's 00:00; empty for none.
 */
export function csvDateTime(value: string | null | undefined): string {
  if (!value) return ''
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return `${value} 00:00`
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return ''
  const { year, month, day, hour, minute } = fijiWallClock(date)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${year}-${pad(month)}-${pad(day)} ${pad(hour)}:${pad(minute)}`
}

export interface CsvExport<Row> {
  /** File name without the date and extension, e.g. 'admin-users'. */
  baseName: string
  columns: readonly string[]
  rows: readonly Row[]
  toRecord: (row: Row) => readonly CsvValue[]
  now?: Date
}

/**
 * Downloads the rows as '<baseName>-<date>.csv' and returns the file name; with no rows shows
 * 'No data to export.' and downloads nothing (returns null).
 */
export function exportCsv<Row>({ baseName, columns, rows, toRecord, now = new Date() }: CsvExport<Row>): string | null {
  if (rows.length === 0) {
    toast({ title: messages.common.errorTitle, description: messages.common.noDataToExport, variant: 'destructive' })
    return null
  }
  const fileName = csvFileName(baseName, now)
  downloadTextFile(fileName, toCsv(columns, rows.map(toRecord)))
  return fileName
}
