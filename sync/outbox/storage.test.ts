import { afterEach, describe, expect, it, vi } from 'vitest'
import { OutboxDatabase } from './db'
import { PERSIST_ASK_AGAIN_MS, askPersistentStorageNow, requestPersistentStorage, storageEstimate } from './storage'

const opened: OutboxDatabase[] = []
function openDatabase(): OutboxDatabase {
  const db = new OutboxDatabase(`storage-test-${crypto.randomUUID()}`)
  opened.push(db)
  return db
}
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete()
})

function fakeStorage(grant: boolean) {
  let persisted = false
  return {
    persist: vi.fn(async () => {
      persisted = grant
      return grant
    }),
    persisted: vi.fn(async () => persisted),
    estimate: vi.fn(async () => ({ usage: 90, quota: 100 })),
  }
}

describe('requestPersistentStorage', () => {
  it('asks once and remembers a grant', async () => {
    const db = openDatabase()
    const storage = fakeStorage(true)
    expect(await requestPersistentStorage(db, storage, 1_000)).toBe(true)
    expect(await requestPersistentStorage(db, storage, 2_000)).toBe(true)
    expect(storage.persist).toHaveBeenCalledTimes(1)
  })

  it('does not pester after a refusal, and asks again a week later', async () => {
    const db = openDatabase()
    const storage = fakeStorage(false)
    expect(await requestPersistentStorage(db, storage, 1_000)).toBe(false)
    expect(await requestPersistentStorage(db, storage, 2_000)).toBe(false)
    expect(storage.persist).toHaveBeenCalledTimes(1)
    await requestPersistentStorage(db, storage, 1_000 + PERSIST_ASK_AGAIN_MS)
    expect(storage.persist).toHaveBeenCalledTimes(2)
    expect(await db.meta.get('storage.persist')).toEqual({ key: 'storage.persist', value: { askedAt: 1_000 + PERSIST_ASK_AGAIN_MS, granted: false } })
  })

  it('asks again when a grant it remembers is no longer honoured', async () => {
    const db = openDatabase()
    await db.meta.put({ key: 'storage.persist', value: { askedAt: 1_000, granted: true } })
    const storage = fakeStorage(true)
    expect(await requestPersistentStorage(db, storage, 2_000)).toBe(true)
    expect(storage.persist).toHaveBeenCalledTimes(1)
  })

  it('answers undefined where the browser has no such API', async () => {
    expect(await requestPersistentStorage(openDatabase(), undefined)).toBeUndefined()
    expect(await requestPersistentStorage(openDatabase(), {})).toBeUndefined()
  })
})

describe('askPersistentStorageNow ("Keep storage", the first queued item)', () => {
  it('calls persist() every time, even the day after a refusal, and remembers the answer', async () => {
    const db = openDatabase()
    const storage = fakeStorage(false)
    expect(await requestPersistentStorage(db, storage, 1_000)).toBe(false)
    expect(await askPersistentStorageNow(db, storage, 2_000)).toBe(false)
    expect(await askPersistentStorageNow(db, storage, 3_000)).toBe(false)
    expect(storage.persist).toHaveBeenCalledTimes(3)
    expect(await db.meta.get('storage.persist')).toEqual({ key: 'storage.persist', value: { askedAt: 3_000, granted: false } })
  })

  it('does not call persist() when storage already is persistent', async () => {
    const storage = fakeStorage(true)
    expect(await askPersistentStorageNow(openDatabase(), storage)).toBe(true)
    expect(await askPersistentStorageNow(openDatabase(), storage)).toBe(true)
    expect(storage.persist).toHaveBeenCalledTimes(1)
    expect(await askPersistentStorageNow(openDatabase(), undefined)).toBeUndefined()
  })
})

describe('storageEstimate', () => {
  it('reports the ratio and warns above 80 %', async () => {
    expect(await storageEstimate(fakeStorage(true))).toEqual({ usage: 90, quota: 100, ratio: 0.9, isNearlyFull: true })
    expect(await storageEstimate({ estimate: async () => ({ usage: 10, quota: 100 }) })).toMatchObject({ ratio: 0.1, isNearlyFull: false })
    expect(await storageEstimate({ estimate: async () => ({}) })).toEqual({ usage: 0, quota: 0, ratio: 0, isNearlyFull: false })
    expect(await storageEstimate(undefined)).toBeUndefined()
  })
})
