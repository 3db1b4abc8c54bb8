import { describe, expect, it } from 'vitest'
import { csvHoldsNoRows } from './server-csv'

const BOM = '\uFEFF'
const header = 'Farmer Name,Phone,M-PAiSA Number,Receipt Number,Payment Date'

describe('a server CSV with nothing in it', () => {
  it('is its header line alone, with the UTF-8 mark and a line end or without', async () => {
    expect(await csvHoldsNoRows(new Blob([`${BOM}${header}\r\n`]))).toBe(true)
    expect(await csvHoldsNoRows(new Blob([header]))).toBe(true)
    expect(await csvHoldsNoRows(new Blob([]))).toBe(true)
  })

  it('holds rows as soon as one line follows the header, even a quoted one over two lines', async () => {
    expect(await csvHoldsNoRows(new Blob([`${BOM}${header}\r\nMere,+679 912 3456,,,2026-07-01\r\n`]))).toBe(false)
    expect(await csvHoldsNoRows(new Blob([`${header}\r\n"Mere\r\nTui",,,,\r\n`]))).toBe(false)
  })

  it('is never read whole when large: a big file holds rows', async () => {
    expect(await csvHoldsNoRows(new Blob([`${header}\r\n`, 'x'.repeat(70_000)]))).toBe(false)
  })
})
