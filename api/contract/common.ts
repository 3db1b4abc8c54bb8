// Building blocks shared by every area: roles, id params, date inputs, "valid or empty" fields.
import { z } from 'zod'
import './zod-config'
import { messages } from './messages'

export const roles = ['global_admin', 'admin_user', 'data_agent'] as const
export const RoleSchema = z.enum(roles)
export type Role = z.infer<typeof RoleSchema>

export const roleLabels: Record<Role, string> = {
  global_admin: 'Global Admin',
  admin_user: 'Admin User',
  data_agent: 'Data Agent',
}

/** The product's own mail domain (clarifications, E-mail); MAIL_DOMAIN overrides it on the server. */
export const DEFAULT_MAIL_DOMAIN = 'vitifarmers.org.fj'

/** Farmer cards hide internal placeholder addresses on the product's own domain (spec 000 §2). */
export function isInternalEmail(email: string | null | undefined, mailDomain = DEFAULT_MAIL_DOMAIN): boolean {
  return !!email && email.trim().toLowerCase().endsWith(`@${mailDomain.toLowerCase()}`)
}

/** Route param `:id` for uuid-keyed resources (farmers, users, signups, reviews, experts, uploads). */
export const IdParamSchema = z.object({ id: z.uuid() })
export type IdParam = z.infer<typeof IdParamSchema>

/** Route param `:id` for integer-keyed resources (locations, produce, categories, expert fields). Params arrive as text. */
export const IntIdParamSchema = z.object({ id: z.coerce.number<string>().int().positive() })
export type IntIdParam = z.infer<typeof IntIdParamSchema>

const isoDate = z.iso.date()
const isoDateTime = z.iso.datetime({ offset: true })

/** 'YYYY-MM-DD' (a date input) or an ISO date-time string; both appear in the spec's forms. */
export function isDateInput(value: string): boolean {
  return isoDate.safeParse(value).success || isoDateTime.safeParse(value).success
}

export const DateInputSchema = z.string().trim().refine(isDateInput, messages.common.invalidDate)
export type DateInput = z.infer<typeof DateInputSchema>

/** A required date whose "missing" text is a product message; aborts so only that one text shows. */
export function requiredDate(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage, abort: true })
    .refine(isDateInput, messages.common.invalidDate)
}

/** Date that is a date input or empty ('' becomes undefined). */
export function optionalDate() {
  return z
    .string()
    .trim()
    .refine((v) => v === '' || isDateInput(v), messages.common.invalidDate)
    .optional()
    .transform((v) => (v === '' ? undefined : v))
}

/** Milliseconds of a date input, for ordering checks (a bare date counts as its UTC midnight). */
export function dateInputTime(value: string): number {
  return Date.parse(value)
}

/** Optional free text; '' and absent both become undefined so no empty strings reach the database. */
export function optionalText(max?: number, maxMessage?: string) {
  const base = max === undefined ? z.string().trim() : z.string().trim().max(max, maxMessage)
  return base.optional().transform((v) => (v === '' ? undefined : v))
}

const emailCheck = z.email()
const httpUrlCheck = z.httpUrl()

/** E-mail that is valid or empty ('' becomes undefined). */
export function optionalEmail(message: string, max = 255) {
  return z
    .string()
    .trim()
    .refine((v) => v === '' || (v.length <= max && emailCheck.safeParse(v).success), message)
    .optional()
    .transform((v) => (v === '' ? undefined : v))
}

/** Website that is an http(s) URL or empty; http(s) only so a stored link can never run script. */
export function optionalUrl(message: string) {
  return z
    .string()
    .trim()
    .refine((v) => v === '' || httpUrlCheck.safeParse(v).success, message)
    .optional()
    .transform((v) => (v === '' ? undefined : v))
}

/** Required, trimmed text with one message for missing or blank. */
export function requiredText(message: string, max?: number, maxMessage?: string) {
  const base = z.string({ error: message }).trim().min(1, { error: message, abort: true })
  return max === undefined ? base : base.max(max, maxMessage)
}

/** Body of the two purge endpoints (signups and audit logs), spec 001 §5. */
export const PurgeBodySchema = z
  .object({
    startDate: requiredDate(messages.purge.bothDatesRequired),
    endDate: requiredDate(messages.purge.bothDatesRequired),
  })
  .refine((b) => dateInputTime(b.startDate) <= dateInputTime(b.endDate), {
    error: messages.purge.startAfterEnd,
    path: ['startDate'],
  })
export type PurgeBody = z.infer<typeof PurgeBodySchema>

export const PurgeResponseSchema = z.object({ deletedCount: z.number().int().nonnegative() })
export type PurgeResponse = z.infer<typeof PurgeResponseSchema>

/** Timestamps in responses: `new Date().toISOString()` text (conventions, Data). */
export const TimestampSchema = z.string()

/** Answer of writes whose body the spec leaves unshown. */
export const OkResponseSchema = z.object({ ok: z.literal(true) })
export type OkResponse = z.infer<typeof OkResponseSchema>
