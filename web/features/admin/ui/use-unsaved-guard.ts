import { useEffect, useRef } from 'react'
import { addReloadGuard } from '../../../shared/reload-guard'

/** Keeps the update banner from reloading over a dialog with typed input (web/README, Updates). */
export function useUnsavedGuard(isDirty: boolean, reason: string): void {
  const dirty = useRef(isDirty)
  useEffect(() => {
    dirty.current = isDirty
  }, [isDirty])
  useEffect(() => addReloadGuard({ reason, blocking: () => dirty.current }), [reason])
}
