// The catalog parts split every language whole: each key in exactly one of `first`, `rest` and the
// on-demand parts, and an on-demand part holds only its own area (the home and the other screens never
// download the static pages' prose).
import { describe, expect, it } from 'vitest'
import { LOCALES } from '../api/contract/locales'
import { compiledCatalog, FIRST_PAINT_AREAS, ON_DEMAND_AREAS } from './i18n-catalogs'

describe('catalog parts', () => {
  it.each(LOCALES)('split %s into first, rest and on-demand parts, each key once', (locale) => {
    const all = Object.keys(compiledCatalog(locale))
    const parts = (['first', 'rest', ...ON_DEMAND_AREAS] as const).map((part) => Object.keys(compiledCatalog(locale, undefined, part)))
    expect(parts.flat().sort()).toEqual([...all].sort())
    expect(new Set(parts.flat()).size).toBe(all.length)
  })

  it('keep the home page’s areas in the first part and each on-demand area in its own', () => {
    const first = Object.keys(compiledCatalog('en', undefined, 'first'))
    expect(first.every((key) => FIRST_PAINT_AREAS.includes(key.split('.')[0]!))).toBe(true)
    for (const area of ON_DEMAND_AREAS) {
      const keys = Object.keys(compiledCatalog('en', undefined, area))
      expect(keys.length).toBeGreaterThan(0)
      expect(keys.every((key) => key.startsWith(`${area}.`))).toBe(true)
      expect(Object.keys(compiledCatalog('en', undefined, 'rest')).some((key) => key.startsWith(`${area}.`))).toBe(false)
    }
  })
})
