// The export thread (export-thread.ts): the farmers export and the payment report made in a worker
// on its own read-only connection are, byte for byte, the files made in process; a client that
// leaves ends the job; a thread that cannot start leaves the export in process; one that dies
// mid-export cuts that download short, is reported, and the next export starts a new one. The
// thread's bundle holds none of the contract's schemas (its memory).
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseFile } from '../../db/connection'
import type { NewFarmer } from '../../db/schema'
import { signInAs } from '../directory/testing'
import { farmersService } from '../farmers/service'
import { FARMER_CSV_COLUMNS, PAYMENT_CSV_COLUMNS } from '../farmers/export-records'
import { UTF8_BOM, csvRowTexts, toCsv, type CsvValue } from '../http/csv'
import { startSqliteTestApp, type SqliteTestApp } from '../testing/test-app'
import { openExportThread } from './export-thread'
import { bundleExportWorker } from './worker-bundle'

const FARMERS = 3_000
/** Cells a CSV writer can get wrong, dates in and out of Fiji's summer times, bare dates and none. */
const NAMES = ['Ratu Sēru "Jnr"', '=HYPERLINK("x")', 'Lice, Bua', 'Two\r\nlines', '+679 912 3456', '-cmd', '\tTabbed', 'Ana']
const DATES = ['2020-12-25T11:30:00.000Z', '1999-01-10T12:00:00.000Z', '2021-01-16T13:59:00.000Z', '2026-03-01', null, '2026-07-04T23:59:59.999Z']

let api: SqliteTestApp
let admin: Record<string, string>

beforeAll(async () => {
  api = await startSqliteTestApp({ exportThread: true })
  admin = (await signInAs(api.db, 'global_admin')).headers
  for (let from = 0; from < FARMERS; from += 500) {
    const rows: NewFarmer[] = Array.from({ length: 500 }, (_, k) => {
      const i = from + k
      const at = (n: number) => DATES[(i + n) % DATES.length] ?? null
      return {
        id: randomUUID(),
        name: `${NAMES[i % NAMES.length]} ${i}`,
        phone: `+679 ${String(1000000 + i)}`,
        email: i % 3 === 0 ? null : `farmer${i}@example.com`,
        cities: JSON.stringify(i % 2 ? ['Suva', 'Nausori'] : ['Labasa']),
        produce: JSON.stringify(['Cassava', 'Dalo "Tausala"']),
        photoUrls: '[]',
        comments: i % 4 === 0 ? 'Sells at the market; "best" dalo' : null,
        isActive: i % 5 === 0 ? 0 : 1,
        isTrialActive: i % 7 === 0 ? 1 : 0,
        subscriptionStart: at(0),
        subscriptionEnd: at(1),
        trialStartDate: at(2),
        trialEndDate: at(3),
        createdAt: new Date(Date.UTC(2019, 0, 1) + i * 3_607_000).toISOString(),
        updatedAt: new Date(Date.UTC(2019, 0, 1)).toISOString(),
      }
    })
    await api.db.insertInto('farmers').values(rows).execute()
  }
  const farmerIds = (await api.db.selectFrom('farmers').select('id').limit(600).execute()).map((row) => row.id)
  await api.db
    .insertInto('farmer_payments')
    .values(Array.from({ length: 600 }, (_, i) => ({
      id: randomUUID(),
      farmerId: farmerIds[i]!,
      farmerName: NAMES[i % NAMES.length]!,
      farmerPhone: `+679 ${String(2000000 + i)}`,
      mpaisaNumber: i % 2 ? null : '=1+1',
      mpaisaReceiptNumber: `R-${i}`,
      paymentDate: DATES[i % DATES.length] ?? null,
      createdAt: new Date(Date.UTC(2020, 11, 1) + i * 3_600_000).toISOString(),
      updatedAt: new Date(Date.UTC(2020, 11, 1) + i * 3_600_000).toISOString(),
    })))
    .execute()
}, 120_000)
afterAll(() => api.close())
const slow = { timeout: 60_000 }

async function inProcess(columns: readonly string[], chunks: AsyncIterable<CsvValue[][]>): Promise<Uint8Array> {
  const records: CsvValue[][] = []
  for await (const chunk of chunks) records.push(...chunk)
  return new TextEncoder().encode(UTF8_BOM + toCsv(columns, records))
}

