// Audit trail entries and the purge-by-date-range body.
import { z } from 'zod'
import { DB_INT_MAX, PurgeBodySchema, PurgeResponseSchema, TimestampSchema, wholeNumberQuery } from './common'
import { messages } from './messages'

export const AuditLogSchema = z.object({
  id: z.number().int(),
  /**
   * The acting admin user; null when nobody was signed in, or once that account was deleted — the row
   * outlives its user (issue 8), and userName/userEmail still say who it was.
   */
  userId: z.string().nullable(),
  userEmail: z.string().nullable(),
  userName: z.string().nullable(),
  /** e.g. 'login', 'create_farmer', 'approve_signup' — free text chosen by the server. */
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  targetName: z.string().nullable(),
  details: z.string().nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: TimestampSchema,
})
export type AuditLog = z.infer<typeof AuditLogSchema>

/** Most entries one GET /api/admin/audit-logs answers; older ones are paged with `before`. */
export const AUDIT_LOG_PAGE_MAX = 1000
export const AUDIT_LOG_PAGE_DEFAULT = 500

/** GET /api/admin/audit-logs: newest first; `before` (an entry id) pages back through older entries. */
export const AuditLogsQuerySchema = z.object({
  limit: wholeNumberQuery(messages.common.auditLimitInvalid, 1, AUDIT_LOG_PAGE_MAX).default(AUDIT_LOG_PAGE_DEFAULT),
  before: wholeNumberQuery(messages.common.beforeInvalid, 1, DB_INT_MAX).optional(),
})
export type AuditLogsQuery = z.infer<typeof AuditLogsQuerySchema>

/** DELETE /api/admin/audit-logs/purge: both dates required, start not after end. */
export const AuditPurgeSchema = PurgeBodySchema
export type AuditPurge = z.infer<typeof AuditPurgeSchema>
export const AuditPurgeResponseSchema = PurgeResponseSchema
