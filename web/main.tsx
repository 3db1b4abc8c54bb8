import { StrictMode, startTransition, useEffect } from 'react'
import { App } from './app/app'
import { isNotFoundRoute, preloadRoute } from './app/router'
import { appSystem, prepareGlobalStyles } from './app/theme'
import { readFirstTowns } from './features/directory/first-towns'
import { readFirstAnswers } from './shared/first-answers'
import { LANGUAGE_PENDING_ATTRIBUTE } from '../api/contract/locales'
import { currentLocale, firstGuess, holdDocumentLanguage, holdSwitchesUntil, isLocale, keepLocaleCookie, onLocaleChange, setLocale, storedLocale } from './i18n/runtime'
import { firstScreenShownOrCap, whenIdle } from './shared/when-idle'

const container = document.getElementById('root')
if (!container) throw new Error('Missing #root element in index.html')

/** Lets the browser breathe between start-up steps (a task each, none long on a slow phone). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/** The remembered language, else the browser's first we speak: applied before the first render, so
 * an iTaukei reader never sees an English flash. A language whose file cannot load (offline, never
 * stored) leaves the page in English rather than blank. */
async function applyFirstGuess(guess: ReturnType<typeof firstGuess>) {
  if (guess === 'en') return
  try {
    await setLocale(guess, false)
  } catch {
    // English stays: it is in the entry chunk.
  }
}

/** When #root holds the server's HTML of this very page in the reader's language (decision 029; an
 * iTaukei or Fiji Hindi page the service worker kept): what gives back the fields typed into it,
 * once the language and the screen's code and words are loaded (so the first render equals that
 * HTML). Else undefined: the app starts as on any page. */
async function hydration(root: HTMLElement, guess: ReturnType<typeof firstGuess>): Promise<{ keepTypedFields: (root: HTMLElement) => () => void } | undefined> {
  const renderedAt = root.dataset.ssr
  const { pathname, search } = window.location
  // The page's language as rendered (English HTML's `<html lang>` is the runtime's by now).
  const renderedIn = root.dataset.ssrLang ?? 'en'
  if (!isLocale(renderedIn) || guess !== renderedIn) return undefined
  // The HTML of this very address (a browse step's carries its query string), or the not-found page.
  if (!(renderedAt === pathname + search || (renderedAt === '*' && search === '' && isNotFoundRoute(pathname)))) return undefined
  try {
    // The page's language before its screen, whose words load with its code in the active language.
    if (guess !== 'en') await setLocale(guess, false)
    // Only a page with server HTML needs it: not part of the entry chunk.
    const [typed] = await Promise.all([import('./shared/typed-before-hydration'), preloadRoute(pathname)])
    return typed
  } catch {
    // The screen's chunk cannot load (offline, an old cache): the app starts as on any page.
    return undefined
  }
}

/** Runs `then` once, after the first commit (hydration done); renders nothing, so the HTML is unchanged. */
function AfterFirstCommit({ then }: { then: () => void }) {
  useEffect(then, [then])
  return null
}

async function start(root: HTMLElement) {
  const stored = storedLocale()
  keepLocaleCookie(stored)
  const guess = firstGuess(stored, navigator.languages ?? [navigator.language])
  const typed = await hydration(root, guess)
  const hydrate = typed !== undefined
  // HTML in another language stays on screen (past the language gate's wait) until the app draws the
  // reader's: until then `<html lang>` keeps saying the HTML's, so a screen reader reads it right.
  const releaseLanguage = !hydrate && root.firstElementChild ? holdDocumentLanguage() : undefined
  if (!hydrate) await applyFirstGuess(guess)
  // HTML the app draws anew (another language, a query string): the screen's code and words first,
  // so that HTML stays in place of a "Loading…" until the screen itself replaces it.
  if (!hydrate && root.firstElementChild) await preloadRoute(window.location.pathname).catch(() => undefined)
  await nextTask()
  // React-DOM's client in a chunk of its own, preloaded with the entry (scripts/app-loader.ts), so
  // a slow phone evaluates it in a task of its own after the app's modules: a module graph
  // imported at once is evaluated in one task (issue 21, Total Blocking Time).
  const { createRoot, hydrateRoot } = await import('react-dom/client')
  await nextTask()
  // Chakra's system (tokens, utilities, conditions) in a task of its own, after the modules'
  // evaluation and before the render.
  appSystem()
  await nextTask()
  // Its global styles, unless the page's HTML carries them (then never): a task of their own too.
  prepareGlobalStyles()
  await nextTask()
  // The first Intl.NumberFormat loads the browser's number data (~15 ms on this machine, four times
  // that on a slow phone), once per page; a plural's # formats with one, and the home's town grid
  // shows one per town. Made here, in a task of its own, it no longer lengthens a slice of the
  // hydration (issue 21, Total Blocking Time).
  new Intl.NumberFormat(currentLocale())
  await nextTask()
  // What the visitor typed into the HTML meanwhile is given back once React holds the page.
  const giveTypedBack = typed?.keepTypedFields(root)
  // The English HTML a reader of another language did not see (the language gate) is replaced now.
  const afterFirstCommit = () => {
    releaseLanguage?.()
    giveTypedBack?.()
    document.documentElement.removeAttribute(LANGUAGE_PENDING_ATTRIBUTE)
  }
  const app = (
    <StrictMode>
      {/* The answers serve a page drawn anew too (another language): they are the API's, in no language. */}
      <App towns={hydrate ? readFirstTowns(document) : undefined} answers={readFirstAnswers(document)} />
      <AfterFirstCommit then={afterFirstCommit} />
    </StrictMode>
  )
  // A language picked while the screen hydrates (its boundary hydrates after the header's) waits for it.
  if (hydrate) holdSwitchesUntil(firstScreenShownOrCap())
  // A transition: React renders (or hydrates) the first screen in slices of a few milliseconds, so
  // a slow phone's main thread is never blocked for the whole render (Lighthouse's Total Blocking Time).
  startTransition(() => {
    if (hydrate) hydrateRoot(root, app)
    else createRoot(root).render(app)
  })
  whenIdle(keepOverridesCurrentOnceNeeded)
  whenIdle(() => void import('./shared/reader-language').then((language) => language.tellWorkerReaderLanguage(), () => undefined))
}

/** Staff corrections to the words (their own chunk, with the contract's schema): English has none,
 * so an English reader never fetches it; the first switch to another language does. */
function keepOverridesCurrentOnceNeeded() {
  const startIfNeeded = () => {
    if (currentLocale() === 'en') return false
    void import('./i18n/overrides').then((overrides) => overrides.keepOverridesCurrent())
    return true
  }
  if (startIfNeeded()) return
  const stop = onLocaleChange(() => {
    if (startIfNeeded()) stop()
  })
}

void start(container)
