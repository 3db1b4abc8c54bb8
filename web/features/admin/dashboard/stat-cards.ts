// Which stat cards a role sees (spec 001 §2, clarifications roles table), from the contract's
// capabilities — never from role names.
import type { Role } from '../../../../api/contract/common'
import { can } from '../../../../api/contract/permissions'
import type { AdminStats } from '../../../../api/contract/stats'
import { t } from '../../../i18n/runtime'

export interface StatCard {
  label: string
  value: (stats: AdminStats) => string
  /** The screen the card opens, when it opens one. */
  to?: string
  /** Set when demo data counts in the figure: the card shows a 'Demo' badge and this line. */
  demoNote?: (stats: AdminStats) => string | undefined
}

// The server leaves out the figures a role may not see; a card it left out shows '—'.
const count = (n: number | undefined) => (n === undefined ? '—' : n.toLocaleString('en-US'))

/** In the spec's order: Total Farmers, Active Subscriptions, Active Pending, Expired Subscriptions, Total Revenue. */
export function statCardsFor(role: Role): StatCard[] {
  const cards: StatCard[] = [
    { label: t('admin.stats.totalFarmers'), value: (s) => count(s.totalFarmers) },
    { label: t('admin.stats.activeSubscriptions'), value: (s) => count(s.activeSubscriptions) },
  ]
  if (can(role, 'dashboard.revenueCards')) {
    cards.push({ label: t('admin.stats.activePending'), value: (s) => count(s.pendingSubscriptions), to: '/admin/active-pending' })
  }
  if (can(role, 'dashboard.adminSection')) {
    cards.push({ label: t('admin.stats.expiredSubscriptions'), value: (s) => count(s.expiredSubscriptions), to: '/admin/expired-subscriptions' })
  }
  if (can(role, 'dashboard.revenueCards')) {
    cards.push({
      label: t('admin.stats.totalRevenue'),
      value: (s) => s.monthlyRevenue ?? '—',
      demoNote: (s) => (s.demoRevenue ? t('admin.stats.demoRevenue', { amount: s.demoRevenue }) : undefined),
    })
  }
  return cards
}

/**
 * The field card ('Data Agent Dashboard', Sign Up New Farmer) is for whoever signs farmers up
 * but sees only the first two cards — the data agent in today's table.
 */
export function showsFieldCard(role: Role): boolean {
  return can(role, 'dataAgent.signup') && !can(role, 'dashboard.revenueCards')
}
