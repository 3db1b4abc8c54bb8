// The one way screens get their words: `useT()` in components, `t()` elsewhere. English's first part
// (the shell's and the home page's words) is in the entry chunk; its rest, and iTaukei and Fiji Hindi,
// are fetched only when needed (scripts/i18n-catalogs.ts says which areas are "first", and which are
// on-demand parts only their screens fetch: `static`, `admin`). English is the fallback for a key a
// translation lacks, so the back office (`admin`, English only) shows English whatever the language.
// Staff corrections (overrides) are laid over the files' messages.
import { createContext, useContext, useSyncExternalStore } from 'react'
import { i18n, setupI18n, type Messages } from '@lingui/core'
import enFirst from 'virtual:i18n-catalog/en-first'
import { LOCALE_STORAGE_KEY, SOURCE_LOCALE, isLocale, localeCookie, type Locale } from '../../api/contract/locales'

export { LOCALES, LOCALE_NAMES, type Locale } from '../../api/contract/locales'

/** A catalog chunk: the home's `first`, every screen's `rest`, and on-demand areas (`static`, `admin`) only their screens load. */
type Part = 'first' | 'rest' | 'static' | 'admin'
type LaterPart = Exclude<Part, 'first'>
type Loader = () => Promise<{ default: Messages }>

const PARTS: readonly Part[] = ['first', 'rest', 'static', 'admin']

/** The back office's words are English only (ENGLISH_ONLY_AREAS): another language has none to fetch. */
const noMessages: Loader = () => Promise.resolve({ default: {} })

const loaders: Record<Locale, Record<Part, Loader>> = {
  en: {
    first: () => Promise.resolve({ default: enFirst }),
    rest: () => import('virtual:i18n-catalog/en-rest'),
    static: () => import('virtual:i18n-catalog/en-static'),
    admin: () => import('virtual:i18n-catalog/en-admin'),
  },
  fj: {
    first: () => import('virtual:i18n-catalog/fj-first'),
    rest: () => import('virtual:i18n-catalog/fj-rest'),
    static: () => import('virtual:i18n-catalog/fj-static'),
    admin: noMessages,
  },
  hif: {
    first: () => import('virtual:i18n-catalog/hif-first'),
    rest: () => import('virtual:i18n-catalog/hif-rest'),
    static: () => import('virtual:i18n-catalog/hif-static'),
    admin: noMessages,
  },
}

const files: Record<Locale, Partial<Record<Part, Messages>>> = { en: { first: enFirst }, fj: {}, hif: {} }
const overrides: Partial<Record<Locale, Messages>> = {}
/** The parts beyond `first` a screen has asked for: from then on a switch loads them too (English's and the language's). */
const wanted = new Set<LaterPart>()

async function load(locale: Locale, part: Part): Promise<void> {
  files[locale][part] ??= (await loaders[locale][part]()).default
}

/** Bumped whenever the active messages change (a switch, a part loaded, staff corrections): what `useT` re-renders on. */
let version = 0

/** English alone, whatever the reader's language: the back office's shared parts (a demo badge, the password rules) speak its language. */
const english = setupI18n()

/** The `lang` tag of a language as the page carries it. */
export const languageTag = (locale: Locale) => (locale === 'en' ? 'en-FJ' : locale)

/** Whether `<html lang>` follows each switch: held while the first render is awaited (`holdDocumentLanguage`). */
let documentLanguageHeld = false

function apply(locale: Locale, { atLoad = false }: { atLoad?: boolean } = {}) {
  version += 1
  const merged = (messages: Partial<Record<Part, Messages>>) => Object.assign({}, ...PARTS.map((part) => messages[part])) as Messages
  const englishMessages = { ...merged(files.en), ...overrides.en }
  i18n.load(locale, { ...englishMessages, ...merged(files[locale]), ...overrides[locale] })
  i18n.activate(locale)
  english.load('en', englishMessages)
  english.activate('en')
  if (typeof document === 'undefined' || documentLanguageHeld) return
  // At load the page may be HTML in another language (the server's or the worker's, decision 029):
  // it says so itself until the app has drawn its words, and a screen reader reads it by that.
  if (atLoad && document.documentElement.lang !== 'en') return
  document.documentElement.lang = languageTag(locale)
}

/**
 * Keeps `<html lang>` as it is until the returned function is called (then it says the active
 * language): while the app loads a language to draw the page in, the page still shows the HTML's
 * words, and a screen reader must read them in the HTML's language.
 */
export function holdDocumentLanguage(): () => void {
  documentLanguageHeld = true
  return () => {
    documentLanguageHeld = false
    if (typeof document !== 'undefined') document.documentElement.lang = languageTag(currentLocale())
  }
}

