import 'fake-indexeddb/auto'
import Dexie from 'dexie'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { catalogPartsReady, setLocale } from '../../i18n/runtime'
import { isStorageFull, storageErrorText } from './storage-error'

const NO_ROOM = 'This phone has no room left to save it: free some space (old photos, videos or WhatsApp files), then try again'

class Store extends Dexie {
  items!: Dexie.Table<{ id: string; blob?: string }, string>
  constructor(name: string) {
    super(name)
    this.version(1).stores({ items: 'id' })
  }
}

const open: Store[] = []
afterEach(async () => {
  for (const db of open.splice(0)) {
    db.close()
    await Dexie.delete(db.name)
  }
})

/** A Dexie table whose writes fail as the browser fails them: `error` thrown from inside the transaction. */
function refusing(error: unknown) {
  const db = new Store(`storage-error-${Math.random()}`)
  open.push(db)
  db.items.hook('creating', () => {
    throw error
  })
  return db
}

const quota = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError')
const backingStore = () => new DOMException('Internal error opening backing store for indexedDB.open.', 'UnknownError')

describe('isStorageFull', () => {
  it("knows the browser's refusals, bare or as Dexie hands them on from a write or a transaction", async () => {
    expect(isStorageFull(quota())).toBe(true)
    expect(isStorageFull(backingStore())).toBe(true)

    const db = refusing(quota())
    const fromAdd = await db.items.add({ id: 'a' }).catch((error: unknown) => error)
    expect(isStorageFull(fromAdd)).toBe(true)
    const fromTransaction = await db.transaction('rw', db.items, () => db.items.add({ id: 'b' })).catch((error: unknown) => error)
    expect(isStorageFull(fromTransaction)).toBe(true)
    const fromBulk = await db.items.bulkAdd([{ id: 'c' }, { id: 'd' }]).catch((error: unknown) => error)
    expect(isStorageFull(fromBulk)).toBe(true)
    expect(await db.items.count()).toBe(0)
  })

  it('finds it however deep it is wrapped (inner, cause), within a bound', () => {
    expect(isStorageFull({ name: 'AbortError', inner: { name: 'DatabaseClosedError', inner: quota() } })).toBe(true)
    expect(isStorageFull(new Error('could not save', { cause: backingStore() }))).toBe(true)
    const cycle: { name: string; inner?: unknown } = { name: 'AbortError' }
    cycle.inner = cycle
    expect(isStorageFull(cycle)).toBe(false)
  })

  it('is not fooled by other failures: a plain abort, a validation error, a network error, nothing', async () => {
    const db = refusing(new TypeError('bad value'))
    expect(isStorageFull(await db.items.add({ id: 'a' }).catch((error: unknown) => error))).toBe(false)
    expect(isStorageFull(new DOMException('The transaction was aborted.', 'AbortError'))).toBe(false)
    expect(isStorageFull(new TypeError('Failed to fetch'))).toBe(false)
    expect(isStorageFull(new Error('QuotaExceededError'))).toBe(false)
    for (const nothing of [undefined, null, 'QuotaExceededError', 22]) expect(isStorageFull(nothing)).toBe(false)
  })
})

describe('storageErrorText', () => {
  afterAll(() => setLocale('en', false))

  it("tells the reader to free space when the phone is full, in their language, and otherwise gives the error's own words", async () => {
    await catalogPartsReady(['rest'])
    expect(storageErrorText(quota())).toBe(NO_ROOM)
    await setLocale('hif', false)
    expect(storageErrorText(backingStore())).toBe('Ii phone me jagah khatam hoi gais, rakhe nahi sakaa: kuch purana photo, video ya WhatsApp file mitao, phir se try karo')
    expect(storageErrorText(new Error('Photo missing'))).toBe('Photo missing')
    expect(storageErrorText('plain')).toBe('plain')
  })
})
