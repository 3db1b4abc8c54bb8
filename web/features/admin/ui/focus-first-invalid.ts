// After a refused submit, focus goes to the first field marked invalid (a group of boxes: its first
// box), as the public forms' error summary does: a keyboard user lands on what to fix, not on the
// submit button with the messages scrolled out of view above it.

/** `event.currentTarget` of the submit, read before any await (React clears it). */
export function focusFirstInvalid(form: EventTarget | null): void {
  if (!(form instanceof HTMLFormElement)) return
  // The next frame: the messages and aria-invalid of the render just asked for are in place.
  requestAnimationFrame(() => {
    const first = form.querySelector<HTMLElement>('[aria-invalid="true"]')
    const target = first instanceof HTMLFieldSetElement ? first.querySelector<HTMLElement>('input:not([disabled])') : first
    target?.focus()
    target?.scrollIntoView({ block: 'center' })
  })
}
