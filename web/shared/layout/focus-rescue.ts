// When the focused control leaves the page with what it acted on (an approved signup's card, a
// deleted row, a dialog whose opener went with its row), the browser drops focus on <body> and a
// keyboard or screen-reader user starts again from the top. Focus goes instead to the first
// control left in the nearest part of the page that is still there (the list the card was in),
// else to <main>. After the current task: a dialog giving focus back to its opener, or a screen
// moving focus on purpose, goes first.
import { mainContentId } from './skip-link'

const focusable = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])'

const focusDropped = () => document.activeElement === null || document.activeElement === document.body

function firstControlIn(container: Element): HTMLElement | null {
  for (const el of container.querySelectorAll<HTMLElement>(focusable)) {
    if (el.getClientRects().length > 0 && !el.closest('[inert], [hidden]')) return el
  }
  return null
}

/** Starts watching; gives back the function that stops it. */
export function startFocusRescue(): () => void {
  /** The focused element and its ancestors, nearest first. */
  let chain: Element[] = []
  let scheduled = false
  const onFocusIn = (event: FocusEvent) => {
    if (!(event.target instanceof Element)) return
    chain = []
    for (let el: Element | null = event.target; el && el !== document.body; el = el.parentElement) chain.push(el)
  }
  const rescue = () => {
    scheduled = false
    if (!focusDropped() || !chain[0] || chain[0].isConnected) return
    const survivor = chain.find((el) => el.isConnected)
    const target = (survivor && firstControlIn(survivor)) ?? document.getElementById(mainContentId)
    target?.focus({ preventScroll: true })
  }
  const observer = new MutationObserver(() => {
    if (scheduled || !chain[0] || chain[0].isConnected || !focusDropped()) return
    scheduled = true
    setTimeout(rescue, 0)
  })
  document.addEventListener('focusin', onFocusIn)
  observer.observe(document.body, { childList: true, subtree: true })
  return () => {
    document.removeEventListener('focusin', onFocusIn)
    observer.disconnect()
  }
}
