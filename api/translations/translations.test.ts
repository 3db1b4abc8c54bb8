// Translations that improve after release, over HTTP: the public corrections answer (ETag, 304, 404),
// the global admin's list, save, review, revert, export and import, each refused with a clear
// message and nothing written when wrong, and audited when done.
import fs from 'node:fs'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { translationMessages as words, type TranslationImportResult, type TranslationList, type TranslationString } from '../contract/translations'
import { bearer, createStaffUser, seededAdminId, tokenFor } from '../testing/staff'
import { messageOf, sender } from '../testing/send'
import { startTestApp, type TestApp } from '../testing/test-app'
import { writeFixtureCatalogs } from './testing'

let api: TestApp
let catalogDir: string
let admin: Record<string, string>
let adminUser: Record<string, string>

beforeAll(async () => {
  catalogDir = writeFixtureCatalogs()
  api = await startTestApp({ extend: (deps) => (deps.catalogDir = catalogDir) })
  admin = bearer(await tokenFor(api.db, await seededAdminId(api.db)))
  adminUser = bearer(await tokenFor(api.db, (await createStaffUser(api.db, { role: 'admin_user' })).id))
})
afterAll(async () => {
  await api.close()
  fs.rmSync(catalogDir, { recursive: true, force: true })
})

const send = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => sender(api, () => admin)(method, path, body, headers)
const count = async (table: 'translations' | 'audit_logs') =>
  Number((await api.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
const audits = (action: string) => api.db.selectFrom('audit_logs').selectAll().where('action', '=', action).orderBy('id').execute()
const overrides = async (locale: string, headers: Record<string, string> = {}) => api.fetch(`/api/i18n/${locale}`, { headers })
const list = async (query: string) => (await (await send('GET', `/api/admin/translations?${query}`)).json()) as TranslationList
const save = (locale: string, key: string, body: unknown) => send('PUT', `/api/admin/translations/${locale}/${key}`, body)

describe('who may correct translations', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/admin/translations?locale=fj'],
    ['PUT', '/api/admin/translations/fj/app.language.label', { message: 'Vosa', status: 'reviewed' }],
    ['DELETE', '/api/admin/translations/fj/app.language.label'],
    ['GET', '/api/admin/translations/fj/export'],
    ['POST', '/api/admin/translations/fj/import', { file: 'msgid ""\nmsgstr ""\n' }],
  ]
  it.each(calls)('%s %s: 401 anonymous, 403 for an admin user, nothing written', async (method, path, body) => {
    const before = await count('translations')
    expect((await sender(api, () => ({}))(method, path, body)).status).toBe(401)
    const refused = await sender(api, () => adminUser)(method, path, body)
    expect(refused.status).toBe(403)
    expect(await count('translations')).toBe(before)
  })
})

