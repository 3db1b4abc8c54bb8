// Reads the catalog files (web/i18n/catalogs/<locale>/<area>.json) for the build and the server alike,
// refusing a file that breaks the format: a translator's typo fails the build, never a phone.
import { readdirSync, readFileSync, existsSync } from 'node:fs'
import path from 'node:path'
import { catalogFileSchema, LOCALES, type CatalogEntry, type Locale } from '../contract/i18n.ts'

export const CATALOG_DIR = path.resolve(import.meta.dirname, '../../web/i18n/catalogs')

/**
 * Areas only English has (issue 20: the back office stays English, its strings in the catalog so a
 * language can be added without touching a screen). The runtime shows the English message for a key
 * the chosen language lacks, the completeness test does not ask fj and hif for them, and the
 * translations screen does not offer them to translators.
 */
export const ENGLISH_ONLY_AREAS: readonly string[] = ['admin']

export type Catalog = Record<string, CatalogEntry & { area: string }>

export function readCatalog(locale: Locale, dir: string = CATALOG_DIR): Catalog {
  const localeDir = path.join(dir, locale)
  const catalog: Catalog = {}
  if (!existsSync(localeDir)) return catalog
  for (const file of readdirSync(localeDir).filter((f) => f.endsWith('.json')).sort()) {
    const area = file.slice(0, -'.json'.length)
    const where = `${locale}/${file}`
    let parsed: unknown
    try {
      parsed = JSON.parse(readFileSync(path.join(localeDir, file), 'utf8'))
    } catch (error) {
      throw new Error(`${where}: not valid JSON (${(error as Error).message})`)
    }
    const result = catalogFileSchema.safeParse(parsed)
    if (!result.success) throw new Error(`${where}: ${result.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`)
    for (const [key, entry] of Object.entries(result.data)) {
      if (!key.startsWith(`${area}.`)) throw new Error(`${where}: key "${key}" must start with "${area}."`)
      if (catalog[key]) throw new Error(`${where}: key "${key}" is defined twice`)
      catalog[key] = { ...entry, area }
    }
  }
  return catalog
}

export function readAllCatalogs(dir: string = CATALOG_DIR): Record<Locale, Catalog> {
  return Object.fromEntries(LOCALES.map((l) => [l, readCatalog(l, dir)])) as Record<Locale, Catalog>
}

/** The placeholder names a message uses ({town}, {count, plural, …}), for checking translations keep them. */
export function placeholdersOf(compiled: unknown, into: Set<string> = new Set()): Set<string> {
  if (!Array.isArray(compiled)) return into
  for (const part of compiled) {
    if (!Array.isArray(part)) continue
    const [name, , options] = part as [unknown, unknown, unknown]
    if (typeof name === 'string') into.add(name)
    if (options && typeof options === 'object') for (const branch of Object.values(options)) placeholdersOf(branch, into)
  }
  return into
}
