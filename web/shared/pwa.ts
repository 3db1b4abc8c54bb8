// Service worker registration in prompt mode (vite-plugin-pwa, registerType 'prompt').
// Updates never eat a form (offline-sync promise 9):
// - a new version waits until the user presses Reload in the update banner;
// - Reload first saves drafts (addBeforeReload), then: a dirty form forbids it ("Finish or save
//   your form first"), the outbox sending delays it until sending ends;
// - nothing reloads by itself: when another tab lets the new version take over, this tab keeps
//   its page and shows the banner.
import { useCallback, useRef, useState } from 'react'
import { useRegisterSW } from 'virtual:pwa-register/react'
import { decideReload, reloadBlockers } from './reload-guard'
import { keepCheckingForUpdates } from './update-checks'

export interface PwaUpdate {
  /** A new version is installed and waiting (or already controls the page from another tab). */
  updateAvailable: boolean
  /** The app shell is cached: the app now opens with no network. */
  offlineReady: boolean
  /** Why reloading is refused right now (empty when it isn't). */
  blockedBy: string[]
  /** What the reload is waiting for (sending); it reloads when that ends. */
  waitingFor: string[]
  /** Save what must be saved, then let the new version take over and reload. */
  reload: () => Promise<void>
  /** Hide the banner until the next update (the waiting version activates on the next visit). */
  dismiss: () => void
}

export function usePwaUpdate(): PwaUpdate {
  const [blockedBy, setBlockedBy] = useState<string[]>([])
  const [waitingFor, setWaitingFor] = useState<string[]>([])
  const [controlledByNewVersion, setControlledByNewVersion] = useState(false)
  // Set only once the user pressed Reload here and every guard agreed.
  const reloadRequested = useRef(false)
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    offlineReady: [offlineReady],
    updateServiceWorker,
  } = useRegisterSW({
    // The new worker took control. If this tab asked for it, reload (guards checked once more);
    // if another tab did, never reload by itself: keep the page and the banner.
    onNeedReload() {
      if (reloadRequested.current && reloadBlockers().length === 0) window.location.reload()
      else setControlledByNewVersion(true)
    },
    // A page left open looks for a new version by itself (the browser checks only on a navigation).
    onRegisteredSW(_url: string, registration: ServiceWorkerRegistration | undefined) {
      if (registration) keepCheckingForUpdates(registration)
    },
    onRegisterError(error: unknown) {
      console.warn('Service worker registration failed', error)
    },
  })

  const reload = useCallback(async () => {
    setBlockedBy([])
    const decision = await decideReload({ onWaiting: setWaitingFor })
    setWaitingFor([])
    if (decision.kind === 'blocked') {
      setBlockedBy(decision.reasons)
      return
    }
    reloadRequested.current = true
    if (controlledByNewVersion) window.location.reload()
    else await updateServiceWorker(true)
  }, [controlledByNewVersion, updateServiceWorker])

  const dismiss = useCallback(() => {
    setNeedRefresh(false)
    setControlledByNewVersion(false)
    setBlockedBy([])
  }, [setNeedRefresh])

  return { updateAvailable: needRefresh || controlledByNewVersion, offlineReady, blockedBy, waitingFor, reload, dismiss }
}
