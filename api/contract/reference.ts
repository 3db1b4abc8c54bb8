// Reference data: locations, produce, produce categories (public lists and admin CRUD).
import { z } from 'zod'
import { messages } from './messages'
import { TimestampSchema, requiredText } from './common'

const m = messages.reference

/** Category shown when a produce item has none (spec 000 §3). */
export const DEFAULT_PRODUCE_CATEGORY = 'Other'

// ---- public lists (GET /api/locations, GET /api/produce): active items only

export const PublicLocationSchema = z.object({ id: z.number().int(), name: z.string() })
export type PublicLocation = z.infer<typeof PublicLocationSchema>

export const PublicProduceSchema = z.object({ id: z.number().int(), name: z.string(), category: z.string() })
export type PublicProduce = z.infer<typeof PublicProduceSchema>

// ---- locations

export const LocationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  isActive: z.boolean(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
})
export type Location = z.infer<typeof LocationSchema>

export const LocationCreateSchema = z.object({
  name: requiredText(m.locationNameRequired, 100),
  isActive: z.boolean().default(true),
})
export type LocationCreate = z.infer<typeof LocationCreateSchema>

// Update schemas are written out without defaults: in zod 4 a default inside .partial() still fires.
export const LocationUpdateSchema = z.object({
  name: requiredText(m.locationNameRequired, 100).optional(),
  isActive: z.boolean().optional(),
})
export type LocationUpdate = z.infer<typeof LocationUpdateSchema>

// ---- produce categories

export const ProduceCategorySchema = LocationSchema
export type ProduceCategory = z.infer<typeof ProduceCategorySchema>

export const ProduceCategoryCreateSchema = z.object({
  name: requiredText(m.categoryNameRequired, 100),
  isActive: z.boolean().default(true),
})
export type ProduceCategoryCreate = z.infer<typeof ProduceCategoryCreateSchema>

export const ProduceCategoryUpdateSchema = z.object({
  name: requiredText(m.categoryNameRequired, 100).optional(),
  isActive: z.boolean().optional(),
})
export type ProduceCategoryUpdate = z.infer<typeof ProduceCategoryUpdateSchema>

// ---- produce items

/** Admin view. `category` is the category name; null or '' when unset (shown Uncategorized). */
export const ProduceItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
})
export type ProduceItem = z.infer<typeof ProduceItemSchema>

export const ProduceCreateSchema = z.object({
  name: requiredText(m.produceNameRequired, 100),
  /** A name from the category list; '' means none. */
  category: z.string().trim().max(100).optional(),
  isActive: z.boolean().default(true),
})
export type ProduceCreate = z.infer<typeof ProduceCreateSchema>

export const ProduceUpdateSchema = z.object({
  name: requiredText(m.produceNameRequired, 100).optional(),
  category: z.string().trim().max(100).optional(),
  isActive: z.boolean().optional(),
})
export type ProduceUpdate = z.infer<typeof ProduceUpdateSchema>

// ---- CSV exports (spec 001 §3): all values quoted, Yes/No for booleans, file named with the date

export const PRODUCE_CSV_COLUMNS = ['ID', 'Name', 'Category', 'Is Active', 'Created At', 'Updated At'] as const
export const CATEGORY_CSV_COLUMNS = ['ID', 'Name', 'Is Active', 'Created At', 'Updated At'] as const
export const LOCATION_CSV_COLUMNS = CATEGORY_CSV_COLUMNS
