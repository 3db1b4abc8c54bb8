// What a visitor typed into the server's HTML before React took the page over (decision 029). React
// hydrates a controlled field with its own first state (empty), so without this a search typed on a
// slow phone while the scripts loaded would be wiped. Each field the visitor changed is remembered
// until hydration has committed, then given back through the field's own events, so the screen's
// state (not only the DOM) holds it. A screen inside a Suspense boundary is hydrated in a pass of its
// own after the first commit, so each field is given back once React has hydrated that field; if an
// update reaches that boundary first (a language picked in the header meanwhile), React draws it anew,
// and the field in the same place of the new HTML is given the value. The same for the last button
// tapped before the scripts ran (the loader keeps it): it is tapped again.
import { EARLY_TAPS_PROPERTY, type EarlyTaps } from '../../api/contract/app-loader'

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

const isField = (target: EventTarget | null): target is Field =>
  target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement

const isToggle = (field: Field): field is HTMLInputElement => field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')

/** A field's value as the visitor left it. */
const valueOf = (field: Field) => (isToggle(field) ? field.checked : field.value)

/** Sets a value past React's value tracker (the prototype's setter) and fires the field's event. */
function give(field: Field, value: string | boolean) {
  if (typeof value === 'boolean') {
    const toggle = field as HTMLInputElement
    // Opposite first, so the click lands on the visitor's value and React sees the change.
    toggle.checked = !value
    toggle.click()
    return
  }
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set
  const event = field instanceof HTMLSelectElement ? 'change' : 'input'
  // Empty first, then the text: whatever React knew last, it sees the text arrive as a change.
  for (const next of value === '' ? [value] : ['', value]) {
    setter?.call(field, next)
    field.dispatchEvent(new Event(event, { bubbles: true }))
  }
}

/** Which field it is: its kind (tag, and an input's type) and its place among the fields of that kind under `root`. */
type Place = { kind: string; index: number }

const kindOf = (field: Field) => (field instanceof HTMLInputElement ? `input:${field.type}` : field.tagName)

const fieldsIn = (root: HTMLElement) => [...root.querySelectorAll<Field>('input, textarea, select')]

function placeOf(root: HTMLElement, field: Field): Place {
  const kind = kindOf(field)
  return { kind, index: fieldsIn(root).filter((other) => kindOf(other) === kind).indexOf(field) }
}

/** The field now at `place`: the one React drew in place of the server's when it drew a boundary anew. */
const fieldAt = (root: HTMLElement, place: Place): Field | undefined => fieldsIn(root).filter((other) => kindOf(other) === place.kind)[place.index]

/** True once React has hydrated the element (its props are attached to it). */
const hydrated = (field: Element) => Object.keys(field).some((key) => key.startsWith('__reactProps'))

/** How long to wait for a field's boundary to hydrate before giving up on it. */
const HYDRATION_WAIT_MS = 15_000

/**
 * The button last tapped before the app's scripts ran (kept by the loader, api/contract/app-loader.ts),
 * and no more taps kept from now: from here React replays what the visitor does while it hydrates.
 * A submit button is left alone (the browser already submitted its form).
 */
function takeEarlyTap(root: HTMLElement): HTMLButtonElement | undefined {
  const taps = (root as unknown as Record<string, EarlyTaps | undefined>)[EARLY_TAPS_PROPERTY]
  if (!taps) return undefined
  taps.on = false
  const button = taps.last instanceof Element ? taps.last.closest('button') : null
  return button && root.contains(button) && !button.disabled && !(button.type === 'submit' && button.form) ? button : undefined
}

/**
 * Starts remembering the fields under `root` that the visitor has changed (already, and until the
 * returned function runs); that function, called once hydration has committed, gives each one back,
 * then the button tapped before the scripts ran is tapped again (a town on browse opens).
 */
