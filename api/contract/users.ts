// Admin users (back-office accounts): list, create, update, reset password, CSV export.
import { z } from 'zod'
import { messages } from './messages'
import { RoleSchema, TimestampSchema, requiredText } from './common'
import { PasswordSchema } from './auth'

const m = messages.users

// Emails are stored lower-case so sign-in matches regardless of how they were typed.
const email = z.string({ error: m.emailRequired }).trim().toLowerCase().pipe(z.email(m.emailRequired).max(255))

/** GET /api/admin/users item (never the password hash). */
export const AdminUserSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: RoleSchema,
  mustChangePassword: z.boolean(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
  lastLogin: TimestampSchema.nullable(),
})
export type AdminUser = z.infer<typeof AdminUserSchema>

/** POST /api/admin/users. The form defaults mustChangePassword to true; the schema to false (spec 001 §3). */
export const AdminUserCreateSchema = z.object({
  name: requiredText(m.nameRequired, 255),
  email,
  password: PasswordSchema,
  role: RoleSchema.default('admin_user'),
  mustChangePassword: z.boolean().default(false),
})
export type AdminUserCreate = z.infer<typeof AdminUserCreateSchema>
export type AdminUserCreateInput = z.input<typeof AdminUserCreateSchema>

/** PATCH /api/admin/users/:id: any subset. */
export const AdminUserUpdateSchema = z.object({
  name: requiredText(m.nameRequired, 255).optional(),
  email: email.optional(),
  role: RoleSchema.optional(),
  mustChangePassword: z.boolean().optional(),
})
export type AdminUserUpdate = z.infer<typeof AdminUserUpdateSchema>

/** POST /api/admin/users/:id/reset-password: ends that user's sessions. */
export const AdminUserResetPasswordSchema = z.object({
  newPassword: PasswordSchema,
  mustChangePassword: z.boolean().default(true),
})
export type AdminUserResetPassword = z.infer<typeof AdminUserResetPasswordSchema>

/** Admin users CSV (spec 001 §3): Must Change Password as Yes/No, all values quoted. */
export const ADMIN_USER_CSV_COLUMNS = [
  'ID',
  'Username',
  'Email',
  'Role',
  'Must Change Password',
  'Created At',
  'Updated At',
  'Last Login',
] as const
