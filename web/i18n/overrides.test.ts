// Corrections reach the words on screen: fetched for the active language (not English), laid over
// the catalog, fetched again after a failure, and never shown as a key.
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { keepOverridesCurrent } from './overrides'
import { setLocale, t } from './runtime'

const answers: Record<string, () => Response> = {}
const asked: string[] = []
vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
  asked.push(`${url} ${init?.cache}`)
  return (answers[url] ?? (() => new Response(null, { status: 503 })))()
})
const json = (body: unknown) => () => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })
const settle = () => new Promise((resolve) => setTimeout(resolve, 10))

afterEach(() => {
  asked.length = 0
})

describe('staff corrections', () => {
  it('are fetched past the cache for the active language only, and replace the file\'s words', async () => {
    answers['/api/i18n/fj'] = json({ locale: 'fj', version: 3, messages: { 'app.language.label': compileMessage('Vosa ni vanua') } })
    keepOverridesCurrent()
    await settle()
    expect(asked).toEqual([])
    expect(t('app.language.label')).toBe('Language')

    await setLocale('fj', false)
    await settle()
    expect(asked).toEqual(['/api/i18n/fj no-cache'])
    expect(t('app.language.label')).toBe('Vosa ni vanua')
    await setLocale('en', false)
    expect(t('app.language.label')).toBe('Language')
  })

  it("leave the file's words when the answer fails or is malformed, and are asked again later", async () => {
    answers['/api/i18n/hif'] = json({ locale: 'hif', version: 'x', messages: {} })
    await setLocale('hif', false)
    await settle()
    expect(asked).toEqual(['/api/i18n/hif no-cache'])
    expect(t('app.language.label')).not.toBe('app.language.label')
    const fileWords = t('app.language.label')

    answers['/api/i18n/hif'] = json({ locale: 'hif', version: 4, messages: { 'app.language.label': compileMessage('Boli') } })
    await setLocale('en', false)
    await setLocale('hif', false)
    await settle()
    expect(asked).toHaveLength(2)
    expect(t('app.language.label')).toBe('Boli')
    expect(fileWords).not.toBe('Boli')
  })
})
