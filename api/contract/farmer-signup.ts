// Farmer signup: the public/data-agent form body, the stored record, and the staff decisions on it.
import { z } from 'zod'
import { messages } from './messages'
import {
  PurgeBodySchema,
  REJECTION_REASON_MAX_CHARS,
  PurgeResponseSchema,
  TimestampSchema,
  optionalEmail,
  optionalText,
  optionalUrl,
  pageQuery,
  pageSizeQuery,
  paymentDateInput,
  requiredDate,
  requiredText,
  STAFF_PAGE_SIZE_MAX,
  subscriptionEndAfterStart,
  subscriptionStartDate,
  subscriptionWithinMaxYears,
  whenMissing,
} from './common'
import { honeypotField } from './honeypot'
import { MAX_SIGNUP_PHOTOS, PhotoPathSchema } from './uploads'

const m = messages.farmerSignup

/** Produce per farmer, spec 000 §9. */
export const MAX_PRODUCE_PER_FARMER = 5

export const signupStatuses = ['pending', 'approved', 'rejected'] as const
export const SignupStatusSchema = z.enum(signupStatuses)
export type SignupStatus = z.infer<typeof SignupStatusSchema>

/** A town/city or produce name of the lists; an empty one counts as none chosen. */
const listItem = (requiredMessage: string, maxMessage: string) => z.string().trim().min(1, requiredMessage).max(100, maxMessage)

/** Towns/cities one signup may name. */
export const MAX_SIGNUP_CITIES = 50

/** The signup form's text limits; the form's inputs carry them as maxLength. */
export const SIGNUP_TEXT_MAX = {
  name: 255,
  phone: 50,
  town: 255,
  tikina: 255,
  mpaisaNumber: 50,
  mpaisaReceiptNumber: 100,
  comments: 10000,
} as const

/**
 * POST /api/farmer-signup and POST /api/data-agent/signup (same body), spec 000 §5.
 * Optional texts accept '' and come out undefined.
 */
export const FarmerSignupSchema = z.object({
  name: requiredText(m.nameRequired, SIGNUP_TEXT_MAX.name, m.nameMax),
  phone: requiredText(m.phoneRequired, SIGNUP_TEXT_MAX.phone, m.phoneMax),
  email: optionalEmail(m.emailInvalid),
  website: optionalUrl(m.websiteInvalid),
  /** Shown as "Village". */
  town: optionalText(SIGNUP_TEXT_MAX.town, m.villageMax),
  tikina: optionalText(SIGNUP_TEXT_MAX.tikina, m.tikinaMax),
  cities: z
    .array(listItem(m.citiesRequired, m.cityNameMax), { error: whenMissing(m.citiesRequired) })
    .min(1, m.citiesRequired)
    .max(MAX_SIGNUP_CITIES, m.citiesMax),
  produce: z
    .array(listItem(m.produceRequired, m.produceNameMax), { error: whenMissing(m.produceRequired) })
    .min(1, m.produceRequired)
    .max(MAX_PRODUCE_PER_FARMER, m.produceMax),
  /** From 2020-01-01 to a year after today (Pacific/Fiji); the end at most 5 years after it. */
  subscriptionStart: subscriptionStartDate(m.subscriptionStartRequired, m.subscriptionStartTooEarly, m.subscriptionStartTooLate),
  subscriptionEnd: requiredDate(m.subscriptionEndRequired),
  mpaisaNumber: optionalText(SIGNUP_TEXT_MAX.mpaisaNumber, m.mpaisaNumberMax),
  mpaisaReceiptNumber: optionalText(SIGNUP_TEXT_MAX.mpaisaReceiptNumber, m.mpaisaReceiptNumberMax),
  paymentDate: paymentDateInput(),
  comments: optionalText(SIGNUP_TEXT_MAX.comments, m.commentsMax),
  deliveryAvailable: z.boolean().default(false),
  isBulk: z.boolean().default(false),
  agreeToTerms: z.boolean({ error: whenMissing(m.agreeToTermsRequired) }).refine((v) => v, m.agreeToTermsRequired),
  /** Up to 3 farm photos, each a path from the upload flow (clarifications, Photos). */
  photoUrls: z.array(PhotoPathSchema).max(MAX_SIGNUP_PHOTOS, m.photosMax).default([]),
  ...honeypotField,
})
  .refine(...subscriptionEndAfterStart(m.subscriptionEndBeforeStart))
  .refine(...subscriptionWithinMaxYears(m.subscriptionEndTooLate))
/** What the server gets after parsing. */
export type FarmerSignup = z.infer<typeof FarmerSignupSchema>
/** What the form holds before parsing (react-hook-form values). */
export type FarmerSignupInput = z.input<typeof FarmerSignupSchema>

