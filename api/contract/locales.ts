// The product's languages, without zod: the browser's entry chunk imports these (web/i18n/runtime.ts),
// and zod stays in a chunk the home page never waits for. api/contract/i18n.ts re-exports them.
export const LOCALES = ['en', 'fj', 'hif'] as const
export type Locale = (typeof LOCALES)[number]
export const SOURCE_LOCALE: Locale = 'en'

/** Each language named in itself: the picker shows these, whatever language is active. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', fj: 'Vosa Vakaviti', hif: 'Fiji Baat' }

/** Where the device remembers the reader's choice (web/i18n/runtime.ts). */
export const LOCALE_STORAGE_KEY = 'viti.locale'

/** The same choice as a cookie, which the server reads: a browser's navigation gets its page's HTML in
 * the reader's language where no service worker answers it (a first visit, a browser without one). */
export const LOCALE_COOKIE = 'viti_locale'

/** A year: the choice outlasts any visit, as the device's own storage does. */
const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60

/** The cookie's `document.cookie` text for `locale`; `secure` on an https page. */
export function localeCookie(locale: Locale, secure: boolean): string {
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; SameSite=Lax${secure ? '; Secure' : ''}`
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

/**
 * The reader's language before the app has asked: the remembered choice, else the first of the
 * browser's languages we speak (base tag: `fj-FJ` is iTaukei), else English. The browser guesses from
 * `navigator.languages`, the server from the same list as Accept-Language, ordered by weight; the
 * language gate (below) repeats it in a line of its own.
 */
export function firstGuess(stored: string | null | undefined, languages: readonly string[]): Locale {
  if (isLocale(stored)) return stored
  for (const tag of languages) {
    const base = tag.toLowerCase().split('-')[0]
    if (isLocale(base)) return base
  }
  return SOURCE_LOCALE
}

/** Set on <html> by LANGUAGE_GATE_SCRIPT while the page waits for its reader's language. */
export const LANGUAGE_PENDING_ATTRIBUTE = 'data-language-pending'

/** How long the language gate holds a page back at most: the app's script may never arrive (a
 * broken connection), and English is better than a blank page. */
export const LANGUAGE_GATE_MAX_MS = 5_000

/**
 * The pages arrive as English HTML (decision 029), except where the reader's service worker kept
 * the page in their language (`<html lang="fj">`). For a reader whose language is iTaukei or Fiji
 * Hindi (the first guess of web/i18n/runtime.ts: the device's choice, else the browser's first
 * language we speak), this inline script in the head hides HTML in another language until the app
 * has drawn the page in theirs (web/main.tsx removes the attribute), or LANGUAGE_GATE_MAX_MS have
 * passed. The server's CSP allows exactly this script by its hash (api/app.ts).
 */
export const LANGUAGE_GATE_SCRIPT = `(function(){try{var l=${JSON.stringify(LOCALES)},a=${JSON.stringify(LANGUAGE_PENDING_ATTRIBUTE)},d=document.documentElement,g=localStorage.getItem(${JSON.stringify(LOCALE_STORAGE_KEY)});if(l.indexOf(g)<0){g=null;var n=navigator.languages||[navigator.language];for(var i=0;i<n.length&&!g;i++){var b=String(n[i]).toLowerCase().split('-')[0];if(l.indexOf(b)>=0)g=b}}if(g&&g!==${JSON.stringify(SOURCE_LOCALE)}&&d.lang!==g){d.setAttribute(a,'');setTimeout(function(){d.removeAttribute(a)},${LANGUAGE_GATE_MAX_MS})}}catch(e){}})()`

export const LANGUAGE_GATE_STYLE = `html[${LANGUAGE_PENDING_ATTRIBUTE}] #root{visibility:hidden}`
