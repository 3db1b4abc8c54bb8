// Subject matter experts in the back office (spec 001 §2): the lists, the writes, and the four
// counters (Recent Additions: created within the last 7 days, spec §9).
import type { Expert } from '../../../../api/contract/experts'
import { useAdminWrite } from '../ui/admin-write'

export const expertsKey = ['/api/admin/subject-matter-experts'] as const
export const expertFieldsKey = ['/api/admin/expert-fields'] as const

export const RECENT_ADDITION_DAYS = 7

export interface ExpertCounters {
  total: number
  withCompanies: number
  recentAdditions: number
  withComments: number
}

export function expertCounters(experts: readonly Expert[], now = new Date()): ExpertCounters {
  const since = now.getTime() - RECENT_ADDITION_DAYS * 24 * 60 * 60 * 1000
  return {
    total: experts.length,
    withCompanies: experts.filter((e) => !!e.company?.trim()).length,
    recentAdditions: experts.filter((e) => new Date(e.createdAt).getTime() >= since).length,
    withComments: experts.filter((e) => !!e.comments?.trim()).length,
  }
}

/** The Updated badge shows when the record changed after it was created. */
export const wasUpdated = (expert: Pick<Expert, 'createdAt' | 'updatedAt'>) => expert.updatedAt !== expert.createdAt

// The public directory and the registration form's options follow admin changes.
export const useExpertWrite = () => useAdminWrite([expertsKey, ['/api/public/experts']])
export const useExpertFieldWrite = () => useAdminWrite([expertFieldsKey, ['/api/public/expert-fields']])
