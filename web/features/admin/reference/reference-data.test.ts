import { describe, expect, it } from 'vitest'
import { toCsv } from '../../../shared/csv'
import { namedCsv, produceCsv } from './reference-data'

const stamp = { createdAt: '2026-11-20T01:00:00.000Z', updatedAt: '2026-11-21T02:00:00.000Z' }

describe('reference CSV exports (spec 001 §3)', () => {
  it('produce: ID, Name, Category, Is Active (Yes/No), Created At, Updated At; no category is empty', () => {
    const csv = produceCsv([
      { id: 1, name: 'Dalo', category: 'Root Crops', isActive: true, ...stamp },
      { id: 2, name: 'Bele', category: '', isActive: false, ...stamp },
    ])
    expect(toCsv(csv.columns, csv.rows.map(csv.toRecord)).split('\r\n')).toEqual([
      '"ID","Name","Category","Is Active","Created At","Updated At"',
      '"1","Dalo","Root Crops","Yes","2026-11-20 13:00","2026-11-21 14:00"',
      '"2","Bele","","No","2026-11-20 13:00","2026-11-21 14:00"',
      '',
    ])
    expect(csv.baseName).toBe('produce')
  })

  it('categories and locations: ID, Name, Is Active, Created At, Updated At', () => {
    for (const baseName of ['categories', 'locations'] as const) {
      const csv = namedCsv(baseName, [{ id: 7, name: 'Suva', isActive: true, ...stamp }])
      expect(toCsv(csv.columns, csv.rows.map(csv.toRecord)).split('\r\n').slice(0, 2)).toEqual([
        '"ID","Name","Is Active","Created At","Updated At"',
        '"7","Suva","Yes","2026-11-20 13:00","2026-11-21 14:00"',
      ])
      expect(csv.baseName).toBe(baseName)
    }
  })
})
