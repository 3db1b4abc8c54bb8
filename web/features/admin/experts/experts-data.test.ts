import { describe, expect, it } from 'vitest'
import type { Expert } from '../../../../api/contract/experts'
import { expertCounters, wasUpdated } from './experts-data'

const now = new Date('2026-11-24T00:00:00.000Z')
const expert = (over: Partial<Expert>): Expert => ({
  id: '00000000-0000-4000-8000-000000000000',
  name: 'Ana',
  company: null,
  expertField: null,
  contactNumber: '+679 1',
  email: 'a@example.fj',
  photoUrl: null,
  comments: null,
  isActive: true,
  isDemo: false,
  createdAt: '2026-10-01T00:00:00.000Z',
  updatedAt: '2026-10-01T00:00:00.000Z',
  ...over,
})

describe('expertCounters', () => {
  it('counts companies and comments that are not blank, and additions of the last 7 days', () => {
    const counters = expertCounters(
      [
        expert({ company: 'Koronivia', comments: 'x' }),
        expert({ company: '  ', createdAt: '2026-11-17T00:00:00.000Z' }),
        expert({ comments: ' ', createdAt: '2026-11-16T23:59:59.000Z' }),
      ],
      now,
    )
    expect(counters).toEqual({ total: 3, withCompanies: 1, recentAdditions: 1, withComments: 1 })
  })

  it('shows Updated only when the update time differs from creation', () => {
    expect(wasUpdated(expert({}))).toBe(false)
    expect(wasUpdated(expert({ updatedAt: '2026-10-02T00:00:00.000Z' }))).toBe(true)
  })
})
