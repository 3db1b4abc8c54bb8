// Rules for staff corrections (issue 20 item 5): a correction is laid over the catalog file's
// message, must compile as ICU MessageFormat and use English's placeholders, and every change is
// audited. English is never corrected. The catalogs are read once, when the app is built: they
// ship with the release and do not change while it runs.
import { compileMessage, compileMessageOrThrow } from '@lingui/message-utils/compileMessage'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import {
  LOCALE_NAMES,
  SOURCE_LOCALE,
  type Locale,
  type TranslationStatus,
} from '../contract/i18n'
import {
  TRANSLATION_MAX_LENGTH,
  translationMessages as words,
  type I18nOverrides,
  type TranslationImportResult,
  type TranslationList,
  type TranslationSave,
  type TranslationString,
  type TranslationsQuery,
} from '../contract/translations'
import { staffWrite, type Actor } from '../audit/staff-write'
import type { Catalog } from '../i18n/catalog-files'
import { ENGLISH_ONLY_AREAS, placeholdersOf } from '../i18n/catalog-files'
import { HttpError, notFound } from '../errors'
import { parsePo, PoSyntaxError, writePo, type PoEntry } from './po-file'
import { deleteCorrection, saveCorrections, translationsRepository, type CorrectionRow, type CorrectionWrite } from './repository'

type Catalogs = Record<Locale, Catalog>
type Issue = { path: string; message: string }

const MAX_ISSUES = 50
const sameSet = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((name) => b.has(name))

/** Why a message cannot stand in for English's, or null when it can. */
export function messageProblem(message: string, english: string): string | null {
  let compiled: unknown
  try {
    compiled = compileMessageOrThrow(message)
  } catch {
    return words.notIcu
  }
  return sameSet(placeholdersOf(compiled), placeholdersOf(compileMessage(english))) ? null : words.placeholdersDiffer
}

