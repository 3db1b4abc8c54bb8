// The CSV cell rule both CSV writers use (the browser's exports, web/shared/csv.ts, and the
// server's downloads, api/http/csv.ts), so the two can never drift: a cell a spreadsheet would run
// as a formula gets a leading apostrophe (OWASP CSV injection). A spreadsheet strips a leading tab
// or carriage return and then reads what follows, so those start a formula too.

export type CsvValue = string | number | boolean | null | undefined

// =, @, tab, CR, or +/- that is not a plain number or phone number ('+679 123 4567' and '-12.5' stay).
const formulaStart = /^[=@\t\r]|^[+-](?![\d\s().-]*$)/

export function csvCell(value: CsvValue): string {
  const text = value === null || value === undefined ? '' : String(value)
  return formulaStart.test(text) ? `'${text}` : text
}
