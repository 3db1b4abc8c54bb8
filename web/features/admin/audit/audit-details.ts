// An audit entry's `details` is readable text, or an object the server stored as JSON
// (api/audit/README.md). Either way the trail shows one readable line.
import { t } from '../../../i18n/runtime'

function show(value: unknown): string {
  if (value === null || value === undefined) return '—'
  if (typeof value === 'boolean') return value ? t('admin.audit.yes') : t('admin.audit.no')
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** '{"email":"a@b.fj","mustChangePassword":true}' → 'email: a@b.fj, mustChangePassword: yes'. */
export function formatAuditDetails(details: string | null): string {
  if (!details) return ''
  let parsed: unknown
  try {
    parsed = JSON.parse(details)
  } catch {
    return details
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return details
  return Object.entries(parsed)
    .map(([key, value]) => `${key}: ${show(value)}`)
    .join(', ')
}
