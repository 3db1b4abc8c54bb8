import { beforeAll, describe, expect, it } from 'vitest'
import { catalogPartsReady } from '../../../i18n/runtime'
import { showsFieldCard, statCardsFor } from './stat-cards'

const stats = { totalFarmers: 1234, activeSubscriptions: 56, pendingSubscriptions: 7, expiredSubscriptions: 8, monthlyRevenue: 'FJ$1,250.00' }

const shown = (role: Parameters<typeof statCardsFor>[0]) => statCardsFor(role).map((card) => [card.label, card.value(stats), card.to])

beforeAll(() => catalogPartsReady(['admin']))

describe('dashboard stat cards', () => {
  it('shows a global admin all five, Active Pending and Expired opening their screens', () => {
    expect(shown('global_admin')).toEqual([
      ['Total Farmers', '1,234', undefined],
      ['Active Subscriptions', '56', undefined],
      ['Active Pending', '7', '/admin/active-pending'],
      ['Expired Subscriptions', '8', '/admin/expired-subscriptions'],
      ['Total Revenue', 'FJ$1,250.00', undefined],
    ])
  })

  it('shows an admin user everything but Expired Subscriptions', () => {
    expect(shown('admin_user').map(([label]) => label)).toEqual(['Total Farmers', 'Active Subscriptions', 'Active Pending', 'Total Revenue'])
  })

  it('shows a dash, not a made-up zero, for a figure the server left out', () => {
    const counts = { totalFarmers: 3, activeSubscriptions: 2 }
    expect(statCardsFor('global_admin').map((card) => card.value(counts))).toEqual(['3', '2', '—', '—', '—'])
  })

  it('names the demo farmers\' part of the revenue on the revenue card only, and only when there is one', () => {
    const notes = (s: typeof stats & { demoRevenue?: string }) => statCardsFor('global_admin').map((card) => card.demoNote?.(s))
    expect(notes({ ...stats, demoRevenue: 'FJ$900.00' })).toEqual([undefined, undefined, undefined, undefined, 'FJ$900.00 of it from demo farmers'])
    expect(notes(stats)).toEqual([undefined, undefined, undefined, undefined, undefined])
  })

  it('shows a data agent the first two cards and the field card', () => {
    expect(shown('data_agent').map(([label]) => label)).toEqual(['Total Farmers', 'Active Subscriptions'])
    expect(showsFieldCard('data_agent')).toBe(true)
    expect(showsFieldCard('admin_user')).toBe(false)
    expect(showsFieldCard('global_admin')).toBe(false)
  })
})
