import { describe, expect, it } from 'vitest'
import type { FarmerSignupRecord } from '../../../../api/contract/farmer-signup'
import { agentSummaries, recentDecisions } from './signups'

const signup = (over: Partial<FarmerSignupRecord>): FarmerSignupRecord => ({
  id: crypto.randomUUID(),
  name: 'Farmer',
  phone: '+679 1',
  email: null,
  website: null,
  town: null,
  tikina: null,
  cities: ['Suva'],
  produce: ['Bele'],
  subscriptionStart: '2026-03-01',
  subscriptionEnd: '2026-04-01',
  mpaisaNumber: null,
  mpaisaReceiptNumber: null,
  paymentDate: null,
  comments: null,
  deliveryAvailable: false,
  isBulk: false,
  photoUrls: [],
  status: 'pending',
  rejectionReason: null,
  createdAt: '2026-03-01T00:00:00.000Z',
  processedAt: null,
  processedBy: null,
  dataAgentId: null,
  dataAgentName: 'Sera',
  possibleDuplicate: false,
  isDemo: false,
  ...over,
})

describe('agentSummaries', () => {
  it('success rate is approved over total, rounded to a percent', () => {
    const rows = agentSummaries([
      signup({ status: 'approved' }),
      signup({ status: 'rejected' }),
      signup({ status: 'pending' }),
      signup({ dataAgentName: 'Jone', status: 'approved' }),
    ])
    expect(rows).toEqual([
      { agent: 'Sera', total: 3, approved: 1, rejected: 1, pending: 1, successRate: 33 },
      { agent: 'Jone', total: 1, approved: 1, rejected: 0, pending: 0, successRate: 100 },
    ])
  })
})

describe('recentDecisions', () => {
  const list = [
    signup({ name: 'Ana', status: 'approved', processedAt: '2026-03-02T00:00:00.000Z' }),
    signup({ name: 'Bui', status: 'rejected', processedAt: '2026-03-03T00:00:00.000Z', email: 'bui@example.com' }),
    signup({ name: 'Cama', status: 'pending' }),
  ]
  it('keeps processed signups, newest decision first, filtered and searched', () => {
    expect(recentDecisions(list, '', 'all').map((s) => s.name)).toEqual(['Bui', 'Ana'])
    expect(recentDecisions(list, '', 'approved').map((s) => s.name)).toEqual(['Ana'])
    expect(recentDecisions(list, 'BUI@', 'all').map((s) => s.name)).toEqual(['Bui'])
    expect(recentDecisions(list, 'cama', 'all')).toEqual([])
  })
})
