// "Once the page is idle after its first paint": no imports, so any chunk may use it without
// pulling in the outbox's light entry (shared/outbox, whose lazy runtime imports back into it).
type IdleWindow = Window & { requestIdleCallback?: (cb: () => void, options?: { timeout: number }) => number }

/** A lazy screen's first paint is its loading placeholder: the browser is idle while the route's
 * chunk and words arrive, and idle work started then (the service worker's registration, the
 * outbox, the phone's copy of the directory) would compete with them and delay the screen a
 * visitor came for (Lighthouse's LCP on /browse-farmers: 2.3 → 3.1 s). So idle work waits until
 * the first screen has shown, or this long if it never does (an error, a chunk that cannot load). */
export const FIRST_SCREEN_WAIT_CAP_MS = 4_000

let firstScreenShown = false
const waitingForFirstScreen: Array<() => void> = []

/** Called once the first screen's content (not its placeholder) is on the page. */
export function markFirstScreenShown(): void {
  if (firstScreenShown) return
  firstScreenShown = true
  for (const run of waitingForFirstScreen.splice(0)) run()
}

function afterFirstScreen(run: () => void): void {
  if (firstScreenShown) return run()
  let done = false
  const once = () => {
    if (done) return
    done = true
    run()
  }
  waitingForFirstScreen.push(once)
  setTimeout(once, FIRST_SCREEN_WAIT_CAP_MS)
}

/** Settles once the first screen's content is on the page (for a page whose HTML React hydrates: once
 * the screen is hydrated), or after FIRST_SCREEN_WAIT_CAP_MS if it never is. */
export function firstScreenShownOrCap(): Promise<void> {
  return new Promise((resolve) => afterFirstScreen(resolve))
}

/** Runs `callback` once the page is idle after its first screen has painted (a timeout caps the wait). */
export function whenIdle(callback: () => void, timeoutMs = 2_000): void {
  if (typeof window === 'undefined') return
  const win = window as IdleWindow
  const afterPaint = () => {
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(callback, { timeout: timeoutMs })
    else setTimeout(callback, 200)
  }
  afterFirstScreen(() => {
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(afterPaint, 0))
    else setTimeout(afterPaint, 0)
  })
}
