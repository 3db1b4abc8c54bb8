// Test set-up only: a catalog directory of a few strings, so the translation tests do not depend on
// the real catalogs (which grow while this is written).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export const FIXTURE_CATALOGS = {
  en: {
    'app.language.label': { message: 'Language', note: 'Header: label of the language picker' },
    'app.farmers.count': { message: '{count, plural, one {# farmer} other {# farmers}} in {town}', note: 'Browse: farmers in a town' },
    'app.offline.banner': { message: 'You are offline', note: 'Header: offline banner' },
  },
  fj: {
    'app.language.label': { message: 'Vosa', note: 'Header: label of the language picker', status: 'drafted' },
    'app.farmers.count': { message: '{count, plural, one {# na dauteitei} other {# na dauteitei}} mai {town}', note: 'Browse: farmers in a town', status: 'drafted' },
    'app.offline.banner': { message: 'O sega ni veitaratara', note: 'Header: offline banner', status: 'reviewed' },
  },
  hif: {
    'app.language.label': { message: 'Bhasa', note: 'Header: label of the language picker', status: 'drafted' },
    'app.farmers.count': { message: '{town} me {count, plural, one {# kisaan} other {# kisaan}}', note: 'Browse: farmers in a town', status: 'drafted' },
    'app.offline.banner': { message: 'Aap offline hai', note: 'Header: offline banner', status: 'drafted' },
  },
} as const

/** A temp directory holding FIXTURE_CATALOGS as catalog files; remove it with fs.rmSync when done. */
export function writeFixtureCatalogs(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vf-catalogs-'))
  for (const [locale, entries] of Object.entries(FIXTURE_CATALOGS)) {
    fs.mkdirSync(path.join(dir, locale))
    fs.writeFileSync(path.join(dir, locale, 'app.json'), JSON.stringify(entries, null, 2))
  }
  return dir
}
