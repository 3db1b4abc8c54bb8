import { useEffect, useRef } from 'react'
import { t } from '../i18n/runtime'
import { addReloadGuard, type ReloadGuard } from './reload-guard'

/**
 * A dirty form's reload guard. Its reason is looked up when Reload is tapped, not when the form
 * mounts, so a reader who switched language in place reads it in the language now on screen.
 */
export function formGuard(reasonKey: string, dirty: { readonly current: boolean }): ReloadGuard {
  return { reason: () => t(reasonKey), blocking: () => dirty.current }
}

/**
 * Updates never eat a form: while `hasInput`, the update banner will not reload over it (web/README,
 * Updates). Returns the flag, which a submit flow clears once what was typed is safe (queued).
 */
export function useUnsavedGuard(hasInput: boolean, reason: string): { current: boolean } {
  const dirty = useRef(hasInput)
  useEffect(() => {
    dirty.current = hasInput
  }, [hasInput])
  useEffect(() => addReloadGuard({ reason, blocking: () => dirty.current }), [reason])
  return dirty
}
