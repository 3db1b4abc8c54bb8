// A phone with no room left (cheap phones fill up with photos and chat media).
import type { Page } from '@playwright/test'

/**
 * Makes this page's IndexedDB writes fail as a full phone fails them (QuotaExceededError), until
 * `makeRoom(page)`. The edge of the world here is the device's disk: Chromium's own quota override
 * (CDP Storage.overrideQuotaForOrigin) changes what the page is told, not what a write may use, and
 * a really full disk needs a file system mounted for the test.
 */
export async function fillThePhone(page: Page) {
  await page.evaluate(() => {
    const full = window as unknown as { phoneFull: boolean }
    full.phoneFull = true
    for (const method of ['add', 'put'] as const) {
      const write = IDBObjectStore.prototype[method]
      IDBObjectStore.prototype[method] = function (this: IDBObjectStore, ...args: Parameters<typeof write>) {
        if (full.phoneFull) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
        return write.apply(this, args)
      }
    }
  })
}

export const makeRoom = (page: Page) => page.evaluate(() => ((window as unknown as { phoneFull: boolean }).phoneFull = false))

/** How many items the outbox holds on this phone, sent or not (read from IndexedDB itself). */
export function queuedItems(page: Page): Promise<number> {
  return page.evaluate(async () => {
    // Opening a database that is not there would make an empty one, in the app's way.
    if (!(await indexedDB.databases()).some((known) => known.name === 'viti-farmers')) return 0
    const db: IDBDatabase = await new Promise((resolve, reject) => {
      const request = indexedDB.open('viti-farmers')
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
    try {
      if (!db.objectStoreNames.contains('outbox')) return 0
      return await new Promise<number>((resolve, reject) => {
        const request = db.transaction('outbox').objectStore('outbox').count()
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
    } finally {
      db.close()
    }
  })
}
