// Autosave a form to IndexedDB (about 500 ms after the last change, and at once before an update
// reloads the page or the tab is hidden), restore it when the form opens again, and clear it once
// the submission is safely queued. Nothing is saved before the stored draft was read, so an empty
// form never overwrites a draft it is about to restore.
import { useCallback, useEffect, useRef, useState } from 'react'
import type { JsonObject } from '../../../sync/outbox'
import { addBeforeReload } from '../reload-guard'
import { clearDraft, loadDraft, saveDraft, type DraftPhoto, type StoredDraft } from './drafts'
import { isStorageFull } from './storage-error'

export const DRAFT_DEBOUNCE_MS = 500

export interface UseDraftOptions {
  formId: string
  /** The id this form's draft was kept under before (restored once, then kept under `formId`). */
  formerFormId?: string
  /** The form's current values (JSON). */
  values: JsonObject
  photos?: readonly DraftPhoto[]
  replaces?: string
  /** Only a form with input is saved. */
  dirty: boolean
  /** Called once with the stored draft when the form opens. */
  onRestore: (draft: StoredDraft) => void
}

export interface DraftControls {
  /** 'restored' after a draft was put back into the form (until discarded or cleared). */
  status: 'loading' | 'none' | 'restored'
  /**
   * The last save was refused because the phone's storage is full: what is typed lives only in
   * the open page until a save goes through (the next change tries again).
   */
  noRoom: boolean
  /** Saves now (e.g. before the page reloads). */
  saveNow: () => Promise<void>
  /** Forgets the draft (the submission is queued, or the user discarded it). */
  clear: () => Promise<void>
}

export function useDraft({ formId, formerFormId, values, photos = [], replaces, dirty, onRestore }: UseDraftOptions): DraftControls {
  const [status, setStatus] = useState<DraftControls['status']>('loading')
  const [noRoom, setNoRoom] = useState(false)
  const loaded = useRef(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  // Saves and deletes run one after another, so a slow save can't bring back a cleared draft.
  const chain = useRef<Promise<void>>(Promise.resolve())
  const latest = useRef({ values, photos, replaces, dirty })
  const onRestoreRef = useRef(onRestore)
  useEffect(() => {
    latest.current = { values, photos, replaces, dirty }
    onRestoreRef.current = onRestore
  })

  const run = useCallback((operation: () => Promise<void>) => {
    const next = chain.current.then(operation).catch((error: unknown) => console.warn('Draft storage failed', error))
    chain.current = next
    return next
  }, [])

  useEffect(() => {
    let active = true
    // Another id (another agent signed in meanwhile): nothing is saved under it before it was read.
    loaded.current = false
    loadDraft(formId, formerFormId)
      .then((draft) => {
        if (!active) return
        loaded.current = true
        if (draft) {
          onRestoreRef.current(draft)
          setStatus('restored')
        } else {
          setStatus('none')
        }
      })
      .catch(() => {
        if (!active) return
        loaded.current = true
        setStatus('none')
      })
    return () => {
      active = false
    }
  }, [formId, formerFormId])

  const saveNow = useCallback(() => {
    clearTimeout(timer.current)
    timer.current = undefined
    return run(async () => {
      const current = latest.current
      if (!loaded.current || !current.dirty) return
      try {
        await saveDraft(formId, { values: current.values, photos: current.photos, ...(current.replaces && { replaces: current.replaces }) })
        setNoRoom(false)
      } catch (error) {
        if (isStorageFull(error)) setNoRoom(true)
        throw error
      }
    })
  }, [formId, run])

  const clear = useCallback(() => {
    clearTimeout(timer.current)
    timer.current = undefined
    setStatus((s) => (s === 'restored' ? 'none' : s))
    return run(() => clearDraft(formId))
  }, [formId, run])

  // Debounced autosave on every change.
  const fingerprint = JSON.stringify(values) + '|' + photos.map((p) => p.id).join(',') + '|' + (replaces ?? '')
  useEffect(() => {
    if (!loaded.current || !dirty) return
    clearTimeout(timer.current)
    timer.current = setTimeout(() => void saveNow(), DRAFT_DEBOUNCE_MS)
  }, [fingerprint, dirty, saveNow])

  // Before an update reloads the page, when the tab goes to the background, and when the form
  // goes away with a save still pending.
  useEffect(() => addBeforeReload(saveNow), [saveNow])
  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState === 'hidden' && timer.current) void saveNow()
    }
    const onPageHide = () => {
      if (timer.current) void saveNow()
    }
    document.addEventListener('visibilitychange', onHidden)
    window.addEventListener('pagehide', onPageHide)
    return () => {
      document.removeEventListener('visibilitychange', onHidden)
      window.removeEventListener('pagehide', onPageHide)
      if (timer.current) void saveNow()
    }
  }, [saveNow])

  return { status, noRoom, saveNow, clear }
}
