// GET /api/admin/audit-logs, newest first, in pages (contract AUDIT_LOG_PAGE_DEFAULT per page).
import { useInfiniteQuery } from '@tanstack/react-query'
import { AUDIT_LOG_PAGE_DEFAULT, type AuditLog } from '../../../../api/contract/audit'
import { apiGet } from '../../../shared/api'

export const auditLogsKey = ['/api/admin/audit-logs'] as const

export function useAuditLogs() {
  return useInfiniteQuery({
    queryKey: auditLogsKey,
    queryFn: ({ pageParam }) =>
      apiGet<AuditLog[]>(pageParam === undefined ? '/api/admin/audit-logs' : `/api/admin/audit-logs?before=${pageParam}`),
    initialPageParam: undefined as number | undefined,
    // A full page may have older entries behind it; the oldest id shown is where the next page starts.
    getNextPageParam: (page) => (page.length >= AUDIT_LOG_PAGE_DEFAULT ? page.at(-1)?.id : undefined),
    // Every screen writes to the trail: show it as it is now, not as it was on the last visit.
    refetchOnMount: 'always',
  })
}

