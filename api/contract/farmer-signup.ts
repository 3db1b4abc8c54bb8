// Farmer signup: the public/data-agent form body, the stored record, and the staff decisions on it.
import { z } from 'zod'
import { messages } from './messages'
import {
  PurgeBodySchema,
  PurgeResponseSchema,
  TimestampSchema,
  optionalDate,
  optionalEmail,
  optionalText,
  optionalUrl,
  requiredDate,
  requiredText,
  subscriptionEndAfterStart,
} from './common'
import { honeypotField } from './honeypot'
import { MAX_SIGNUP_PHOTOS, PhotoPathSchema } from './uploads'

const m = messages.farmerSignup

/** Produce per farmer, spec 000 §9. */
export const MAX_PRODUCE_PER_FARMER = 5

export const signupStatuses = ['pending', 'approved', 'rejected'] as const
export const SignupStatusSchema = z.enum(signupStatuses)
export type SignupStatus = z.infer<typeof SignupStatusSchema>

const listItem = z.string().trim().min(1).max(100)

/**
 * POST /api/farmer-signup and POST /api/data-agent/signup (same body), spec 000 §5.
 * Optional texts accept '' and come out undefined.
 */
export const FarmerSignupSchema = z.object({
  name: requiredText(m.nameRequired, 255),
  phone: requiredText(m.phoneRequired, 50),
  email: optionalEmail(m.emailInvalid),
  website: optionalUrl(m.websiteInvalid),
  /** Shown as "Village". */
  town: optionalText(255),
  tikina: optionalText(255),
  cities: z.array(listItem, { error: m.citiesRequired }).min(1, m.citiesRequired).max(50),
  produce: z
    .array(listItem, { error: m.produceRequired })
    .min(1, m.produceRequired)
    .max(MAX_PRODUCE_PER_FARMER, m.produceMax),
  subscriptionStart: requiredDate(m.subscriptionStartRequired),
  subscriptionEnd: requiredDate(m.subscriptionEndRequired),
  mpaisaNumber: optionalText(50),
  mpaisaReceiptNumber: optionalText(100),
  paymentDate: optionalDate(),
  comments: optionalText(10000),
  deliveryAvailable: z.boolean().default(false),
  isBulk: z.boolean().default(false),
  agreeToTerms: z.boolean({ error: m.agreeToTermsRequired }).refine((v) => v, m.agreeToTermsRequired),
  /** Up to 3 farm photos, each a path from the upload flow (clarifications, Photos). */
  photoUrls: z.array(PhotoPathSchema).max(MAX_SIGNUP_PHOTOS, m.photosMax).default([]),
  ...honeypotField,
}).refine(...subscriptionEndAfterStart(m.subscriptionEndBeforeStart))
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
    rejectionReason: z.string().trim().max(1000).optional(),
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

/** GET /api/admin/signups/data-agent: signups made by data agents, for the DA report. */
export const DataAgentSignupsQuerySchema = z.object({
  range: z.enum(['today', 'last7days', 'lastMonth', 'last3Months']).optional(),
})
export type DataAgentSignupsQuery = z.infer<typeof DataAgentSignupsQuerySchema>
