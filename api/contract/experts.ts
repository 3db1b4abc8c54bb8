// Subject matter experts: public registration and directory, admin management, expertise fields.
import { z } from 'zod'
import { messages } from './messages'
import { TimestampSchema, optionalText, requiredText } from './common'
import { honeypotField } from './honeypot'
import { optionalPhotoPath } from './uploads'

const m = messages.experts

/** Expertise options in the spec's order (spec 000 §2); the seed for the expert_fields table. */
export const EXPERTISE_OPTIONS = [
  'Agricultural Engineering',
  'Crop Science',
  'Soil Science',
  'Plant Pathology',
  'Entomology',
  'Agricultural Economics',
  'Animal Science',
  'Veterinary Medicine',
  'Agricultural Extension',
  'Irrigation & Water Management',
  'Post-Harvest Technology',
  'Organic Farming',
  'Sustainable Agriculture',
  'Farm Management',
  'Agricultural Policy',
  'Food Safety & Quality',
  'Agricultural Marketing',
  'Climate Change Adaptation',
  'Agroforestry',
  'Precision Agriculture',
  'Other',
] as const
export type ExpertiseOption = (typeof EXPERTISE_OPTIONS)[number]

const expertFields = {
  name: requiredText(m.nameRequired, 255, m.nameMax),
  company: optionalText(255, m.companyMax),
  expertField: optionalText(255, m.expertFieldMax),
  contactNumber: requiredText(m.contactNumberRequired, 50, m.contactNumberMax),
  email: z
    .string({ error: m.emailInvalid })
    .trim()
    .max(255, m.emailMax)
    .pipe(z.email(m.emailInvalid)),
  /** '' or absent means no photo. */
  photoUrl: optionalPhotoPath(),
  comments: optionalText(10000, m.commentsMax),
}

/** POST /api/public/expert-signup (queued). Self-registered experts start inactive. */
export const ExpertRegistrationSchema = z.object({ ...expertFields, ...honeypotField })
export type ExpertRegistration = z.infer<typeof ExpertRegistrationSchema>
export type ExpertRegistrationInput = z.input<typeof ExpertRegistrationSchema>

/** POST /api/admin/subject-matter-experts. Admin-created experts start active. */
export const ExpertCreateSchema = z.object({ ...expertFields, isActive: z.boolean().default(true) })
export type ExpertCreate = z.infer<typeof ExpertCreateSchema>

/** PUT /api/admin/subject-matter-experts/:id: the full field set (status has its own toggle route). */
export const ExpertUpdateSchema = z.object(expertFields)
export type ExpertUpdate = z.infer<typeof ExpertUpdateSchema>

export const ExpertSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  company: z.string().nullable(),
  expertField: z.string().nullable(),
  contactNumber: z.string(),
  email: z.string(),
  photoUrl: z.string().nullable(),
  comments: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
  /** Demo data (db/seed, migration 0006): shown with a 'Demo' badge, never as real. */
  isDemo: z.boolean(),
})
export type Expert = z.infer<typeof ExpertSchema>

/** GET /api/public/experts item: active experts only. */
export const PublicExpertSchema = ExpertSchema.omit({ isActive: true, updatedAt: true })
export type PublicExpert = z.infer<typeof PublicExpertSchema>

export const ExpertCreatedResponseSchema = z.object({ id: z.uuid() })
export type ExpertCreatedResponse = z.infer<typeof ExpertCreatedResponseSchema>

export const ExpertFieldSchema = z.object({ id: z.number().int(), name: z.string(), isDefault: z.boolean() })
export type ExpertField = z.infer<typeof ExpertFieldSchema>

/** POST /api/admin/expert-fields: trimmed, non-empty; duplicates answer 409 messages.experts.fieldNameTaken. */
export const ExpertFieldCreateSchema = z.object({ name: requiredText(m.fieldNameRequired, 255) })
export type ExpertFieldCreate = z.infer<typeof ExpertFieldCreateSchema>
