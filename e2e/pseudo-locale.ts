// The pseudo-locale for tests only (issue 20): English, accented and about 35 % longer, so a string a
// screen hard-codes (not accented) or a box too narrow for a longer language (overflow) shows up.
// Made from the English catalog at test time and served in place of the iTaukei catalog files by
// Playwright's routing: nothing of it is ever built or shipped.
import { compiledCatalog, type CatalogPart } from '../scripts/i18n-catalogs'

const ACCENTS: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [c, [...'àƀçðéƒĝĥíĵķļɱñõþǫŕšţüṽŵẋýžÀƁÇÐÉƑĜĤÍĴĶĻṀÑÕÞǪŔŠŢÜṼŴẊÝŽ'][i]!]),
)

/** Accented characters only the pseudo-locale produces: a text holding one came from a catalog. */
export const PSEUDO_MARK = /[àƀçðéƒĝĥíĵķļɱñõþǫŕšţüṽŵẋýžÀƁÇÐÉƑĜĤÍĴĶĻṀÑÕÞǪŔŠŢÜṼŴẊÝŽ]/

const accent = (text: string) => text.replace(/[a-zA-Z]/g, (c) => ACCENTS[c] ?? c)

/** English words as the pseudo-locale shows them (without the brackets and padding), to find them on a screen. */
export const pseudoWords = accent
const padding = (length: number) => ' ' + '~'.repeat(Math.max(1, Math.ceil(length * 0.35)))

type Compiled = string | (string | unknown[])[]

/** One compiled message (Lingui's format) made pseudo: text accented, placeholders and plural keys kept. */
function pseudoCompiled(message: Compiled): Compiled {
  if (typeof message === 'string') return `[${accent(message)}${padding(message.length)}]`
  const length = message.reduce<number>((sum, part) => sum + (typeof part === 'string' ? part.length : 6), 0)
  const parts = message.map((part) => {
    if (typeof part === 'string') return accent(part)
    const [name, type, options] = part as [string, string?, Record<string, Compiled>?]
    if (!options || typeof options !== 'object') return part
    const branch = (v: unknown) => (typeof v === 'string' ? accent(v) : Array.isArray(v) ? v.map((p) => (typeof p === 'string' ? accent(p) : p)) : v)
    return [name, type, Object.fromEntries(Object.entries(options).map(([k, v]) => [k, branch(v)]))]
  })
  return ['[', ...parts, `${padding(length)}]`]
}

/** The module a catalog chunk is replaced with: `export default { key: pseudoMessage, … }`. */
export function pseudoCatalogModule(part: CatalogPart): string {
  const english = compiledCatalog('en', undefined, part) as Record<string, Compiled>
  return `export default ${JSON.stringify(Object.fromEntries(Object.entries(english).map(([key, m]) => [key, pseudoCompiled(m)])))}`
}
