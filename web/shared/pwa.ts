// Service worker registration in prompt mode (vite-plugin-pwa, registerType 'prompt').
// A new version waits until the user presses Reload in the update banner; nothing reloads
// by itself while a reload guard (reload-guard.ts) says a form or the outbox would lose work.
import { useCallback, useState } from 'react'
import { useRegisterSW } from 'virtual:pwa-register/react'
import { prepareForReload, reloadBlockers } from './reload-guard'

export interface PwaUpdate {
  /** A new version is installed and waiting (or already controls the page from another tab). */
  updateAvailable: boolean
  /** The app shell is cached: the app now opens with no network. */
  offlineReady: boolean
  /** Why reloading is postponed right now (empty when it isn't). */
  blockedBy: string[]
  /** Save what must be saved, then let the new version take over and reload. */
  reload: () => Promise<void>
  /** Hide the banner until the next update (the waiting version activates on the next visit). */
  dismiss: () => void
}

export function usePwaUpdate(): PwaUpdate {
  const [blockedBy, setBlockedBy] = useState<string[]>([])
  const [controlledByNewVersion, setControlledByNewVersion] = useState(false)
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    offlineReady: [offlineReady],
    updateServiceWorker,
  } = useRegisterSW({
    // The new worker took control (this tab or another accepted the update). Reload only when
    // nothing would be lost; otherwise keep the banner up and let the user reload later.
    onNeedReload() {
      if (reloadBlockers().length === 0) window.location.reload()
      else setControlledByNewVersion(true)
    },
    onRegisterError(error: unknown) {
      console.warn('Service worker registration failed', error)
    },
  })

  const reload = useCallback(async () => {
    const blockers = await prepareForReload()
    setBlockedBy(blockers)
    if (blockers.length > 0) return
    if (controlledByNewVersion) window.location.reload()
    else await updateServiceWorker(true)
  }, [controlledByNewVersion, updateServiceWorker])

  const dismiss = useCallback(() => {
    setNeedRefresh(false)
    setControlledByNewVersion(false)
    setBlockedBy([])
  }, [setNeedRefresh])

  return { updateAvailable: needRefresh || controlledByNewVersion, offlineReady, blockedBy, reload, dismiss }
}
