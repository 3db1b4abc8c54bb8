import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { csvDateTime, csvFileName, exportCsv, exportDate, toCsv } from './csv'
import { toast } from './ui/toast'

vi.mock('./ui/toast', () => ({ toast: vi.fn() }))

// The browser edge: a fake <a download> that records what was clicked, and a Blob URL store.
interface FakeLink {
  href: string
  download: string
  style: Record<string, string>
  click: () => void
  remove: () => void
}
let downloads: { fileName: string; text: Promise<string>; bytes: Promise<ArrayBuffer> }[]
const blobs = new Map<string, Blob>()

beforeEach(() => {
  downloads = []
  blobs.clear()
  vi.useFakeTimers()
  vi.stubGlobal('URL', {
    createObjectURL: (blob: Blob) => {
      const url = `blob:${blobs.size}`
      blobs.set(url, blob)
      return url
    },
    revokeObjectURL: (url: string) => void blobs.delete(url),
  })
  vi.stubGlobal('document', {
    body: { appendChild: () => undefined },
    createElement: () => {
      const link: FakeLink = {
        href: '',
        download: '',
        style: {},
        click: () => downloads.push({ fileName: link.download, text: blobs.get(link.href)!.text(), bytes: blobs.get(link.href)!.arrayBuffer() }),
        remove: () => undefined,
      }
      return link
    },
  })
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.mocked(toast).mockClear()
})

describe('toCsv', () => {
  it('quotes every value, empty ones too, and doubles quotes inside values', () => {
    const text = toCsv(['ID', 'Name', 'Last Login'], [
      ['1', 'Mere "Big" Tui', null],
      ['2', 'Ratu, Jone', ''],
    ])
    expect(text).toBe('"ID","Name","Last Login"\r\n"1","Mere ""Big"" Tui",""\r\n"2","Ratu, Jone",""\r\n')
  })

  it('keeps line breaks inside a quoted value', () => {
    expect(toCsv(['Notes'], [['line one\nline two']])).toBe('"Notes"\r\n"line one\nline two"\r\n')
  })

  it('writes numbers and booleans as text', () => {
    expect(toCsv(['n', 'b'], [[12.5, false]])).toBe('"n","b"\r\n"12.5","false"\r\n')
  })

  it('neutralises values a spreadsheet would run as formulas, but not numbers or phone numbers', () => {
    const text = toCsv(['v'], [['=HYPERLINK("x")'], ['@SUM(A1)'], ['-cmd|calc'], ['+679 123 4567'], ['-12.5']])
    expect(text.split('\r\n').slice(1, 6)).toEqual([
      `"'=HYPERLINK(""x"")"`,
      `"'@SUM(A1)"`,
      `"'-cmd|calc"`,
      `"+679 123 4567"`,
      `"-12.5"`,
    ])
  })

  it('neutralises a formula behind a leading tab or carriage return, by the rule the server CSV uses too', () => {
    const text = toCsv(['v'], [['\t=HYPERLINK("x")'], ['\r@SUM(A1)']])
    expect(text).toBe(`"v"\r\n"'\t=HYPERLINK(""x"")"\r\n"'\r@SUM(A1)"\r\n`)
  })
})

describe('csvDateTime', () => {
  it("writes every date one way, 'yyyy-MM-dd HH:mm' on Fiji's clock, like the server's exports", () => {
    expect(csvDateTime('2026-11-24T12:00:00.000Z')).toBe('2026-11-25 00:00')
    expect(csvDateTime('2026-11-25T03:04:05.678Z')).toBe('2026-11-25 15:04')
    expect(csvDateTime('2026-11-25')).toBe('2026-11-25 00:00')
    expect(csvDateTime(null)).toBe('')
    expect(csvDateTime('not a date')).toBe('')
  })
})

describe('file name', () => {
  it('carries the export date in Fiji', () => {
    // 2026-11-21 13:30 UTC is already 22 November in Fiji (UTC+12).
    expect(exportDate(new Date('2026-11-21T13:30:00Z'))).toBe('2026-11-22')
    expect(csvFileName('admin-users', new Date('2026-11-21T01:00:00Z'))).toBe('admin-users-2026-11-21.csv')
  })
})

describe('exportCsv', () => {
  const columns = ['ID', 'Name'] as const
  const toRecord = (row: { id: number; name: string }) => [row.id, row.name]

  it('downloads the rows as a dated file and returns its name', async () => {
    const fileName = exportCsv({
      baseName: 'admin-users',
      columns,
      rows: [{ id: 1, name: 'Mere' }],
      toRecord,
      now: new Date('2026-11-21T01:00:00Z'),
    })
    expect(fileName).toBe('admin-users-2026-11-21.csv')
    expect(downloads).toHaveLength(1)
    expect(downloads[0]!.fileName).toBe('admin-users-2026-11-21.csv')
    expect(await downloads[0]!.text).toBe('"ID","Name"\r\n"1","Mere"\r\n')
    // The UTF-8 mark first, so Excel reads the names as UTF-8 (Blob.text() hides it).
    expect([...new Uint8Array(await downloads[0]!.bytes).slice(0, 4)]).toEqual([0xef, 0xbb, 0xbf, 0x22])
    expect(toast).not.toHaveBeenCalled()
    vi.runAllTimers()
    expect(blobs.size).toBe(0)
  })

  it('refuses an empty list with "No data to export." and downloads nothing', () => {
    expect(exportCsv({ baseName: 'admin-users', columns, rows: [], toRecord })).toBeNull()
    expect(downloads).toHaveLength(0)
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ description: 'No data to export.', variant: 'destructive' }))
  })
})
