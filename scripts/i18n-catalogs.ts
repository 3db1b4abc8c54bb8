// Vite plugin: `virtual:i18n-catalog/<locale>` is that locale's catalog compiled by Lingui's compiler at
// build time, so phones download compiled messages (no ICU parser in the bundle) and only the chosen
// language's (web/i18n/runtime.ts imports English statically, the others lazily).
import type { Plugin } from 'vite'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { CATALOG_DIR, readCatalog } from '../api/i18n/catalog-files.ts'
import { localeSchema } from '../api/contract/i18n.ts'

const PREFIX = 'virtual:i18n-catalog/'

export function compiledCatalog(locale: string, dir = CATALOG_DIR): Record<string, unknown> {
  const entries = readCatalog(localeSchema.parse(locale), dir)
  return Object.fromEntries(Object.entries(entries).map(([key, e]) => [key, compileMessage(e.message)]))
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
      return `export default ${JSON.stringify(compiledCatalog(id.slice(PREFIX.length + 1), dir))}`
    },
  }
}
