// The offline copy is read 2,000 farmers a query (decision 030): across the pages every listed farmer
// is there once, in list order — premium first, then name ignoring case, then id — the order of one
// query over them all; names equal but for case, and farmers in no list, fall where they should.
import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { portable } from '../../db/dialect'
import { DirectorySnapshotSchema } from '../contract'
import { startTestApp, type TestApp } from '../testing/test-app'
import { fijiMidnight } from './testing'
import { listedSql } from './public-listing'

let api: TestApp
const FARMERS = 4_700

beforeAll(async () => {
  api = await startTestApp()
  const [from, to] = [fijiMidnight(-10), fijiMidnight(10)]
  // Few distinct names, so page boundaries fall inside runs of equal names (and of names equal but for case).
  const names = ['Ana', 'ana', 'ANA', 'Bale', 'bale farm', 'Cama', 'Dau', 'Ema']
  const rows = Array.from({ length: FARMERS }, (_, i) => ({
    id: randomUUID(),
    name: names[i % names.length]!,
    phone: '+679 900 0000',
    isActive: (i % 97 === 0 ? 0 : 1) as 0 | 1,
    isPremium: (i % 5 === 0 ? 1 : 0) as 0 | 1,
    subscriptionStart: from,
    subscriptionEnd: to,
    cities: JSON.stringify([i % 3 === 0 ? 'Suva' : 'Nadi']),
    produce: JSON.stringify(['Dalo (Taro)']),
    photoUrls: '[]',
  }))
  for (let i = 0; i < rows.length; i += 500) await api.db.insertInto('farmers').values(rows.slice(i, i + 500)).execute()
})
afterAll(() => api.close())

describe('the offline copy, read page by page', () => {
  it('holds every listed farmer once, in the order of one query over them all', async () => {
    const res = await api.fetch('/api/directory/snapshot')
    expect(res.status).toBe(200)
    const copy = DirectorySnapshotSchema.parse(await res.json())
    const now = new Date()
    const p = portable(api.db)
    const expected = await sql<{ id: string }>`select f."id" as "id" from farmers as f where ${listedSql('f', now)}
      order by f."isPremium" desc, ${p.caselessOrder('f.name')}, f."id"`.execute(api.db)
    const ids = copy.farmers.map((f) => f[0])
    expect(ids).toHaveLength(FARMERS - Math.ceil(FARMERS / 97))
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids).toEqual(expected.rows.map((r) => r.id))
    expect(copy.cities).toEqual(['Nadi', 'Suva'])
  })
})
