import { describe, expect, it, vi } from 'vitest'
import { OUTBOX_SYNC_MESSAGE_TYPE, OUTBOX_SYNC_TAG, registerBackgroundSync } from './background-sync'
import { connectBrowserTriggers } from './triggers'

describe('connectBrowserTriggers', () => {
  it('drains on online, on becoming visible, on a page back from the cache and on Background Sync', () => {
    const win = new EventTarget()
    const doc = Object.assign(new EventTarget(), { visibilityState: 'hidden' as DocumentVisibilityState })
    const serviceWorker = new EventTarget() as unknown as ServiceWorkerContainer
    const engine = { notifyOnline: vi.fn(), notifyVisible: vi.fn() }
    const disconnect = connectBrowserTriggers(engine, { window: win, document: doc, serviceWorker })

    win.dispatchEvent(new Event('online'))
    doc.dispatchEvent(new Event('visibilitychange'))
    doc.visibilityState = 'visible'
    doc.dispatchEvent(new Event('visibilitychange'))
    win.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }))
    serviceWorker.dispatchEvent(new MessageEvent('message', { data: { type: OUTBOX_SYNC_MESSAGE_TYPE } }))
    serviceWorker.dispatchEvent(new MessageEvent('message', { data: { type: 'SKIP_WAITING' } }))
    expect(engine.notifyOnline).toHaveBeenCalledTimes(2)
    expect(engine.notifyVisible).toHaveBeenCalledTimes(2)

    disconnect()
    win.dispatchEvent(new Event('online'))
    expect(engine.notifyOnline).toHaveBeenCalledTimes(2)
  })
})

describe('registerBackgroundSync', () => {
  it('registers the tag where the browser has Background Sync', async () => {
    const register = vi.fn(async () => undefined)
    const container = { ready: Promise.resolve({ sync: { register } }) } as unknown as ServiceWorkerContainer
    expect(await registerBackgroundSync(container)).toBe(true)
    expect(register).toHaveBeenCalledWith(OUTBOX_SYNC_TAG)
    expect(OUTBOX_SYNC_TAG).toBe('viti-outbox')
  })

  it('answers false where it is missing or refused', async () => {
    expect(await registerBackgroundSync(undefined)).toBe(false)
    expect(await registerBackgroundSync({ ready: Promise.resolve({}) } as unknown as ServiceWorkerContainer)).toBe(false)
    const refused = { ready: Promise.resolve({ sync: { register: async () => Promise.reject(new Error('NotAllowedError')) } }) }
    expect(await registerBackgroundSync(refused as unknown as ServiceWorkerContainer)).toBe(false)
  })
})
