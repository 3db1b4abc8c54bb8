import { afterEach, describe, expect, it, vi } from 'vitest'
import { UPDATE_CHECK_EVERY_MS, keepCheckingForUpdates } from './update-checks'

function fakePage(visibility: DocumentVisibilityState, onLine: boolean) {
  const events = new EventTarget()
  return {
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
    dispatch: (type: string) => events.dispatchEvent(new Event(type)),
    document: { visibilityState: visibility },
    navigator: { onLine },
  }
}

describe('keepCheckingForUpdates', () => {
  afterEach(() => vi.useRealTimers())

  it('checks when the phone comes back online and every hour while the page is shown, until stopped', async () => {
    vi.useFakeTimers()
    const update = vi.fn(() => Promise.resolve(undefined as unknown as ServiceWorkerRegistration))
    const page = fakePage('visible', true)
    const stop = keepCheckingForUpdates({ update }, page as never)
    expect(update).not.toHaveBeenCalled()
    page.dispatch('online')
    expect(update).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(UPDATE_CHECK_EVERY_MS)
    expect(update).toHaveBeenCalledTimes(2)
    stop()
    page.dispatch('online')
    vi.advanceTimersByTime(UPDATE_CHECK_EVERY_MS)
    expect(update).toHaveBeenCalledTimes(2)
  })

  it('never checks on the hour from a hidden page or with no coverage, and a failed check is no error', async () => {
    vi.useFakeTimers()
    const update = vi.fn(() => Promise.reject(new Error('offline')))
    for (const page of [fakePage('hidden', true), fakePage('visible', false)]) {
      const stop = keepCheckingForUpdates({ update }, page as never)
      vi.advanceTimersByTime(UPDATE_CHECK_EVERY_MS * 3)
      stop()
    }
    expect(update).not.toHaveBeenCalled()
    const page = fakePage('visible', true)
    const stop = keepCheckingForUpdates({ update }, page as never)
    page.dispatch('online')
    await Promise.resolve()
    expect(update).toHaveBeenCalledTimes(1)
    stop()
  })
})