export function keepTypedFields(root: HTMLElement): () => void {
  let tapped = takeEarlyTap(root)
  const typed = new Map<Field, string | boolean>()
  const places = new WeakMap<Field, Place>()
  const keep = (field: Field) => {
    typed.set(field, valueOf(field))
    places.set(field, placeOf(root, field))
  }
  for (const field of fieldsIn(root)) {
    const changed = isToggle(field) ? field.checked !== field.defaultChecked : field instanceof HTMLSelectElement ? [...field.options].some((o) => o.selected !== o.defaultSelected) : field.value !== field.defaultValue
    if (changed) keep(field)
  }
  // Not only trusted events: a change made by script (a password manager, an automated test's
  // selectOption) is the visitor's too. Only the events `give` dispatches are not remembered.
  let giving = false
  // Until the first commit every change is kept: React attaches a field's props while it renders
  // the hydration, and a change made between then and the commit (a language picked while a slow
  // phone hydrated) reached no handler and was lost. After it, a field React holds is React's own,
  // unless its value is still to be given back: a key typed into it in between (a visitor typing
  // fast while a slow phone hydrates) is part of what goes back, or the older value given back
  // would wipe it (a letter lost from the search).
  let committed = false
  // A select fires `input`, then `change`, in one task. The `input` is a discrete event, so React
  // hydrates the page there and then, and hydrating a controlled select sets it back to the server's
  // value: the `change` read React's value, not the visitor's, and a language picked while a slow
  // phone hydrated was given back as English (1 run in 10 to 15). What the first event of the task
  // read is the visitor's, and the later event, holding React's old value, must not reach React as
  // a second pick (it would be stored as the reader's choice).
  const readThisTask = new Map<HTMLSelectElement, string>()
  const remember = (event: Event) => {
    const field = event.target
    if (!isField(field) || giving) return
    const visitors = field instanceof HTMLSelectElement ? readThisTask.get(field) : undefined
    if (visitors !== undefined) {
      if (typed.has(field)) typed.set(field, visitors)
      if (field.value !== visitors) event.stopImmediatePropagation()
      return
    }
    if (committed && hydrated(field) && !typed.has(field)) return
    keep(field)
    // Only a select: React hydrates an input with the value in the page (it keeps the visitor's).
    if (!(field instanceof HTMLSelectElement)) return
    readThisTask.set(field, field.value)
    setTimeout(() => readThisTask.delete(field), 0)
  }
  root.addEventListener('input', remember, true)
  root.addEventListener('change', remember, true)
  const started = Date.now()
  const giveBack = () => {
    committed = true
    // A field no longer in the page: React drew its boundary anew (a language picked in the header
    // reached the screen before the screen had hydrated), with the field empty. The field now in
    // its place takes the value instead, in the same order (none there yet: it is looked for again).
    const current = [...typed].map(([field, value]) => [field.isConnected ? field : (fieldAt(root, places.get(field)!) ?? field), value] as const)
    typed.clear()
    for (const [field, value] of current) {
      if (typed.has(field)) continue
      typed.set(field, value)
      if (!places.has(field)) places.set(field, placeOf(root, field))
    }
    // All at once, and only when React holds every one: a change given back early (the language
    // picker in the header) would update a boundary still hydrating, and React would throw that
    // boundary's HTML away — with the search typed in it.
    // A boundary that never hydrates (its chunk failed offline) holds the others back only so long.
    const isLate = Date.now() - started >= HYDRATION_WAIT_MS
    if (isLate || [...typed.keys()].every(hydrated)) {
      for (const [field, value] of typed) {
        if (!hydrated(field)) continue
        typed.delete(field)
        giving = true
        try {
          give(field, value)
        } finally {
          giving = false
        }
      }
    }
    if (tapped && typed.size === 0) {
      if (!tapped.isConnected) tapped = undefined
      else if (hydrated(tapped)) {
        const button = tapped
        tapped = undefined
        button.click()
      }
    }
    if ((typed.size > 0 || tapped) && !isLate) requestAnimationFrame(giveBack)
    else {
      // At the end of this task: what was given back may have been given in the middle of a
      // visitor's select (React hydrated on its `input`), whose `change` is still to come.
      setTimeout(() => {
        root.removeEventListener('input', remember, true)
        root.removeEventListener('change', remember, true)
      }, 0)
    }
  }
  return giveBack
}