/** Stored signup as listed on /admin/signups (spec 001 §3). Unset optional texts are null. */
export const FarmerSignupRecordSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  town: z.string().nullable(),
  tikina: z.string().nullable(),
  cities: z.array(z.string()),
  produce: z.array(z.string()),
  subscriptionStart: z.string(),
  subscriptionEnd: z.string(),
  mpaisaNumber: z.string().nullable(),
  mpaisaReceiptNumber: z.string().nullable(),
  paymentDate: z.string().nullable(),
  comments: z.string().nullable(),
  deliveryAvailable: z.boolean(),
  isBulk: z.boolean(),
  photoUrls: z.array(z.string()),
  status: SignupStatusSchema,
  rejectionReason: z.string().nullable(),
  createdAt: TimestampSchema,
  processedAt: TimestampSchema.nullable(),
  processedBy: z.string().nullable(),
  dataAgentId: z.string().nullable(),
  dataAgentName: z.string().nullable(),
  /** E-mail or phone matches an existing farmer (clarifications, Signup approval). Computed, not stored. */
  possibleDuplicate: z.boolean(),
  /** Demo data (db/seed, migration 0006): shown with a 'Demo' badge; approving it makes a demo farmer and payment. */
  isDemo: z.boolean(),
})
export type FarmerSignupRecord = z.infer<typeof FarmerSignupRecordSchema>

/** Answer of the two signup POSTs (queued: replayed verbatim on a repeated Idempotency-Key). */
export const SignupCreatedResponseSchema = z.object({ id: z.uuid(), status: z.literal('pending') })
export type SignupCreatedResponse = z.infer<typeof SignupCreatedResponseSchema>

/** POST /api/admin/signups/:id/process. A rejection needs a non-blank reason. */
export const SignupProcessSchema = z
  .object({
    status: z.enum(['approved', 'rejected']),
    rejectionReason: z.string().trim().max(REJECTION_REASON_MAX_CHARS).optional(),
  })
  .refine((b) => b.status !== 'rejected' || !!b.rejectionReason, {
    error: messages.signups.rejectionReasonRequired,
    path: ['rejectionReason'],
  })
export type SignupProcess = z.infer<typeof SignupProcessSchema>

/** DELETE /api/admin/signups/purge: removes processed (approved/rejected) signups created in the range. */
export const SignupPurgeSchema = PurgeBodySchema
export type SignupPurge = z.infer<typeof SignupPurgeSchema>
export const SignupPurgeResponseSchema = PurgeResponseSchema

/** Signups per page of the staff lists, by default and at most (issue 19: never the whole country at once). */
export const ADMIN_SIGNUPS_PAGE_DEFAULT = 50
export const ADMIN_SIGNUPS_PAGE_MAX = STAFF_PAGE_SIZE_MAX

const staffPage = {
  page: pageQuery(),
  pageSize: pageSizeQuery(ADMIN_SIGNUPS_PAGE_DEFAULT),
}

/** Which signups the approvals screen lists: one status, or every processed one (approved and rejected). */
export const signupListStatuses = ['pending', 'approved', 'rejected', 'processed'] as const
/** Newest submitted first (the pending list) or newest decision first (recent decisions); the id breaks ties. */
export const signupListSorts = ['-createdAt', '-processedAt'] as const
export type SignupListStatus = (typeof signupListStatuses)[number]
export type SignupListSort = (typeof signupListSorts)[number]

/**
 * GET /api/admin/signups: one page of signups, filtered by status and a search over name, phone and
 * e-mail, in SQL. Strict: an unknown parameter is a 400, never an unpaged answer. X-Total-Count
 * counts the matches.
 */
export const AdminSignupsQuerySchema = z.strictObject({
  status: z.enum(signupListStatuses).optional(),
  search: z.string().trim().max(200).optional(),
  sort: z.enum(signupListSorts).default('-createdAt'),
  ...staffPage,
})
export type AdminSignupsQuery = z.infer<typeof AdminSignupsQuerySchema>
export type AdminSignupsQueryInput = z.input<typeof AdminSignupsQuerySchema>

const dataAgentRange = { range: z.enum(['today', 'last7days', 'lastMonth', 'last3Months']).optional() }

/** GET /api/admin/signups/data-agent: one page of the signups made by data agents, newest first, for the DA report. */
export const DataAgentSignupsQuerySchema = z.strictObject({ ...dataAgentRange, ...staffPage })
export type DataAgentSignupsQuery = z.infer<typeof DataAgentSignupsQuerySchema>
/** The DA report's summary and CSV export: the same range, every signup in it. */
export const DataAgentRangeQuerySchema = z.strictObject(dataAgentRange)
export type DataAgentRangeQuery = z.infer<typeof DataAgentRangeQuerySchema>

/** One data agent's row of the report: success rate = approved / total, rounded to a percent (spec 001 §2). */
export const DataAgentSummaryRowSchema = z.object({
  /** The agent's account; null once it was deleted (its signups keep the name they recorded). */
  agentId: z.string().nullable(),
  /** The account's name now, or the recorded one for a deleted account. Two agents may share a name. */
  agent: z.string(),
  total: z.number().int().nonnegative(),
  approved: z.number().int().nonnegative(),
  rejected: z.number().int().nonnegative(),
  pending: z.number().int().nonnegative(),
  successRate: z.number().int().min(0).max(100),
})
export type DataAgentSummaryRow = z.infer<typeof DataAgentSummaryRowSchema>

/** GET /api/admin/signups/data-agent/summary: the report's counts over the whole range, counted in SQL. */
export const DataAgentSignupsSummarySchema = z.object({
  total: z.number().int().nonnegative(),
  approved: z.number().int().nonnegative(),
  rejected: z.number().int().nonnegative(),
  pending: z.number().int().nonnegative(),
  /** Most signups first, then by name; agents are staff accounts, so the list stays short. */
  agents: z.array(DataAgentSummaryRowSchema),
})
export type DataAgentSignupsSummary = z.infer<typeof DataAgentSignupsSummarySchema>
