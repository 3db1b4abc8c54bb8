// How every modal dialog of the app is dismissed (shared/ui/native-dialog and the back office's
// AdminDialog both use this): the phone's Back button closes the dialog instead of leaving the
// page (one history entry per open dialog, removed again when the dialog closes any other way),
// and a dialog whose form was changed asks before Escape, a click outside, ✕ or Back throw the
// entries away. An untouched dialog closes at once. It owns only its own history entries; the
// router's state in them is kept as it was.
import { useEffect, useId, useRef, type MouseEvent, type RefObject, type SyntheticEvent } from 'react'
import { t } from '../../i18n/runtime'

/** The question before a dialog with changes closes (catalog key; the English is the spec's). */
export const DISCARD_QUESTION_KEY = 'ui.dialog.discardQuestion'

/** The key an open dialog's history entry carries (beside the router's own state). */
const MARKER = 'vfDialog'

interface OpenDialog {
  id: string
  /** Asks if needed; answers whether the dialog closed. */
  requestClose: () => boolean
}

/** The open dialogs, oldest first; each has the history entry marked with its id. */
const openDialogs: OpenDialog[] = []
/** history.back() calls of ours still to arrive as popstate (a dialog closed by ✕, Escape, a submit). */
let ownBacks = 0

function markerOf(state: unknown): string | undefined {
  const value = state && typeof state === 'object' ? (state as Record<string, unknown>)[MARKER] : undefined
  return typeof value === 'string' ? value : undefined
}

function pushEntry(id: string): void {
  const state: unknown = window.history.state
  window.history.pushState({ ...(state && typeof state === 'object' ? state : {}), [MARKER]: id }, '')
}

function onPopState(): void {
  const current = markerOf(window.history.state)
  const top = openDialogs.at(-1)
  if (ownBacks > 0) {
    ownBacks--
    // A dialog opened while our back was on its way: the entry we landed on is its now.
    if (top && current !== top.id) {
      if (current === undefined) pushEntry(top.id)
      else window.history.replaceState({ ...(window.history.state as object), [MARKER]: top.id }, '')
    }
    return
  }
  // Back (or a jump) left the entries of the dialogs above this one: close them, newest first.
  const position = openDialogs.findIndex((dialog) => dialog.id === current)
  for (let i = openDialogs.length - 1; i > position; i--) {
    const dialog = openDialogs[i]!
    openDialogs.splice(i, 1)
    if (!dialog.requestClose()) {
      // Kept (the user went on editing): it and the dialogs under it get their entries back.
      openDialogs.splice(i, 0, dialog)
      for (let j = position + 1; j <= i; j++) pushEntry(openDialogs[j]!.id)
      return
    }
  }
}

let listening = false

function register(dialog: OpenDialog): () => void {
  if (!listening) {
    listening = true
    window.addEventListener('popstate', onPopState)
  }
  openDialogs.push(dialog)
  pushEntry(dialog.id)
  return () => {
    const index = openDialogs.indexOf(dialog)
    if (index === -1) return // closed by Back: its entry is gone already
    openDialogs.splice(index, 1)
    // Closed another way: take its entry off again, so Back then leaves the page as it should.
    if (markerOf(window.history.state) === dialog.id) {
      ownBacks++
      window.history.back()
    }
  }
}

type FormControl = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement

function isFormControl(target: EventTarget | null): target is FormControl {
  return (
    (target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement) &&
    target.closest('form') !== null &&
    !(target instanceof HTMLInputElement && target.type === 'hidden')
  )
}

function valueOf(control: FormControl): string {
  if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) return String(control.checked)
  if (control instanceof HTMLInputElement && control.type === 'file') return String(control.files?.length ?? 0)
  return control.value
}

/** What a control that was not there before the first edit counts as: empty, unticked. */
function blankValue(control: Element): string {
  return control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio') ? 'false' : control instanceof HTMLInputElement && control.type === 'file' ? '0' : ''
}

function formValues(dialog: HTMLElement): Map<Element, string> {
  const values = new Map<Element, string>()
  for (const control of dialog.querySelectorAll('form input, form select, form textarea')) {
    if (isFormControl(control)) values.set(control, valueOf(control))
  }
  return values
}

export interface DialogDismiss {
  /** Closes unless the user keeps a changed form (✕, a click outside, Escape, Back). */
  requestClose: () => boolean
  /** For the <dialog>: Escape asks first. */
  onCancel: (event: SyntheticEvent<HTMLDialogElement>) => void
  /** For the <dialog>: a close the browser made by itself (close watchers) asks too. */
  onClose: () => void
  onBackdropClick: (event: MouseEvent<HTMLDialogElement>) => void
}

/**
 * `close` unmounts the dialog (the parent stops rendering it). `mandatory`: nothing dismisses it
 * (no history entry either: Back cannot close what must be answered).
 */
export function useDialogDismiss(dialogRef: RefObject<HTMLDialogElement | null>, close: () => void, { mandatory = false } = {}): DialogDismiss {
  const id = useId()
  const latest = useRef({ close, mandatory })
  // Whether the form reads differently from before the user's first edit (set up below).
  const changed = useRef<() => boolean>(() => false)
  useEffect(() => {
    latest.current = { close, mandatory }
  }, [close, mandatory])

  const requestClose = useRef(() => {
    if (latest.current.mandatory) return false
    if (changed.current() && !window.confirm(t(DISCARD_QUESTION_KEY))) return false
    latest.current.close()
    return true
  }).current

  // A form inside whose fields the user changed (typed, ticked, chose) and that no longer reads as
  // it did before the first edit: closing asks. Typed and then cleared again (an added item) does not.
  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    let before: Map<Element, string> | undefined
    let edited = false
    const onFocus = (event: Event) => {
      if (!before && isFormControl(event.target)) before = formValues(dialog)
    }
    const onEdit = (event: Event) => {
      if (event.isTrusted && isFormControl(event.target)) edited = true
    }
    changed.current = () =>
      edited && (before === undefined || [...formValues(dialog)].some(([control, value]) => value !== (before!.get(control) ?? blankValue(control))))
    dialog.addEventListener('focusin', onFocus)
    dialog.addEventListener('input', onEdit)
    dialog.addEventListener('change', onEdit)
    return () => {
      dialog.removeEventListener('focusin', onFocus)
      dialog.removeEventListener('input', onEdit)
      dialog.removeEventListener('change', onEdit)
    }
  }, [dialogRef])

  useEffect(() => {
    if (mandatory) return
    return register({ id: `dialog-${id}-${Math.random().toString(36).slice(2)}`, requestClose })
  }, [id, mandatory, requestClose])

  return {
    requestClose,
    onCancel: (event) => {
      event.preventDefault()
      requestClose()
    },
    onClose: () => {
      // The element closed without us (a browser's close watcher after a refused Escape): still
      // mounted, so it was not our close. Ask; kept or mandatory, it opens again at once.
      if (!requestClose()) dialogRef.current?.showModal()
    },
    onBackdropClick: (event) => {
      // A click on the <dialog> itself, not on its content box, is a click on the backdrop.
      if (event.target === dialogRef.current) requestClose()
    },
  }
}
