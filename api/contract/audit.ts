// Audit trail entries and the purge-by-date-range body.
import { z } from 'zod'
import { PurgeBodySchema, PurgeResponseSchema, TimestampSchema } from './common'

export const AuditLogSchema = z.object({
  id: z.number().int(),
  /** The acting admin user (rows go with the user, spec 001 §3); null when nobody was signed in. */
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

/** DELETE /api/admin/audit-logs/purge: both dates required, start not after end. */
export const AuditPurgeSchema = PurgeBodySchema
export type AuditPurge = z.infer<typeof AuditPurgeSchema>
export const AuditPurgeResponseSchema = PurgeResponseSchema
