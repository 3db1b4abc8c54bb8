// Every key a screen asks for by name exists in the English catalog: a typo or a forgotten entry would
// otherwise show the key itself to a user (Lingui returns the id of a message it does not have).
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { readCatalog } from '../../api/i18n/catalog-files'

const WEB = path.resolve(import.meta.dirname, '..')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) return name === 'catalogs' ? [] : sourceFiles(full)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : []
  })
}

/** Any quoted 'area.rest' whose first word is a catalog area: t('…') calls and key tables alike. */
const KEY_LITERAL = /['"]([a-z][a-zA-Z0-9]*(?:\.[a-zA-Z0-9]+)+)['"]/g

describe('catalog keys used by the screens', () => {
  const english = readCatalog('en')
  const areas = new Set(Object.values(english).map((entry) => entry.area))
  const uses = sourceFiles(WEB).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(KEY_LITERAL)]
      .map((m) => ({ file: path.relative(WEB, file), key: m[1]! }))
      .filter((use) => areas.has(use.key.split('.')[0]!)),
  )

  it('finds the screens’ keys', () => {
    expect(uses.length).toBeGreaterThan(50)
  })

  it('finds the back office’s keys, each in the English-only `admin` area', () => {
    // The back office stays English (issue 20): its words are in en/admin.json only, so every key its
    // screens ask for must be there, whatever language is picked.
    const admin = uses.filter((use) => use.file.startsWith(`features${path.sep}admin${path.sep}`))
    expect(admin.length).toBeGreaterThan(0)
    expect(admin.filter((use) => !english[use.key]).map((use) => `${use.file}: ${use.key}`)).toEqual([])
    expect(uses.filter((use) => use.key.startsWith('admin.') && !use.file.startsWith(`features${path.sep}admin${path.sep}`)).map((use) => use.file)).toEqual([])
  })

  it('has every one of them in the English catalog', () => {
    const missing = uses.filter((use) => !english[use.key]).map((use) => `${use.file}: ${use.key}`)
    expect(missing).toEqual([])
  })
})
