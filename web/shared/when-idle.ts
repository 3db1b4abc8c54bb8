// "Once the page is idle after its first paint": no imports, so any chunk may use it without
// pulling in the outbox's light entry (shared/outbox, whose lazy runtime imports back into it).
type IdleWindow = Window & { requestIdleCallback?: (cb: () => void, options?: { timeout: number }) => number }

/** Runs `callback` once the page is idle after its first paint (a timeout caps the wait). */
export function whenIdle(callback: () => void, timeoutMs = 2_000): void {
  if (typeof window === 'undefined') return
  const win = window as IdleWindow
  const afterPaint = () => {
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(callback, { timeout: timeoutMs })
    else setTimeout(callback, 200)
  }
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(afterPaint, 0))
  else setTimeout(afterPaint, 0)
}
