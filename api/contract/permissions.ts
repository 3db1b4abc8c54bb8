// The roles table of clarifications.md as data. The server enforces it on every route (routes.ts
// `access`); the web app reads the same table to show, hide and redirect. Change it only here.
import type { Role } from './common'

export const capabilities = [
  'dashboard.view', // first two stat cards
  'dashboard.revenueCards', // Active Pending and Total Revenue cards
  'dashboard.adminSection', // Expired Subscriptions card and the admin user section
  'farmers.view', // list, search, filters
  'farmers.export',
  'farmers.create',
  'farmers.edit',
  'farmers.delete',
  'farmers.subscription', // edit subscription dates
  'farmers.toggles', // premium/bulk toggles, activate/deactivate
  'signups.process', // list and approve/reject
  'signups.purge',
  'audit.view',
  'audit.purge',
  'costing.view',
  'costing.toggle', // includeInCosting
  'trial.start',
  'settings.edit', // daily rate and trial length
  'activePending.view',
  'trialPeriod.view',
  'produce.view', // view and export
  'produce.manage',
  'categories.manage',
  'locations.manage',
  'expired.view',
  'users.manage',
  'daSignups.view',
  'payments.manage',
  'email.send',
  'analytics.view',
  'experts.manage',
  'reviews.moderate',
  'farmReviews.moderate',
  'uploads.create', // signed-in photo upload (spec 000 §6)
  'dataAgent.signup', // submit signups in Data Agent Mode
  'translations.manage', // correct iTaukei and Fiji Hindi strings, export/import (issue 20)
] as const
export type Capability = (typeof capabilities)[number]

const everyone = ['dashboard.view', 'farmers.view', 'farmers.export', 'uploads.create', 'dataAgent.signup'] as const

const adminUser = [
  ...everyone,
  'dashboard.revenueCards',
  'farmers.create',
  'farmers.toggles',
  'signups.process',
  'audit.view',
  'costing.view',
  'costing.toggle',
  'trial.start',
  'activePending.view',
  'trialPeriod.view',
  'produce.view',
] as const

export const roleCapabilities: Record<Role, readonly Capability[]> = {
  global_admin: capabilities,
  admin_user: adminUser,
  data_agent: everyone,
}

export function isCapability(value: string): value is Capability {
  return (capabilities as readonly string[]).includes(value)
}

export function can(role: Role | null | undefined, capability: Capability): boolean {
  return !!role && roleCapabilities[role].includes(capability)
}

/**
 * PATCH /api/admin/farmers/:id carries different kinds of change; the capability follows the fields:
 * only includeInCosting → costing.toggle; only isPremium/isBulk/isActive → farmers.toggles; else farmers.edit.
 */
export function farmerPatchCapability(body: Record<string, unknown>): Capability {
  // Every key present: one parsed to undefined was sent empty and clears its field (an edit).
  const keys = Object.keys(body)
  if (keys.length > 0 && keys.every((k) => k === 'includeInCosting')) return 'costing.toggle'
  if (keys.length > 0 && keys.every((k) => k === 'isPremium' || k === 'isBulk' || k === 'isActive')) {
    return 'farmers.toggles'
  }
  return 'farmers.edit'
}

export interface AdminScreen {
  path: string
  /** Other paths showing the same screen. */
  aliases?: readonly string[]
  label: string
  capability: Capability
  /** Spec 001 marks it global-only: any other role is sent to /admin. */
  globalOnly: boolean
}

/** /admin/* screens of spec 001 §2, in dashboard navigation order. Without a session → /login. */
export const adminScreens = [
  { path: '/admin', label: 'Dashboard', capability: 'dashboard.view', globalOnly: false },
  { path: '/admin/farmers', label: 'Farmers Management', capability: 'farmers.view', globalOnly: false },
  { path: '/admin/user-management', label: 'User Management', capability: 'users.manage', globalOnly: true },
  { path: '/admin/cost-breakdown', label: 'Cost Breakdown', capability: 'costing.view', globalOnly: false },
  { path: '/admin/produce', label: 'Manage Produce', capability: 'produce.view', globalOnly: false },
  { path: '/admin/categories', label: 'Categories', capability: 'categories.manage', globalOnly: true },
  { path: '/admin/locations', label: 'Locations', capability: 'locations.manage', globalOnly: true },
  { path: '/admin/active-pending', label: 'Active Pending', capability: 'activePending.view', globalOnly: false },
  {
    path: '/admin/expired-subscriptions',
    label: 'Expired Subscriptions',
    capability: 'expired.view',
    globalOnly: true,
  },
  { path: '/admin/signups', label: 'Signup Approvals', capability: 'signups.process', globalOnly: false },
  { path: '/admin/da-signups', label: 'Data Agent Signups', capability: 'daSignups.view', globalOnly: true },
  {
    path: '/admin/payments-received',
    aliases: ['/admin/payments'],
    label: 'Payments Received',
    capability: 'payments.manage',
    globalOnly: true,
  },
  { path: '/admin/audit-trail', label: 'Audit Trail', capability: 'audit.view', globalOnly: false },
  { path: '/admin/trial-period', label: 'Trial Period', capability: 'trialPeriod.view', globalOnly: false },
  { path: '/admin/email', label: 'Send Email', capability: 'email.send', globalOnly: true },
  { path: '/admin/analytics', label: 'Analytics', capability: 'analytics.view', globalOnly: true },
  {
    path: '/admin/subject-matter-experts',
    label: 'Subject Matter Experts',
    capability: 'experts.manage',
    globalOnly: true,
  },
  { path: '/admin/reviews', label: 'Platform Reviews', capability: 'reviews.moderate', globalOnly: true },
  { path: '/admin/farm-reviews', label: 'Farm Reviews', capability: 'farmReviews.moderate', globalOnly: true },
  { path: '/admin/translations', label: 'Translations', capability: 'translations.manage', globalOnly: true },
] as const satisfies readonly AdminScreen[]

/**
 * The screen shown at a path, or undefined for an unknown /admin path. Matched as the router matches
 * (case and a trailing slash ignored): /ADMIN/USER-MANAGEMENT shows User Management, so it is judged
 * as User Management.
 */
export function findAdminScreen(path: string): AdminScreen | undefined {
  const clean = (path.length > 1 ? path.replace(/\/+$/, '') : path).toLowerCase()
  return (adminScreens as readonly AdminScreen[]).find((s) => s.path === clean || s.aliases?.includes(clean))
}

/**
 * Where a visit to an admin path should go: null to show it, '/login' without a session,
 * '/admin' when the role may not see it (clarifications: a page the role may not see redirects to /admin),
 * and for a path no screen matches: what cannot be judged is not shown.
 */
export function adminRedirect(role: Role | null | undefined, path: string): '/login' | '/admin' | null {
  if (!role) return '/login'
  const screen = findAdminScreen(path)
  if (screen && can(role, screen.capability)) return null
  return '/admin'
}

/** Navigation buttons for a role (the dashboard itself excluded). */
export function adminNavFor(role: Role): AdminScreen[] {
  return (adminScreens as readonly AdminScreen[]).filter((s) => s.path !== '/admin' && can(role, s.capability))
}