const served = async (path: string) => {
  const res = await api.fetch(path, { headers: admin })
  expect(res.status).toBe(200)
  return new Uint8Array(await res.arrayBuffer())
}

describe('the export thread', slow, () => {
  it('serves the farmers export, filtered and sorted, byte for byte as made in process', async () => {
    const service = farmersService(api.db)
    for (const [query, filters] of [['', {}], ['?sort=-createdAt&city=Labasa', { sort: '-createdAt', city: 'Labasa' }], ['?status=active&search=%22', { status: 'active', search: '"' }]] as const) {
      const file = await served(`/api/admin/farmers/export${query}`)
      const expected = await inProcess(FARMER_CSV_COLUMNS, service.exportRecords(filters))
      expect(file.byteLength).toBe(expected.byteLength)
      expect(Buffer.compare(file, expected)).toBe(0)
    }
    // Made by the thread, not by the in-process fallback.
    expect(api.exportThread?.isRunning).toBe(true)
  })

  it('serves the payment report byte for byte as made in process', async () => {
    const file = await served('/api/admin/farmers/payments/report')
    const expected = await inProcess(PAYMENT_CSV_COLUMNS, farmersService(api.db).paymentRecords())
    expect(Buffer.compare(file, expected)).toBe(0)
    expect(new TextDecoder().decode(file)).toContain(`"'=1+1"`)
  })

  it('ends the job when the client leaves, and the next export is whole', async () => {
    const reader = (await api.fetch('/api/admin/farmers/export', { headers: admin })).body!.getReader()
    await reader.read()
    await reader.cancel()
    const file = await served('/api/admin/farmers/export?sort=name')
    expect(Buffer.compare(file, await inProcess(FARMER_CSV_COLUMNS, farmersService(api.db).exportRecords({ sort: 'name' })))).toBe(0)
  })
})

describe('when the export thread fails', slow, () => {
  const inProcessText = () => csvRowTexts(farmersService(api.db).paymentRecords())
  const textOf = async (rows: AsyncIterable<string>) => {
    let text = ''
    for await (const chunk of rows) text += chunk
    return text
  }

  it('makes the export in process when the thread cannot start', async () => {
    const thread = openExportThread(databaseFile(api.dataDir), { workerUrl: new URL('./testing/failing-export-worker.mjs', import.meta.url) })
    try {
      const text = await textOf(thread.rows({ kind: 'payments' }, inProcessText))
      expect(text).toBe(await textOf(inProcessText()))
      expect(thread.isRunning).toBe(false)
    } finally {
      await thread.close()
    }
  })

  it('cuts the download short when the thread dies mid-export, reports it, and starts a new one next time', async () => {
    const exits: unknown[] = []
    const thread = openExportThread(databaseFile(api.dataDir), {
      workerUrl: new URL('./testing/dying-export-worker.mjs', import.meta.url),
      onWorkerExit: (error) => exits.push(error),
    })
    try {
      for (const attempt of [1, 2]) {
        const chunks: string[] = []
        await expect(async () => {
          for await (const chunk of thread.rows({ kind: 'payments' }, inProcessText)) chunks.push(chunk)
        }).rejects.toThrow('The export thread stopped')
        expect(chunks).toEqual(['"first chunk"\r\n'])
        expect(exits).toHaveLength(attempt)
      }
    } finally {
      await thread.close()
    }
  })
})

describe("the export thread's bundle", () => {
  it('holds no contract schema nor zod, and imports better-sqlite3 from where it is installed', async () => {
    const { code, inputs } = await bundleExportWorker()
    expect(inputs).toContain('api/exports/export-jobs.ts')
    expect(inputs).toContain('api/farmers/export-records.ts')
    // The contract's schemas cost a worker ~19 MB more RSS: only these two schema-free files may come in.
    expect(inputs.filter((file) => file.startsWith('api/contract/')).sort()).toEqual(['api/contract/csv-cell.ts', 'api/contract/subscription-terms.ts'])
    expect(inputs.filter((file) => /node_modules\/(zod|express|pino)\//.test(file))).toEqual([])
    expect(code).toContain(`"file://${path.resolve('node_modules/better-sqlite3')}`)
  })
})
