import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// A fresh module per test: "the first screen has shown" is page-wide state.
async function freshWhenIdle() {
  vi.resetModules()
  return import('./when-idle')
}

describe('whenIdle waits for the first screen, not its loading placeholder', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.stubGlobal('window', { requestIdleCallback: (callback: () => void) => setTimeout(callback, 1) })
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => setTimeout(callback, 16))
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('holds idle work while a lazy screen is still loading, and runs it once the screen shows', async () => {
    const { whenIdle, markFirstScreenShown } = await freshWhenIdle()
    const work = vi.fn()
    whenIdle(work)
    await vi.advanceTimersByTimeAsync(3_000)
    expect(work).not.toHaveBeenCalled()
    markFirstScreenShown()
    await vi.advanceTimersByTimeAsync(100)
    expect(work).toHaveBeenCalledTimes(1)
  })

  it('runs at once (after a frame) when the first screen has already shown', async () => {
    const { whenIdle, markFirstScreenShown } = await freshWhenIdle()
    markFirstScreenShown()
    const work = vi.fn()
    whenIdle(work)
    await vi.advanceTimersByTimeAsync(100)
    expect(work).toHaveBeenCalledTimes(1)
  })

  it('runs once after the cap when the screen never shows (a chunk that cannot load), and not again when it does', async () => {
    const { whenIdle, markFirstScreenShown, FIRST_SCREEN_WAIT_CAP_MS } = await freshWhenIdle()
    const work = vi.fn()
    whenIdle(work)
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_WAIT_CAP_MS - 10)
    expect(work).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(100)
    expect(work).toHaveBeenCalledTimes(1)
    markFirstScreenShown()
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_WAIT_CAP_MS)
    expect(work).toHaveBeenCalledTimes(1)
  })
})
