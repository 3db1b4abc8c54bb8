// /api/i18n/:locale (public, kept and ETagged like the directory's answers) and
// /api/admin/translations… (global admin). HTTP only; the rules are in service.ts.
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { localeSchema, type Locale } from '../contract/i18n'
import {
  TranslationImportSchema,
  TranslationKeyParamSchema,
  TranslationLocaleParamSchema,
  TranslationSaveSchema,
  TranslationsQuerySchema,
  type TranslationImport,
  type TranslationSave,
  type TranslationsQuery,
} from '../contract/translations'
import { noStore } from '../auth/http'
import { actorOf } from '../audit/staff-write'
import { cachedAnswers, type AnswerCacheOptions } from '../directory/answer-cache'
import { notFound } from '../errors'
import { contractRouter } from '../http/contract-router'
import { validate } from '../middleware/validate'
import { readAllCatalogs } from '../i18n/catalog-files'
import { translationsService } from './service'

export function translationsRouter(db: Kysely<Database>, options: { catalogDir?: string; answers?: AnswerCacheOptions } = {}) {
  const service = translationsService(db, readAllCatalogs(options.catalogDir))
  const answer = cachedAnswers(service.version, options.answers)
  const { router, on } = contractRouter()
  const keyOf = (locals: Record<string, unknown>) => locals.params as { locale: Locale; key: string }

  on(
    'GET /api/i18n/:locale',
    (req, _res, next) => {
      // A language the product does not speak is no resource at all, not a malformed request.
      if (!localeSchema.safeParse(req.params.locale).success) return next(notFound())
      next()
    },
    answer((req) => service.overrides(req.params.locale as Locale)),
  )

  on('GET /api/admin/translations', noStore, validate({ query: TranslationsQuerySchema }), async (_req, res) => {
    res.json(await service.list(res.locals.query as TranslationsQuery))
  })
  on('PUT /api/admin/translations/:locale/:key', validate({ params: TranslationKeyParamSchema, body: TranslationSaveSchema }), async (req, res) => {
    const { locale, key } = keyOf(res.locals)
    res.json(await service.save(actorOf(req, res), locale, key, res.locals.body as TranslationSave))
  })
  on('DELETE /api/admin/translations/:locale/:key', validate({ params: TranslationKeyParamSchema }), async (req, res) => {
    const { locale, key } = keyOf(res.locals)
    res.json(await service.revert(actorOf(req, res), locale, key))
  })
  on('GET /api/admin/translations/:locale/export', noStore, validate({ params: TranslationLocaleParamSchema }), async (_req, res) => {
    const { locale } = keyOf(res.locals)
    const file = await service.exportPo(locale)
    // attachment() sets a type from the file name; the PO type goes after it.
    res.attachment(`viti-farmers-${locale}.po`)
    res.type('text/x-gettext-translation; charset=utf-8')
    res.send(file)
  })
  on('POST /api/admin/translations/:locale/import', validate({ params: TranslationLocaleParamSchema, body: TranslationImportSchema }), async (req, res) => {
    const { locale } = keyOf(res.locals)
    res.json(await service.importPo(actorOf(req, res), locale, (res.locals.body as TranslationImport).file))
  })
  return router
}
