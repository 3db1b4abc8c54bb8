import { describe, expect, it } from 'vitest'
import { toCsv } from '../../../shared/csv'
import { adminUsersCsv } from './admin-users'

describe('admin users CSV', () => {
  it("has the spec's columns, Yes/No for Must Change Password and an empty Last Login when never signed in", () => {
    const csv = adminUsersCsv([
      {
        id: '6f1c3f0e-8a53-4c43-9d7e-1a2b3c4d5e6f',
        name: 'Mere Tui',
        email: 'mere@example.fj',
        role: 'data_agent',
        mustChangePassword: true,
        createdAt: '2026-11-20T01:00:00.000Z',
        updatedAt: '2026-11-20T02:00:00.000Z',
        lastLogin: null,
      },
    ])
    expect(csv.baseName).toBe('admin-users')
    expect(toCsv(csv.columns, csv.rows.map(csv.toRecord))).toBe(
      '"ID","Username","Email","Role","Must Change Password","Created At","Updated At","Last Login"\r\n' +
        '"6f1c3f0e-8a53-4c43-9d7e-1a2b3c4d5e6f","Mere Tui","mere@example.fj","data_agent","Yes",' +
        '"2026-11-20 13:00","2026-11-20 14:00",""\r\n',
    )
  })
})
