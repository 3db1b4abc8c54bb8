// The back office's screens (spec 001 section 2), by path segment under /admin.
// /admin/payments is the same screen as /admin/payments-received.
export const adminScreenTitles = {
  'cost-breakdown': 'Cost Breakdown',
  produce: 'Produce',
  categories: 'Categories',
  locations: 'Locations',
  'expired-subscriptions': 'Expired Subscriptions',
  'active-pending': 'Active Pending',
  'trial-period': 'Trial Period',
  'user-management': 'User Management',
  signups: 'Signup Approvals',
  'da-signups': 'Data Agent Signups',
  'audit-trail': 'Audit Trail',
  'payments-received': 'Payments Received',
  payments: 'Payments Received',
  email: 'Send Email',
  farmers: 'Farmers Management',
  analytics: 'Analytics Dashboard',
  'subject-matter-experts': 'Subject Matter Experts',
  reviews: 'Platform Reviews',
  'farm-reviews': 'Farm Reviews',
} as const

export type AdminScreen = keyof typeof adminScreenTitles

/** Screens this issue built; every other one is a placeholder naming the issue that builds it. */
export type BuiltAdminScreen =
  | 'user-management'
  | 'audit-trail'
  | 'produce'
  | 'categories'
  | 'locations'
  | 'subject-matter-experts'
  | 'reviews'
  | 'farm-reviews'
  | 'email'
  | 'analytics'

/** The issue (by its subject) that builds each screen not built yet. */
export const pendingScreenIssues: Record<Exclude<AdminScreen, BuiltAdminScreen>, string> = {
  farmers: 'Farmers management (list, add, edit, subscriptions, toggles, export)',
  'cost-breakdown': 'Costing, trial period and settings',
  'trial-period': 'Costing, trial period and settings',
  'active-pending': 'Subscription lists (active pending, expired)',
  'expired-subscriptions': 'Subscription lists (active pending, expired)',
  signups: 'Signup approvals and data-agent signups',
  'da-signups': 'Signup approvals and data-agent signups',
  'payments-received': 'Payments received',
  payments: 'Payments received',
}
