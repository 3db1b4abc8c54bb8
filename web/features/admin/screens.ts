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
  translations: 'Translations',
} as const

export type AdminScreen = keyof typeof adminScreenTitles

