// The one way screens get their words: `useT()` in components, `t()` elsewhere. English is in the
// entry chunk (it is also the fallback for a key a translation lacks); iTaukei and Fiji Hindi are
// fetched only when chosen. Staff corrections (overrides) are laid over the files' messages.
import { useSyncExternalStore } from 'react'
import { i18n, type Messages } from '@lingui/core'
import en from 'virtual:i18n-catalog/en'
import { LOCALES, SOURCE_LOCALE, type Locale } from '../../api/contract/i18n'

export { LOCALES, LOCALE_NAMES, type Locale } from '../../api/contract/i18n'

const STORAGE_KEY = 'viti.locale'

const loaders: Record<Exclude<Locale, 'en'>, () => Promise<{ default: Messages }>> = {
  fj: () => import('virtual:i18n-catalog/fj'),
  hif: () => import('virtual:i18n-catalog/hif'),
}

const files: Partial<Record<Locale, Messages>> = { en }
const overrides: Partial<Record<Locale, Messages>> = {}

function apply(locale: Locale) {
  i18n.load(locale, { ...en, ...overrides.en, ...files[locale], ...overrides[locale] })
  i18n.activate(locale)
  if (typeof document !== 'undefined') document.documentElement.lang = locale === 'en' ? 'en-FJ' : locale
}

apply(SOURCE_LOCALE)

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

/** The device's remembered choice, else the first of the browser's languages we speak, else English. */
export function firstGuess(stored: string | null, languages: readonly string[]): Locale {
  if (isLocale(stored)) return stored
  for (const tag of languages) {
    const base = tag.toLowerCase().split('-')[0]
    if (isLocale(base)) return base
  }
  return SOURCE_LOCALE
}

export function storedLocale(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY)
  } catch {
    return null
  }
}

/** Loads (once) and activates a language; remembers it on the device when `remember`. */
export async function setLocale(locale: Locale, remember = true): Promise<void> {
  if (locale !== 'en' && !files[locale]) files[locale] = (await loaders[locale]()).default
  apply(locale)
  if (remember) {
    try {
      localStorage.setItem(STORAGE_KEY, locale)
    } catch {
      // Private mode or full storage: the choice lasts for this visit only.
    }
  }
}

/** Lays staff corrections (compiled messages from the server) over a language's files. */
export function setOverrides(locale: Locale, messages: Messages): void {
  overrides[locale] = messages
  if (i18n.locale === locale || locale === 'en') apply(i18n.locale as Locale)
}

export function currentLocale(): Locale {
  return i18n.locale as Locale
}

/** A message by key, its {placeholders} filled. */
export function t(key: string, values?: Record<string, unknown>): string {
  return i18n._(key, values)
}

const subscribe = (onChange: () => void) => i18n.on('change', onChange)

/** `t` for components: they render again when the language changes. */
export function useT(): typeof t {
  useSyncExternalStore(subscribe, currentLocale, currentLocale)
  return t
}

export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, currentLocale, currentLocale)
}