describe('the public corrections answer', () => {
  it('answers only corrections, compiled, with an ETag; a phone revalidates to a bodiless 304', async () => {
    const first = await overrides('hif')
    expect(first.status).toBe(200)
    expect(first.headers.get('cache-control')).toBe('no-cache')
    const etag = first.headers.get('etag')!
    expect(etag).toMatch(/^W\/"/)
    expect(await first.json()).toMatchObject({ locale: 'hif', messages: {} })
    // As a browser's HTTP cache revalidates (a hand-made conditional fetch() adds 'no-cache', which asks past any ETag).
    const revalidate = { 'if-none-match': etag, 'cache-control': 'max-age=0' }
    const again = await overrides('hif', revalidate)
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')

    expect((await save('hif', 'app.language.label', { message: 'Bhaasa', status: 'reviewed' })).status).toBe(200)
    const changed = await overrides('hif', revalidate)
    expect(changed.status).toBe(200)
    expect(changed.headers.get('etag')).not.toBe(etag)
    const body = (await changed.json()) as { version: number; messages: Record<string, unknown> }
    expect(body.messages).toEqual({ 'app.language.label': compileMessage('Bhaasa') })
    // The other language's answer holds none of it.
    expect(((await (await overrides('fj')).json()) as { messages: object }).messages).toEqual({})
  })

  it('answers English with no corrections, and 404 for a language the product does not speak', async () => {
    expect(await (await overrides('en')).json()).toMatchObject({ locale: 'en', messages: {} })
    for (const locale of ['xx', 'EN', 'fj-FJ']) {
      const res = await overrides(locale)
      expect(res.status).toBe(404)
      expect(await messageOf(res)).toBe('Not found')
    }
  })
})

describe('correcting a string', () => {
  it('lists the strings with English beside each, filtered by status and search', async () => {
    const all = await list('locale=fj')
    expect(all.total).toBe(3)
    expect(all.strings.map((s) => s.key)).toEqual(['app.farmers.count', 'app.language.label', 'app.offline.banner'])
    expect(all.strings[2]).toMatchObject({ english: 'You are offline', fileMessage: 'O sega ni veitaratara', status: 'reviewed', correction: null, note: 'Header: offline banner' })
    expect((await list('locale=fj&status=reviewed')).strings.map((s) => s.key)).toEqual(['app.offline.banner'])
    expect((await list('locale=fj&search=PICKER')).strings.map((s) => s.key)).toEqual(['app.language.label'])
    expect((await list('locale=fj&search=dauteitei&status=drafted')).strings.map((s) => s.key)).toEqual(['app.farmers.count'])
  })

  it('saves a correction and marks it reviewed, audited with before and after', async () => {
    const res = await save('fj', 'app.farmers.count', { message: '{count, plural, one {# na dau teitei} other {# na dau teitei}} e {town}', status: 'drafted' })
    expect(res.status).toBe(200)
    const saved = (await res.json()) as TranslationString
    expect(saved).toMatchObject({ status: 'drafted', fileMessage: '{count, plural, one {# na dauteitei} other {# na dauteitei}} mai {town}', correction: { status: 'drafted', updatedBy: expect.any(String) } })
    const audit = (await audits('correct_translation')).find((a) => a.targetId === 'fj:app.farmers.count')
    expect(audit).toMatchObject({ targetType: 'translation', targetId: 'fj:app.farmers.count', targetName: 'app.farmers.count' })
    expect(JSON.parse(audit!.details!)).toMatchObject({ locale: 'fj', after: saved.message, before: saved.fileMessage })

    const reviewed = (await (await save('fj', 'app.farmers.count', { message: saved.message, status: 'reviewed' })).json()) as TranslationString
    expect(reviewed.status).toBe('reviewed')
    expect(await audits('review_translation')).toHaveLength(1)
    expect((await list('locale=fj&status=reviewed')).counts).toMatchObject({ reviewed: 2, drafted: 1, corrected: 1 })
  })

  it.each([
    ['bad ICU', 'fj', 'app.language.label', { message: 'Vosa {na', status: 'drafted' }, 400, words.notIcu],
    ['a placeholder missing', 'fj', 'app.farmers.count', { message: '{count, plural, one {#} other {#}}', status: 'drafted' }, 400, words.placeholdersDiffer],
    ['a placeholder added', 'fj', 'app.language.label', { message: 'Vosa {town}', status: 'drafted' }, 400, words.placeholdersDiffer],
    ['a blank message', 'fj', 'app.language.label', { message: '   ', status: 'drafted' }, 400, words.messageRequired],
    ['an unknown status', 'fj', 'app.language.label', { message: 'Vosa', status: 'done' }, 400, undefined],
    ['English', 'en', 'app.language.label', { message: 'Tongue', status: 'reviewed' }, 400, words.englishNotEdited],
    ['an unknown language', 'xx', 'app.language.label', { message: 'Vosa', status: 'reviewed' }, 400, words.unknownLocale],
    ['an unknown key', 'fj', 'app.no.such', { message: 'Vosa', status: 'reviewed' }, 404, words.unknownKey],
  ] as const)('refuses %s with a clear message and writes nothing', async (_what, locale, key, body, status, message) => {
    const [rows, trail] = [await count('translations'), await count('audit_logs')]
    const res = await save(locale, key, body)
    expect(res.status).toBe(status)
    if (message) expect(await messageOf(res)).toBe(message)
    expect(await count('translations')).toBe(rows)
    expect(await count('audit_logs')).toBe(trail)
  })

  it("reverts a correction: the file's translation shows again, on phones too", async () => {
    await save('hif', 'app.offline.banner', { message: 'Aap offline hai na', status: 'reviewed' })
    const res = await send('DELETE', '/api/admin/translations/hif/app.offline.banner')
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ correction: null, message: 'Aap offline hai', status: 'drafted' })
    expect(await audits('revert_translation')).toHaveLength(1)
    expect(((await (await overrides('hif')).json()) as { messages: object }).messages).not.toHaveProperty('app.offline.banner')
    const again = await send('DELETE', '/api/admin/translations/hif/app.offline.banner')
    expect(again.status).toBe(404)
    expect(await messageOf(again)).toBe(words.noCorrection)
  })
})

