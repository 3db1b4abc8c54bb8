// Translations that improve after release (issue 20 item 5): staff corrections laid over the catalog
// files, the public answer phones fetch, and the global admin's list, save, revert, export and import.
// English is the specs' verbatim text: it is never corrected here.
import { z } from 'zod'
import './zod-config'
import { pageQuery, pageSizeQuery, whenMissing } from './common'
import { LOCALES, SOURCE_LOCALE, localeSchema, messageKeySchema, translationStatusSchema, type Locale } from './i18n'

/** The languages staff correct: every one but English. */
export const TRANSLATED_LOCALES = LOCALES.filter((l) => l !== SOURCE_LOCALE) as Exclude<Locale, 'en'>[]

/** Longest message a correction may hold (the catalogs' longest are a few hundred characters). */
export const TRANSLATION_MAX_LENGTH = 2000
/** Largest translator file accepted back (a PO of every string is ~150 KB). */
export const TRANSLATION_FILE_MAX_LENGTH = 900_000

/** The back office's words for this area (it stays English). */
export const translationMessages = {
  englishNotEdited: "English is the specs' own text and is not corrected here",
  unknownLocale: 'Unknown language',
  unknownKey: 'No such string in the catalog',
  messageRequired: 'Please enter the translation',
  messageTooLong: `The translation is longer than ${TRANSLATION_MAX_LENGTH} characters`,
  notIcu: 'The translation is not valid ICU MessageFormat',
  placeholdersDiffer: 'The translation must use the same placeholders as English',
  noCorrection: 'This string has no correction to revert',
  fileRequired: 'Please choose a translation file',
  fileTooLarge: 'The translation file is too large',
  fileNotPo: 'The file is not a gettext PO file',
  fileWrongLanguage: 'The file is for another language',
  fileHasErrors: 'The file has errors; nothing was imported',
} as const

/** :locale of the public answer: any product language (English answers no corrections). */
export const I18nLocaleParamSchema = z.object({ locale: localeSchema })

/** :locale of the admin routes: a language staff correct. */
export const TranslatedLocaleSchema = z.enum(TRANSLATED_LOCALES as [Exclude<Locale, 'en'>, ...Exclude<Locale, 'en'>[]], {
  error: (issue) => (issue.input === SOURCE_LOCALE ? translationMessages.englishNotEdited : translationMessages.unknownLocale),
})
export const TranslationLocaleParamSchema = z.object({ locale: TranslatedLocaleSchema })
export const TranslationKeyParamSchema = z.object({ locale: TranslatedLocaleSchema, key: messageKeySchema })

/** GET /api/i18n/:locale — only the staff corrections, compiled (Lingui's compiled form). */
export const I18nOverridesSchema = z.object({
  locale: localeSchema,
  /** Moves with every correction; the ETag is the answer's hash. */
  version: z.number().int(),
  messages: z.record(z.string(), z.unknown()),
})
export type I18nOverrides = z.infer<typeof I18nOverridesSchema>

export const TRANSLATIONS_PAGE_SIZE = 50

export const TranslationsQuerySchema = z.object({
  locale: TranslatedLocaleSchema,
  status: translationStatusSchema.optional(),
  /** Matched, ignoring case, in the key, the note, the English and the translation. */
  search: z.string().trim().max(200).optional(),
  page: pageQuery(),
  pageSize: pageSizeQuery(TRANSLATIONS_PAGE_SIZE),
})
export type TranslationsQuery = z.infer<typeof TranslationsQuerySchema>

export const TranslationCorrectionSchema = z.object({
  message: z.string(),
  status: translationStatusSchema,
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
})

export const TranslationStringSchema = z.object({
  key: z.string(),
  /** Where it shows, from the catalog file. */
  note: z.string(),
  english: z.string(),
  /** The file's translation and status (what shipped). */
  fileMessage: z.string(),
  fileStatus: translationStatusSchema,
  correction: TranslationCorrectionSchema.nullable(),
  /** What phones show: the correction when there is one, else the file's. */
  message: z.string(),
  status: translationStatusSchema,
})
export type TranslationString = z.infer<typeof TranslationStringSchema>

export const TranslationListSchema = z.object({
  locale: TranslatedLocaleSchema,
  strings: z.array(TranslationStringSchema),
  /** Matches of the filters, before paging. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The whole language, filters aside: how much a person has reviewed. */
  counts: z.object({ all: z.number().int(), drafted: z.number().int(), reviewed: z.number().int(), corrected: z.number().int() }),
})
export type TranslationList = z.infer<typeof TranslationListSchema>

/** Save a correction and/or mark it reviewed: the message shown and its status. */
export const TranslationSaveSchema = z.object({
  message: z
    .string({ error: whenMissing(translationMessages.messageRequired) })
    .refine((m) => m.trim().length > 0, translationMessages.messageRequired)
    .refine((m) => m.length <= TRANSLATION_MAX_LENGTH, translationMessages.messageTooLong),
  status: translationStatusSchema,
})
export type TranslationSave = z.infer<typeof TranslationSaveSchema>

export const TranslationImportSchema = z.object({
  file: z
    .string({ error: whenMissing(translationMessages.fileRequired) })
    .min(1, translationMessages.fileRequired)
    .max(TRANSLATION_FILE_MAX_LENGTH, translationMessages.fileTooLarge),
})
export type TranslationImport = z.infer<typeof TranslationImportSchema>

export const TranslationImportResultSchema = z.object({
  /** Strings whose correction or status changed. */
  changed: z.number().int(),
  /** Rows of the file that said what is already shown. */
  unchanged: z.number().int(),
  /** Rows left untranslated in the file (empty msgstr). */
  skipped: z.number().int(),
})
export type TranslationImportResult = z.infer<typeof TranslationImportResultSchema>
