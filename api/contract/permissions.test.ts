import { describe, expect, it } from 'vitest'
import { adminNavFor, adminRedirect, adminScreens, can, capabilities, farmerPatchCapability, roleCapabilities } from './permissions'
import { roles } from './common'

describe('roles table (clarifications.md)', () => {
  it('data agent: views and exports farmers, edits nothing', () => {
    expect(can('data_agent', 'farmers.view')).toBe(true)
    expect(can('data_agent', 'farmers.export')).toBe(true)
    expect(can('data_agent', 'dataAgent.signup')).toBe(true)
    for (const cap of ['farmers.edit', 'farmers.create', 'farmers.delete', 'farmers.toggles', 'signups.process', 'audit.view'] as const) {
      expect(can('data_agent', cap)).toBe(false)
    }
  })
  it('admin user: approvals, audit view, toggles, add farmer; not users, edit, purge or settings', () => {
    for (const cap of ['signups.process', 'audit.view', 'farmers.toggles', 'farmers.create', 'costing.toggle', 'trial.start', 'produce.view'] as const) {
      expect(can('admin_user', cap)).toBe(true)
    }
    for (const cap of ['users.manage', 'farmers.edit', 'farmers.delete', 'farmers.subscription', 'signups.purge', 'audit.purge', 'settings.edit', 'produce.manage', 'experts.manage', 'email.send', 'analytics.view'] as const) {
      expect(can('admin_user', cap)).toBe(false)
    }
  })
  it('global admin can everything; no session can nothing', () => {
    for (const cap of capabilities) expect(can('global_admin', cap)).toBe(true)
    expect(can(null, 'dashboard.view')).toBe(false)
  })
  it('roles nest: data agent ⊂ admin user ⊂ global admin', () => {
    for (const cap of roleCapabilities.data_agent) expect(can('admin_user', cap)).toBe(true)
    for (const cap of roleCapabilities.admin_user) expect(can('global_admin', cap)).toBe(true)
  })
})

describe('farmerPatchCapability', () => {
  it('follows the changed fields', () => {
    expect(farmerPatchCapability({ includeInCosting: false })).toBe('costing.toggle')
    expect(farmerPatchCapability({ isPremium: true })).toBe('farmers.toggles')
    expect(farmerPatchCapability({ isActive: true, isBulk: false })).toBe('farmers.toggles')
    expect(farmerPatchCapability({ name: 'New', isPremium: true })).toBe('farmers.edit')
    expect(farmerPatchCapability({})).toBe('farmers.edit')
    // A field sent empty parses to undefined and clears it: an edit, even beside a toggle.
    expect(farmerPatchCapability({ town: undefined })).toBe('farmers.edit')
    expect(farmerPatchCapability({ isPremium: true, comments: undefined })).toBe('farmers.edit')
  })
})

describe('admin screens', () => {
  it('global-only screens are exactly those only the global admin may see', () => {
    for (const screen of adminScreens) {
      const othersMay = roles.some((r) => r !== 'global_admin' && can(r, screen.capability))
      expect(screen.globalOnly, screen.path).toBe(!othersMay)
    }
  })
  it('redirects: no session → /login, forbidden → /admin, allowed → stay', () => {
    expect(adminRedirect(null, '/admin/farmers')).toBe('/login')
    expect(adminRedirect('admin_user', '/admin/categories')).toBe('/admin')
    expect(adminRedirect('admin_user', '/admin/payments')).toBe('/admin')
    expect(adminRedirect('global_admin', '/admin/payments')).toBeNull()
    expect(adminRedirect('data_agent', '/admin/farmers/')).toBeNull()
    expect(adminRedirect('data_agent', '/admin/produce')).toBe('/admin')
  })
  it('judges a path in other case as the screen the router shows there, and refuses a path it cannot match (fail closed)', () => {
    expect(adminRedirect('data_agent', '/ADMIN/USER-MANAGEMENT')).toBe('/admin')
    expect(adminRedirect('admin_user', '/Admin/Payments/')).toBe('/admin')
    expect(adminRedirect('global_admin', '/ADMIN/USER-MANAGEMENT')).toBeNull()
    expect(adminRedirect('data_agent', '/Admin/Farmers')).toBeNull()
    expect(adminRedirect('global_admin', '/admin/no-such-screen')).toBe('/admin')
    expect(adminRedirect('global_admin', '/admin')).toBeNull()
    expect(adminRedirect('data_agent', '/ADMIN')).toBeNull()
  })
  it('navigation per role', () => {
    expect(adminNavFor('data_agent').map((s) => s.path)).toEqual(['/admin/farmers'])
    expect(adminNavFor('admin_user').map((s) => s.path)).not.toContain('/admin/user-management')
    expect(adminNavFor('global_admin')).toHaveLength(adminScreens.length - 1)
  })
})