apply(SOURCE_LOCALE, { atLoad: true })

export { firstGuess, isLocale } from '../../api/contract/locales'

export function storedLocale(): string | null {
  try {
    return localStorage.getItem(LOCALE_STORAGE_KEY)
  } catch {
    return null
  }
}

/** The choice as the server's cookie too (LOCALE_COOKIE): its pages then come in that language where
 * no service worker answers. A choice remembered before the cookie existed gets it at the next start. */
export function keepLocaleCookie(locale: string | null): void {
  if (!isLocale(locale) || typeof document === 'undefined') return
  try {
    document.cookie = localeCookie(locale, location.protocol === 'https:')
  } catch {
    // Cookies switched off: the server sends its pages in the browser's language, as before.
  }
}

/** A switch takes effect once this settles (`holdSwitchesUntil`). */
let switchesHeld: Promise<void> = Promise.resolve()

/**
 * Holds every switch of language until `settled` (the server's HTML is hydrated, web/main.tsx). A
 * part of the page React hydrates after a switch would be drawn in the new language over HTML in the
 * old one: React throws such HTML away with a hydration error and draws it anew. A reader who picks
 * their language while the page hydrates sees it a moment later instead.
 */
export function holdSwitchesUntil(settled: Promise<void>): void {
  switchesHeld = settled
}

/** Counts the switches asked for: only the latest one asked takes effect. */
let switchesAsked = 0

/** Loads (once) and activates a language; remembers it on the device when `remember`. A switch asked
 * for while an earlier one's words still load wins over it: a reader on 3G who picked the wrong
 * language and at once the right one ends in the right one, not in whichever loaded last. */
export async function setLocale(locale: Locale, remember = true): Promise<void> {
  const asked = ++switchesAsked
  await Promise.all([load(locale, 'first'), ...[...wanted].flatMap((part) => [load('en', part), load(locale, part)])])
  await switchesHeld
  if (asked !== switchesAsked) return
  apply(locale)
  if (remember) {
    try {
      localStorage.setItem(LOCALE_STORAGE_KEY, locale)
    } catch {
      // Private mode or full storage: the choice lasts for this visit only.
    }
    keepLocaleCookie(locale)
  }
}

/**
 * Every area of the active language (and of English, its fallback), before a screen other than the
 * home page renders: lazy screens await it with their chunk, so no one ever sees a key. A language
 * part that cannot load (offline, never stored) falls back to English; English's own failure rejects.
 */
export async function allCatalogsReady(): Promise<void> {
  await catalogPartsReady(['rest'])
}

/** `allCatalogsReady` for the given parts: `['rest', 'static']` before a static page renders. */
export async function catalogPartsReady(parts: readonly LaterPart[]): Promise<void> {
  for (const part of parts) wanted.add(part)
  const locale = currentLocale()
  if (parts.every((part) => files.en[part] && files[locale][part])) return
  await Promise.all(parts.map((part) => load('en', part)))
  if (locale !== 'en') await Promise.all(parts.map((part) => load(locale, part).catch(() => undefined)))
  apply(currentLocale())
}

/** A lazy chunk's loader that also waits for every catalog area (React.lazy, dialogs); `also` adds on-demand parts. */
export function withAllCatalogs<T>(loadChunk: () => Promise<T>, also: readonly Exclude<LaterPart, 'rest'>[] = []): () => Promise<T> {
  return async () => (await Promise.all([loadChunk(), catalogPartsReady(['rest', ...also])]))[0]
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

/**
 * Calls `onChange` whenever the language or its messages change; returns the unsubscribe. Lingui's
 * emitter walks its live list of listeners: one removed during an emit (a listener that stops
 * itself) made the next one miss that change. So a listener is only switched off at once, and taken
 * off the list after the emit.
 */
export const onLocaleChange = (onChange: () => void): (() => void) => {
  let listening = true
  const off = i18n.on('change', () => {
    if (listening) onChange()
  })
  return () => {
    listening = false
    queueMicrotask(off)
  }
}
const subscribe = onLocaleChange

const messagesVersion = () => version

/** True inside the back office (English only, decision 026): `useT` gives English there. */
export const EnglishOnlyContext = createContext(false)

/** A message by key in English, whatever the reader's language. */
const tEnglish: typeof t = (key, values) => english._(key, values)

/** `t` for components: they render again when the language or its messages change; English inside `EnglishOnlyContext`. */
export function useT(): typeof t {
  useSyncExternalStore(subscribe, messagesVersion, messagesVersion)
  return useContext(EnglishOnlyContext) ? tEnglish : t
}

export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, currentLocale, currentLocale)
}
