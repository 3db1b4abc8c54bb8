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
  | 'signups' // issue 9
  | 'da-signups' // issue 9
  | 'farmers' // issue 9
  | 'cost-breakdown' // issue 9
  | 'trial-period' // issue 9
  | 'active-pending' // issue 9
  | 'expired-subscriptions' // issue 9
  | 'payments-received' // issue 9
  | 'payments' // issue 9

/** The issue (by its subject) that builds each screen not built yet. */
export const pendingScreenIssues: Record<Exclude<AdminScreen, BuiltAdminScreen>, string> = {
  produce: 'Reference data (produce, categories, locations)',
  categories: 'Reference data (produce, categories, locations)',
  locations: 'Reference data (produce, categories, locations)',
  email: 'Send Email',
  analytics: 'Admin analytics',
  'subject-matter-experts': 'Experts and review moderation',
  reviews: 'Experts and review moderation',
  'farm-reviews': 'Experts and review moderation',
}
