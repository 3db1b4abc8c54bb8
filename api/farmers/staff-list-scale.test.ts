// Issue 19 item 1 and issue 17 item 8: the staff farmers list at the country's scale. A page at a
// time with the filters and the order done in SQL, unknown parameters refused; the CSV export has
// every farmer the filters match and no other, opens in Excel (UTF-8 mark), writes one date format,
// streams in flat memory and lets other requests through while it runs.
import { randomUUID } from 'node:crypto'
import http from 'node:http'
import { runInNewContext } from 'node:vm'
import { setFlagsFromString } from 'node:v8'
import type { KyselyPlugin } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { NewFarmer } from '../../db/schema'
import { ADMIN_FARMERS_PAGE_DEFAULT, ADMIN_FARMERS_PAGE_MAX, type AdminFarmer } from '../contract'
import { fijiMidnight, signInAs } from '../directory/testing'
import { startTestApp, type TestApp } from '../testing/test-app'
import { UTF8_BOM, toCsv, type CsvValue } from '../http/csv'
import { farmersService } from './service'
import { FARMER_CSV_COLUMNS } from './export-records'

const FARMERS = 20_000
/** Every 10th farmer serves Labasa; the others Suva. */
const LABASA = FARMERS / 10
const nameOf = (i: number) => `Farmer ${String(i).padStart(5, '0')}${i % 10 === 0 ? ' Labasa' : ''}`
/** A comment per farmer, so the whole CSV (~20 MB) dwarfs what a streamed export may hold. */
const COMMENT = 'Grows dalo and cassava on the hill above the river. '.repeat(18)

let api: TestApp
let admin: Record<string, string>
/** Rows the export's connection (the read thread on SQLite) has handed out for SELECTs from farmers, chunk by chunk. */
let farmerRowsRead = 0

/** Counts the rows each SELECT … FROM farmers returns (the same query id reaches both hooks). */
function countFarmerReads(): KyselyPlugin {
  const selectsFromFarmers = new WeakSet<object>()
  return {
    transformQuery: ({ node, queryId }) => {
      if (node.kind === 'SelectQueryNode' && JSON.stringify(node.from).includes('"farmers"')) selectsFromFarmers.add(queryId)
      return node
    },
    transformResult: async ({ result, queryId }) => {
      if (selectsFromFarmers.has(queryId)) farmerRowsRead += result.rows.length
      return result
    },
  }
}

beforeAll(async () => {
  // The export reads where public answers do (decision 030): on SQLite the read thread's connection.
  // The export thread (EXPORT_THREAD=1) has its own tests: api/exports.
  api = await startTestApp({ extend: (deps) => void (deps.readDb = (deps.readDb ?? deps.db).withPlugin(countFarmerReads())) })
  admin = (await signInAs(api.db, 'global_admin')).headers
  const createdAt = (i: number) => new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString()
  for (let from = 0; from < FARMERS; from += 500) {
    const rows: NewFarmer[] = Array.from({ length: 500 }, (_, k) => {
      const i = from + k
      const isLabasa = i % 10 === 0
      return {
        id: randomUUID(),
        name: nameOf(i),
        phone: `+679 ${String(1000000 + i)}`,
        email: `farmer${i}@example.com`,
        cities: JSON.stringify([isLabasa ? 'Labasa' : 'Suva']),
        produce: JSON.stringify(['Cassava']),
        photoUrls: '[]',
        comments: COMMENT,
        isActive: 1,
        // Half are inside their subscription today (Fiji); half ended two days ago.
        subscriptionStart: fijiMidnight(i % 2 === 0 ? -10 : -40),
        subscriptionEnd: fijiMidnight(i % 2 === 0 ? 10 : -2),
        createdAt: createdAt(i),
        updatedAt: createdAt(i),
      }
    })
    await api.db.insertInto('farmers').values(rows).execute()
  }
}, 180_000)
afterAll(() => api.close())
// Each export reads tens of megabytes: on a busy machine longer than the default 5 s.
const slow = { timeout: 120_000 }

// A fresh connection per request: a kept-alive one can be closed by the server (5 s idle) just as the
// next request goes out on a machine busy enough to stretch a test's own work past that.
const get = (path: string) => api.fetch(path, { headers: { ...admin, connection: 'close' } })
const namesOf = async (res: Response) => ((await res.json()) as AdminFarmer[]).map((f) => f.name)

/** Reads a CSV download to its end: its lines, the UTF-8 mark kept. */
async function readCsv(res: Response): Promise<string[]> {
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer())
  return text.split('\r\n').filter((line) => line !== '')
}

describe('GET /api/admin/farmers: a page at a time', slow, () => {
  it('answers one page in the chosen order with the count of all matches', async () => {
    const first = await get('/api/admin/farmers')
    expect(first.headers.get('x-total-count')).toBe(String(FARMERS))
    const names = await namesOf(first)
    expect(names).toHaveLength(ADMIN_FARMERS_PAGE_DEFAULT)
    expect(names[0]).toBe(nameOf(0))

    const third = await namesOf(await get('/api/admin/farmers?page=3&pageSize=20'))
    expect(third[0]).toBe(nameOf(40))
    expect(third).toHaveLength(20)

    const newest = await namesOf(await get('/api/admin/farmers?sort=-createdAt&pageSize=2'))
    expect(newest).toEqual([nameOf(FARMERS - 1), nameOf(FARMERS - 2)])
    const byNameDown = await namesOf(await get('/api/admin/farmers?sort=-name&pageSize=1'))
    expect(byNameDown).toEqual([nameOf(FARMERS - 1)])
  })

  it('filters in SQL and counts what the filters match', async () => {
    const labasa = await get('/api/admin/farmers?city=Labasa&status=active&pageSize=200')
    expect(labasa.headers.get('x-total-count')).toBe(String(LABASA))
    const names = await namesOf(labasa)
    expect(names).toHaveLength(200)
    expect(names.every((name) => name.endsWith('Labasa'))).toBe(true)
    expect((await get('/api/admin/farmers?status=expired')).headers.get('x-total-count')).toBe(String(FARMERS / 2))
  })

  it('refuses an unknown parameter, a page too large and the old unpaged forms', async () => {
    for (const query of ['x=1', 'limit=100000', 'offset=0', `pageSize=${ADMIN_FARMERS_PAGE_MAX + 1}`, 'page=0', 'sort=phone']) {
      expect((await get(`/api/admin/farmers?${query}`)).status, query).toBe(400)
    }
    expect((await get('/api/admin/farmers/export?page=2')).status).toBe(400)
  })
})

