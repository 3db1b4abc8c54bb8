// The product's languages, without zod: the browser's entry chunk imports these (web/i18n/runtime.ts),
// and zod stays in a chunk the home page never waits for. api/contract/i18n.ts re-exports them.
export const LOCALES = ['en', 'fj', 'hif'] as const
export type Locale = (typeof LOCALES)[number]
export const SOURCE_LOCALE: Locale = 'en'

/** Each language named in itself: the picker shows these, whatever language is active. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', fj: 'Vosa Vakaviti', hif: 'Fiji Baat' }
