// Vite plugin: `virtual:i18n-catalog/<locale>` is that locale's catalog compiled by Lingui's compiler at
// build time, so phones download compiled messages (no ICU parser in the bundle) and only the chosen
// language's (web/i18n/runtime.ts imports English statically, the others lazily).
// Each catalog also comes in parts: `<locale>-first` holds the areas the home page's first paint shows
// (FIRST_PAINT_AREAS), `<locale>-rest` every other area but the on-demand ones, fetched before any other
// screen renders; each ON_DEMAND_AREAS area (`<locale>-static`: the static pages' prose; `en-admin`: the
// back office's words, English only) is fetched only by the screens that show it. The home's initial JS so carries only its own words (issue 20: English ≤150 KB
// gzip, another language +≤10 KB), and no other screen waits for ten kilobytes of prose it never shows.
import type { Plugin } from 'vite'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { CATALOG_DIR, readCatalog } from '../api/i18n/catalog-files.ts'
import { localeSchema } from '../api/contract/i18n.ts'

const PREFIX = 'virtual:i18n-catalog/'

/** The catalog areas the shell and the home page show before anything else loads. */
export const FIRST_PAINT_AREAS: readonly string[] = ['app', 'layout', 'ui', 'home', 'dates']

/** Areas only some screens show, each its own part (a chunk per language), loaded by those screens. */
export const ON_DEMAND_AREAS = ['static', 'admin'] as const
export type OnDemandArea = (typeof ON_DEMAND_AREAS)[number]

export type CatalogPart = 'all' | 'first' | 'rest' | OnDemandArea

function isOnDemand(area: string): boolean {
  return (ON_DEMAND_AREAS as readonly string[]).includes(area)
}

function partOf(area: string): Exclude<CatalogPart, 'all'> {
  if (FIRST_PAINT_AREAS.includes(area)) return 'first'
  return isOnDemand(area) ? (area as OnDemandArea) : 'rest'
}

export function compiledCatalog(locale: string, dir = CATALOG_DIR, part: CatalogPart = 'all'): Record<string, unknown> {
  const entries = Object.entries(readCatalog(localeSchema.parse(locale), dir)).filter(([, e]) => part === 'all' || partOf(e.area) === part)
  return Object.fromEntries(entries.map(([key, e]) => [key, compileMessage(e.message)]))
}

export function i18nCatalogs(dir = CATALOG_DIR): Plugin {
  return {
    name: 'viti:i18n-catalogs',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined
      this.addWatchFile(dir)
      // `fj` (every area), `fj-first`, `fj-rest`, `fj-static`: the chunk is then named after its language and part.
      const [locale = '', part = 'all'] = id.slice(PREFIX.length + 1).split('-')
      if (part !== 'all' && part !== 'first' && part !== 'rest' && !isOnDemand(part)) throw new Error(`Unknown catalog part "${part}" in ${id}`)
      return `export default ${JSON.stringify(compiledCatalog(locale, dir, part as CatalogPart))}`
    },
  }
}