describe('a file for a translator working offline', () => {
  const exportPo = async (locale: string) => {
    const res = await send('GET', `/api/admin/translations/${locale}/export`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/x-gettext-translation')
    expect(res.headers.get('content-disposition')).toContain(`viti-farmers-${locale}.po`)
    return res.text()
  }
  const importPo = (locale: string, file: string) => send('POST', `/api/admin/translations/${locale}/import`, { file })

  it('exports PO with the key as msgctxt, English as msgid, the note, and drafted strings fuzzy', async () => {
    const po = await exportPo('fj')
    expect(po).toContain('"Language: fj\\n"')
    expect(po).toContain('#. Header: label of the language picker\n#, fuzzy\nmsgctxt "app.language.label"\nmsgid "Language"\nmsgstr "Vosa"')
    expect(po).toContain('#. Header: offline banner\nmsgctxt "app.offline.banner"\nmsgid "You are offline"\nmsgstr "O sega ni veitaratara"')
  })

  it('imports a translated file: one transaction, one audit row with the count', async () => {
    const po = (await exportPo('hif'))
      .replace('#, fuzzy\nmsgctxt "app.offline.banner"', 'msgctxt "app.offline.banner"')
      .replace('msgstr "Aap offline hai"', 'msgstr ""\n"Aap abhi "\n"offline hai"')
    const res = await importPo('hif', po)
    expect(res.status).toBe(200)
    expect((await res.json()) as TranslationImportResult).toEqual({ changed: 1, unchanged: 2, skipped: 0 })
    const [audit] = await audits('import_translations')
    expect(JSON.parse(audit!.details!)).toMatchObject({ locale: 'hif', changed: 1, reviewed: 1 })
    expect((await list('locale=hif&search=offline')).strings[0]).toMatchObject({ message: 'Aap abhi offline hai', status: 'reviewed' })
  })

  it('refuses a file with any bad row, naming each, and changes nothing', async () => {
    const po = (await exportPo('fj'))
      .replace('msgstr "Vosa"', 'msgstr "Vosa vou"')
      .replace(/msgstr "\{count[^\n]*/, 'msgstr "{count} dau teitei"')
    const [rows, trail] = [await count('translations'), await count('audit_logs')]
    const res = await importPo('fj', po)
    expect(res.status).toBe(400)
    const body = (await res.json()) as { message: string; issues: { path: string; message: string }[] }
    expect(body.message).toBe(words.fileHasErrors)
    expect(body.issues).toEqual([{ path: expect.stringContaining('(app.farmers.count)'), message: words.placeholdersDiffer }])
    expect(await count('translations')).toBe(rows)
    expect(await count('audit_logs')).toBe(trail)
    expect((await list('locale=fj&search=picker')).strings[0]!.message).toBe('Vosa')
  })

  it.each([
    ['another language', (po: string) => po.replace('Language: fj', 'Language: hif'), words.fileWrongLanguage],
    ['no Language header', (po: string) => po.replace('"Language: fj\\n"\n', ''), words.fileNotPo],
    ['not PO at all', () => 'key,english,translation\napp.language.label,Language,Vosa\n', words.fileNotPo],
    ['gettext plurals', (po: string) => `${po}\nmsgctxt "x.y"\nmsgid "a"\nmsgid_plural "b"\nmsgstr[0] "c"\n`, words.fileNotPo],
    ['an unknown key', (po: string) => `${po}\nmsgctxt "app.no.such"\nmsgid "x"\nmsgstr "y"\n`, words.fileHasErrors],
    ['English changed since export', (po: string) => po.replace('msgid "Language"', 'msgid "Languages"'), words.fileHasErrors],
  ] as const)('refuses %s and changes nothing', async (_what, edit, message) => {
    const po = edit(await exportPo('fj'))
    const [rows, trail] = [await count('translations'), await count('audit_logs')]
    const res = await importPo('fj', po)
    expect(res.status).toBe(400)
    expect(await messageOf(res)).toBe(message)
    expect(await count('translations')).toBe(rows)
    expect(await count('audit_logs')).toBe(trail)
  })
})
