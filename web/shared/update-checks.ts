// A page left open (an agent's phone in a pocket for days) looks for a new version by itself: the
// browser checks only when a page is navigated to. It checks when the phone comes back into
// coverage and every hour while the page is shown. What it finds waits for the user (prompt mode).

export const UPDATE_CHECK_EVERY_MS = 60 * 60 * 1000

/** Starts the checks; returns what stops them. `registration.update()` failing (offline) is no matter. */
export function keepCheckingForUpdates(
  registration: Pick<ServiceWorkerRegistration, 'update'>,
  page: Pick<Window, 'addEventListener' | 'removeEventListener'> & { document: Pick<Document, 'visibilityState'>; navigator: Pick<Navigator, 'onLine'> } = window,
): () => void {
  const check = () => void registration.update().catch(() => undefined)
  const onOnline = () => check()
  page.addEventListener('online', onOnline)
  const timer = setInterval(() => {
    if (page.document.visibilityState === 'visible' && page.navigator.onLine) check()
  }, UPDATE_CHECK_EVERY_MS)
  return () => {
    page.removeEventListener('online', onOnline)
    clearInterval(timer)
  }
}
