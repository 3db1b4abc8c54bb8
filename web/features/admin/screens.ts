// The back office's screens (spec 001 section 2), by path segment under /admin.
// /admin/payments is the same screen as /admin/payments-received. Each title is a catalog key (area `admin`).
export const adminScreenTitles = {
  'cost-breakdown': 'admin.screen.costBreakdown',
  produce: 'admin.screen.produce',
  categories: 'admin.screen.categories',
  locations: 'admin.screen.locations',
  'expired-subscriptions': 'admin.screen.expiredSubscriptions',
  'active-pending': 'admin.screen.activePending',
  'trial-period': 'admin.screen.trialPeriod',
  'user-management': 'admin.screen.userManagement',
  signups: 'admin.screen.signups',
  'da-signups': 'admin.screen.daSignups',
  'audit-trail': 'admin.screen.auditTrail',
  'payments-received': 'admin.screen.paymentsReceived',
  payments: 'admin.screen.payments',
  email: 'admin.screen.email',
  farmers: 'admin.screen.farmers',
  analytics: 'admin.screen.analytics',
  'subject-matter-experts': 'admin.screen.subjectMatterExperts',
  reviews: 'admin.screen.reviews',
  'farm-reviews': 'admin.screen.farmReviews',
  translations: 'admin.screen.translations',
} as const

export type AdminScreen = keyof typeof adminScreenTitles

