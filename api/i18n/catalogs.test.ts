// Every language says everything English says, with the same placeholders, in files a build can read.
import { describe, expect, it } from 'vitest'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { LOCALES, SOURCE_LOCALE } from '../contract/i18n'
import { ENGLISH_ONLY_AREAS, placeholdersOf, readAllCatalogs } from './catalog-files'

const catalogs = readAllCatalogs()
const english = catalogs[SOURCE_LOCALE]
const others = LOCALES.filter((l) => l !== SOURCE_LOCALE)
/** English's keys a translation must have: all but the English-only areas' (the back office stays English). */
const translatable = Object.keys(english).filter((key) => !ENGLISH_ONLY_AREAS.includes(english[key]!.area))

describe('the catalogs', () => {
  it('hold English texts', () => {
    expect(Object.keys(english).length).toBeGreaterThan(0)
    for (const entry of Object.values(english)) expect(entry.status).toBeUndefined()
  })

  it.each(others)('%s has every English key and nothing else', (locale) => {
    expect(Object.keys(catalogs[locale]).sort()).toEqual(translatable.sort())
  })

  it('have every English-only area in English, and nowhere else', () => {
    for (const area of ENGLISH_ONLY_AREAS) {
      expect(Object.values(english).some((entry) => entry.area === area)).toBe(true)
      for (const locale of others) expect(Object.values(catalogs[locale]).some((entry) => entry.area === area)).toBe(false)
    }
  })

  it.each(others)('%s keeps every placeholder of the English message and says whether it was reviewed', (locale) => {
    const wrong: string[] = []
    for (const [key, entry] of Object.entries(catalogs[locale])) {
      const source = english[key]
      if (!source) continue
      const want = [...placeholdersOf(compileMessage(source.message))].sort()
      const got = [...placeholdersOf(compileMessage(entry.message))].sort()
      if (want.join() !== got.join() || !entry.status) wrong.push(`${key}: {${got}} vs English {${want}}, status ${entry.status}`)
    }
    expect(wrong).toEqual([])
  })

  it('finds the placeholders of plain, placeholder and plural messages', () => {
    expect([...placeholdersOf(compileMessage('Plain'))]).toEqual([])
    expect([...placeholdersOf(compileMessage('Hi {name}'))]).toEqual(['name'])
    expect([...placeholdersOf(compileMessage('{count, plural, one {# in {town}} other {# in {town}}}'))].sort()).toEqual(['count', 'town'])
  })
})