describe('GET /api/admin/farmers/export', slow, () => {
  it('has every farmer and a header, opens with the UTF-8 mark, and writes dates one way', async () => {
    const res = await get('/api/admin/farmers/export')
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const lines = await readCsv(res)
    expect(lines[0]!.startsWith('\uFEFF"ID","Name"')).toBe(true)
    expect(lines).toHaveLength(FARMERS + 1)
    const header = lines[0]!.slice(1).split('","').map((h) => h.replaceAll('"', ''))
    const dateColumns = ['Subscription Start', 'Subscription End', 'Created At'].map((name) => header.indexOf(name))
    const first = lines[1]!.slice(1, -1).split('","')
    for (const column of dateColumns) expect(first[column]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)
    // Fiji is 12 hours ahead of UTC for this date: 2025-01-01T00:00Z is noon in Suva.
    expect(first[header.indexOf('Created At')]).toBe('2025-01-01 12:00')
    // Every farmer once, in name order.
    const ids = new Set(lines.slice(1).map((line) => line.slice(1, 37)))
    expect(ids.size).toBe(FARMERS)
  })

  it('is, byte for byte, the file the main connection reads (the read thread changes where, not what)', async () => {
    const read = farmerRowsRead
    const served = new Uint8Array(await (await get('/api/admin/farmers/export?sort=-createdAt')).arrayBuffer())
    expect(farmerRowsRead - read).toBe(FARMERS)
    const records: CsvValue[][] = []
    for await (const chunk of farmersService(api.db).exportRecords({ sort: '-createdAt' })) records.push(...chunk)
    const expected = new TextEncoder().encode(UTF8_BOM + toCsv(FARMER_CSV_COLUMNS, records))
    expect(served.byteLength).toBe(expected.byteLength)
    expect(Buffer.compare(served, expected)).toBe(0)
  })

  it('exports what the filters and search show, in their order', async () => {
    const lines = await readCsv(await get('/api/admin/farmers/export?city=Labasa&status=active&sort=-name'))
    expect(lines).toHaveLength(LABASA + 1)
    const names = lines.slice(1).map((line) => line.split('","')[1])
    expect(names.every((name) => name!.endsWith('Labasa'))).toBe(true)
    expect(names[0]).toBe(nameOf(FARMERS - 10))
    const searched = await readCsv(await get('/api/admin/farmers/export?search=farmer123%40'))
    expect(searched.slice(1).map((line) => line.split('","')[1])).toEqual(['Farmer 00123'])
  })

  it('holds memory flat: what the server holds grows by far less than the CSV it streams', async () => {
    setFlagsFromString('--expose-gc')
    const gc = runInNewContext('gc') as () => void
    const inUse = () => {
      gc()
      const { heapUsed, external } = process.memoryUsage()
      return heapUsed + external
    }
    const before = inUse()
    let peak = before
    let bytes = 0
    let lines = 0
    let nextSample = 0
    // Counted as it arrives and dropped, so the reader holds nothing itself. Read with node's http, whose
    // socket pauses while a chunk waits to be read: fetch's body reads ahead of its reader (megabytes
    // here, in this process), which would be counted as if the server held them.
    const download = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get(`${api.baseUrl}/api/admin/farmers/export`, { headers: { ...admin, connection: 'close' } }, resolve).on('error', reject))
    expect(download.statusCode).toBe(200)
    for await (const value of download as AsyncIterable<Buffer>) {
      bytes += value.byteLength
      for (const byte of value) if (byte === 0x0a) lines++
      if (bytes >= nextSample) {
        nextSample = bytes + 1_000_000
        peak = Math.max(peak, inUse())
      }
    }
    expect(lines).toBe(FARMERS + 1)
    expect(bytes).toBeGreaterThan(15_000_000)
    // A server that held the CSV would grow by all of it (~23 MB), one that held half by ~11 MB. A streaming
    // one grows by its working set: 3.3-4.7 MB measured here (the export thread, the read thread's pages,
    // socket buffers), nearest the top on a busy machine, so the bound sits at a third, not a fifth.
    expect(peak - before).toBeLessThan(bytes / 3)
  })

  it('answers a health check while the export is still reading farmers', async () => {
    const baseline = farmerRowsRead
    const reader = (await get('/api/admin/farmers/export')).body!.getReader()
    await reader.read()
    // The client takes no more for now: the server waits for it, and serves others meanwhile.
    const health = await api.fetch('/api/health')
    expect(health.status).toBe(200)
    const readWhenHealthAnswered = farmerRowsRead - baseline
    for (;;) if ((await reader.read()).done) break
    expect(farmerRowsRead - baseline).toBe(FARMERS)
    expect(readWhenHealthAnswered).toBeLessThan(FARMERS)
  })
})