export function translationsService(db: Kysely<Database>, catalogs: Catalogs) {
  const repository = translationsRepository(db)
  // The back office's words (English-only areas) are not for translators: they stay English.
  const english = Object.fromEntries(Object.entries(catalogs[SOURCE_LOCALE]).filter(([, entry]) => !ENGLISH_ONLY_AREAS.includes(entry.area)))
  const keys = Object.keys(english).sort()
  const who = (actor: Actor) => actor.userName ?? actor.userEmail

  /** Each English key with the file's translation and the correction laid over it. */
  function stringsOf(locale: Locale, corrections: readonly CorrectionRow[]): TranslationString[] {
    const byKey = new Map(corrections.map((c) => [c.key, c]))
    return keys.map((key) => {
      const source = english[key]!
      // A file that lacks a key shows English there (the runtime's fallback), as machine-drafted.
      const file = catalogs[locale][key] ?? { message: source.message, status: 'drafted' as const }
      const fileStatus: TranslationStatus = file.status ?? 'drafted'
      const row = byKey.get(key)
      const correction = row ? { message: row.message, status: row.status, updatedAt: row.updatedAt, updatedBy: row.updatedBy } : null
      return {
        key,
        note: source.note,
        english: source.message,
        fileMessage: file.message,
        fileStatus,
        correction,
        message: correction?.message ?? file.message,
        status: correction?.status ?? fileStatus,
      }
    })
  }

  async function stringOf(locale: Locale, key: string): Promise<TranslationString> {
    const row = await repository.correction(locale, key)
    return stringsOf(locale, row ? [row] : []).find((s) => s.key === key)!
  }

  function requireKey(key: string) {
    if (!english[key]) throw notFound(words.unknownKey)
  }

  return {
    version: () => repository.version(),

    /** What phones lay over their catalog: corrections that still fit today's English, compiled. */
    async overrides(locale: Locale): Promise<I18nOverrides> {
      const version = await repository.version()
      const messages: Record<string, unknown> = {}
      if (locale !== SOURCE_LOCALE) {
        for (const row of await repository.corrections(locale)) {
          const source = english[row.key]
          // A release that removed the key or changed English's placeholders leaves the file's text.
          if (!source || row.message === catalogs[locale][row.key]?.message || messageProblem(row.message, source.message)) continue
          messages[row.key] = compileMessage(row.message)
        }
      }
      return { locale, version, messages }
    },

    async list(query: TranslationsQuery): Promise<TranslationList> {
      const all = stringsOf(query.locale, await repository.corrections(query.locale))
      const needle = query.search?.toLocaleLowerCase('en')
      const matches = all.filter(
        (s) =>
          (!query.status || s.status === query.status) &&
          (!needle || [s.key, s.note, s.english, s.message].some((text) => text.toLocaleLowerCase('en').includes(needle))),
      )
      const start = (query.page - 1) * query.pageSize
      return {
        locale: query.locale,
        strings: matches.slice(start, start + query.pageSize),
        total: matches.length,
        page: query.page,
        pageSize: query.pageSize,
        counts: {
          all: all.length,
          drafted: all.filter((s) => s.status === 'drafted').length,
          reviewed: all.filter((s) => s.status === 'reviewed').length,
          corrected: all.filter((s) => s.correction).length,
        },
      }
    },

    async save(actor: Actor, locale: Locale, key: string, body: TranslationSave): Promise<TranslationString> {
      requireKey(key)
      const problem = messageProblem(body.message, english[key]!.message)
      if (problem) throw new HttpError(400, problem, [{ path: 'message', message: problem }])
      const before = await stringOf(locale, key)
      const isReviewOnly = before.message === body.message
      await staffWrite(db, actor, async (trx) => {
        await saveCorrections(trx, locale, [{ key, message: body.message, status: body.status }], who(actor))
        return {
          result: undefined,
          audit: {
            action: isReviewOnly ? (body.status === 'reviewed' ? 'review_translation' : 'unreview_translation') : 'correct_translation',
            targetType: 'translation',
            targetId: `${locale}:${key}`,
            targetName: key,
            details: { locale, status: `${before.status} → ${body.status}`, ...(!isReviewOnly && { before: before.message, after: body.message }) },
          },
        }
      })
      return stringOf(locale, key)
    },

    async revert(actor: Actor, locale: Locale, key: string): Promise<TranslationString> {
      requireKey(key)
      const before = await stringOf(locale, key)
      await staffWrite(db, actor, async (trx) => {
        if (!(await deleteCorrection(trx, locale, key))) throw notFound(words.noCorrection)
        return {
          result: undefined,
          audit: {
            action: 'revert_translation',
            targetType: 'translation',
            targetId: `${locale}:${key}`,
            targetName: key,
            details: { locale, before: before.message, after: before.fileMessage },
          },
        }
      })
      return stringOf(locale, key)
    },

    async exportPo(locale: Locale, now = new Date()): Promise<string> {
      const entries: PoEntry[] = stringsOf(locale, await repository.corrections(locale)).map((s) => ({
        key: s.key,
        english: s.english,
        translation: s.message,
        note: s.note,
        isFuzzy: s.status === 'drafted',
      }))
      return writePo({ locale, languageName: LOCALE_NAMES[locale], exportedAt: now, entries })
    },

    /** Every row is checked before anything is written; then all changes commit together with one audit row. */
    async importPo(actor: Actor, locale: Locale, file: string): Promise<TranslationImportResult> {
      let parsed: ReturnType<typeof parsePo>
      try {
        parsed = parsePo(file)
      } catch (error) {
        if (!(error instanceof PoSyntaxError)) throw error
        throw new HttpError(400, words.fileNotPo, [{ path: `line ${error.line}`, message: error.message }])
      }
      const language = parsed.headers.language
      if (language === undefined) throw new HttpError(400, words.fileNotPo, [{ path: 'Language', message: 'The file has no Language header' }])
      if (language.replace('_', '-').toLowerCase() !== locale) {
        throw new HttpError(400, words.fileWrongLanguage, [{ path: 'Language', message: `The file says ${language}; this is ${locale}` }])
      }

      const current = new Map(stringsOf(locale, await repository.corrections(locale)).map((s) => [s.key, s]))
      const issues: Issue[] = []
      const seen = new Set<string>()
      const changes: CorrectionWrite[] = []
      let unchanged = 0
      let skipped = 0
      for (const entry of parsed.entries) {
        const where = `line ${entry.line}${entry.key ? ` (${entry.key})` : ''}`
        const fail = (message: string) => issues.push({ path: where, message })
        const string = entry.key ? current.get(entry.key) : undefined
        if (!entry.key) fail('No msgctxt: every entry needs its key')
        else if (!string) fail(words.unknownKey)
        else if (seen.has(entry.key)) fail('The key appears twice in the file')
        else if (entry.english !== string.english) fail('The English text has changed since this file was exported: export the file again')
        else {
          seen.add(entry.key)
          if (entry.translation.trim() === '') {
            skipped++
            continue
          }
          const problem = entry.translation.length > TRANSLATION_MAX_LENGTH ? words.messageTooLong : messageProblem(entry.translation, string.english)
          if (problem) fail(problem)
          const status: TranslationStatus = entry.isFuzzy ? 'drafted' : 'reviewed'
          if (entry.translation === string.message && status === string.status) unchanged++
          else changes.push({ key: entry.key, message: entry.translation, status })
        }
      }
      if (issues.length > 0) throw new HttpError(400, words.fileHasErrors, issues.slice(0, MAX_ISSUES))
      if (changes.length === 0) return { changed: 0, unchanged, skipped }

      await staffWrite(db, actor, async (trx) => {
        await saveCorrections(trx, locale, changes, who(actor))
        const reviewed = changes.filter((c) => c.status === 'reviewed').length
        return {
          result: undefined,
          audit: {
            action: 'import_translations',
            targetType: 'translation',
            targetId: locale,
            targetName: LOCALE_NAMES[locale],
            details: { locale, changed: changes.length, reviewed, drafted: changes.length - reviewed, unchanged, skipped },
          },
        }
      })
      return { changed: changes.length, unchanged, skipped }
    },
  }
}

export type TranslationsService = ReturnType<typeof translationsService>
