// Admin users (spec 001 §3 and §7): the list query, the writes, and the CSV rows.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Role } from '../../../../api/contract/common'
import { messages } from '../../../../api/contract/messages'
import {
  ADMIN_USER_CSV_COLUMNS,
  type AdminUser,
  type AdminUserCreate,
  type AdminUserResetPassword,
  type AdminUserUpdate,
} from '../../../../api/contract/users'
import { apiRequest } from '../../../shared/api'
import { csvDateTime, type CsvExport } from '../../../shared/csv'
import { useLoadErrorToast } from '../feedback'

export const adminUsersKey = ['/api/admin/users'] as const

/** GET /api/admin/users; 'Failed to fetch admin users' on failure. */
export function useAdminUsers(enabled = true) {
  const query = useQuery<AdminUser[]>({ queryKey: adminUsersKey, enabled })
  useLoadErrorToast(query.error, messages.users.failedToFetch)
  return query
}

type Write =
  | { kind: 'create'; body: AdminUserCreate }
  | { kind: 'update'; id: string; body: AdminUserUpdate }
  | { kind: 'resetPassword'; id: string; body: AdminUserResetPassword }
  | { kind: 'delete'; id: string }

function send(write: Write): Promise<Response> {
  switch (write.kind) {
    case 'create':
      return apiRequest('POST', '/api/admin/users', write.body)
    case 'update':
      return apiRequest('PATCH', `/api/admin/users/${encodeURIComponent(write.id)}`, write.body)
    case 'resetPassword':
      return apiRequest('POST', `/api/admin/users/${encodeURIComponent(write.id)}/reset-password`, write.body)
    case 'delete':
      return apiRequest('DELETE', `/api/admin/users/${encodeURIComponent(write.id)}`)
  }
}

/** A write to admin users; the list is refetched after every success (spec 001 §7). */
export function useAdminUserWrite() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (write: Write) => {
      await send(write)
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminUsersKey }),
        // One's own name or e-mail may have changed: the session's copy follows.
        queryClient.invalidateQueries({ queryKey: ['/api/auth/verify'] }),
      ]),
  })
}

export const roleOptions: readonly Role[] = ['admin_user', 'global_admin', 'data_agent']

/** The admin users CSV (contract ADMIN_USER_CSV_COLUMNS): Must Change Password as Yes/No. */
export function adminUsersCsv(users: readonly AdminUser[]): CsvExport<AdminUser> {
  return {
    baseName: 'admin-users',
    columns: ADMIN_USER_CSV_COLUMNS,
    rows: users,
    toRecord: (user) => [
      user.id,
      user.name,
      user.email,
      user.role,
      user.mustChangePassword ? 'Yes' : 'No',
      csvDateTime(user.createdAt),
      csvDateTime(user.updatedAt),
      csvDateTime(user.lastLogin),
    ],
  }
}
