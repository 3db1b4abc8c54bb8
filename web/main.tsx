import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { appSystem } from './app/theme'
import { currentLocale, firstGuess, onLocaleChange, setLocale, storedLocale } from './i18n/runtime'
import { whenIdle } from './shared/when-idle'

const container = document.getElementById('root')
if (!container) throw new Error('Missing #root element in index.html')

/** Lets the browser breathe between start-up steps (a task each, none long on a slow phone). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/** The remembered language, else the browser's first we speak: applied before the first render, so
 * an iTaukei reader never sees an English flash. A language whose file cannot load (offline, never
 * stored) leaves the page in English rather than blank. */
async function applyFirstGuess() {
  const guess = firstGuess(storedLocale(), navigator.languages ?? [navigator.language])
  if (guess === 'en') return
  try {
    await setLocale(guess, false)
  } catch {
    // English stays: it is in the entry chunk.
  }
}

async function start(root: HTMLElement) {
  await applyFirstGuess()
  await nextTask()
  // Chakra's system (tokens, CSS variables, global styles) in a task of its own, after the
  // modules' evaluation and before the render.
  appSystem()
  await nextTask()
  // A transition: React renders the first screen in slices of a few milliseconds, so a slow
  // phone's main thread is never blocked for the whole render (Lighthouse's Total Blocking Time).
  const reactRoot = createRoot(root)
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App />
      </StrictMode>,
    )
  })
  whenIdle(keepOverridesCurrentOnceNeeded)
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
