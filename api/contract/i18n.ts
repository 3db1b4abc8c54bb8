// The product's languages and the shape of their catalogs (issue 20). Catalog files live in
// web/i18n/catalogs/<locale>/<area>.json, plain JSON a translator edits without code:
//   { "<key>": { "message": "<ICU MessageFormat>", "note": "<where it shows>", "status": "drafted" | "reviewed" } }
// English holds the specs' texts verbatim and carries no status; every other locale's entry says whether
// a person has reviewed it. Staff corrections are stored on the server and laid over the files.
import { z } from 'zod'
import { LOCALES } from './locales.ts'

export { LOCALES, LOCALE_NAMES, SOURCE_LOCALE, type Locale } from './locales.ts'

export const localeSchema = z.enum(LOCALES)
export const translationStatusSchema = z.enum(['drafted', 'reviewed'])
export type TranslationStatus = z.infer<typeof translationStatusSchema>

/** Keys: dotted lower-camel words, the first being the catalog file's area ("directory.browse.title"). */
export const messageKeySchema = z.string().regex(/^[a-z][a-zA-Z0-9]*(\.[a-zA-Z0-9]+)+$/, 'Invalid message key')

export const catalogEntrySchema = z
  .object({
    message: z.string().min(1),
    note: z.string().min(1),
    status: translationStatusSchema.optional(),
  })
  .strict()
export type CatalogEntry = z.infer<typeof catalogEntrySchema>

export const catalogFileSchema = z.record(messageKeySchema, catalogEntrySchema)
export type CatalogFile = z.infer<typeof catalogFileSchema>
