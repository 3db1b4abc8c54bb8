import { afterEach, describe, expect, it } from 'vitest'
import { OutboxDatabase, type OutboxItem } from './db'
import { deleteItem, enqueue, listOutbox, markStatus, nextToSend, pendingCount, photosOf, waitingInOrder, type EnqueueInput, type WaitingOrder } from './outbox'

const opened: OutboxDatabase[] = []
function openDatabase(name = `outbox-test-${crypto.randomUUID()}`): OutboxDatabase {
  const db = new OutboxDatabase(name)
  opened.push(db)
  return db
}
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete()
})

const farmerSignup = (name: string, extra: Partial<EnqueueInput> = {}): EnqueueInput => ({
  kind: 'dataAgentSignup',
  endpoint: '/api/data-agent/signup',
  payload: { name, cities: ['Nausori'], produce: ['Dalo', 'Cassava'] },
  ...extra,
})

const bytesOf = async (blob: Blob) => Array.from(new Uint8Array(await blob.arrayBuffer()))
// SHA-256 of the three bytes "abc" (FIPS 180-2 test vector).
const SHA256_OF_ABC = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'

describe('enqueue', () => {
  it('keeps the payload, the agent and the photo bytes', async () => {
    const db = openDatabase()
    const jpeg = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], { type: 'image/jpeg' })
    const webp = new File([new TextEncoder().encode('abc')], 'farm.webp', { type: 'image/webp' })
    const item = await enqueue(db, farmerSignup('Mere Tuilau', { photos: [jpeg, webp], agent: { id: 'agent-1', name: 'Sefa' } }))

    const [stored] = await listOutbox(db)
    expect(stored).toEqual(item)
    expect(stored).toMatchObject({
      status: 'waiting', attempts: 0, method: 'POST', agentId: 'agent-1', agentName: 'Sefa',
      payload: { name: 'Mere Tuilau', cities: ['Nausori'], produce: ['Dalo', 'Cassava'] },
    })
    const photos = await photosOf(db, item)
    expect(photos.map((photo) => [photo.contentType, photo.size, photo.outboxId])).toEqual([
      ['image/jpeg', 7, item.id],
      ['image/webp', 3, item.id],
    ])
    expect(await bytesOf(photos[0]!.blob)).toEqual([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])
    expect(await bytesOf(photos[1]!.blob)).toEqual([97, 98, 99])
    expect(photos[1]!.sha256).toBe(SHA256_OF_ABC)
  })

  it('stores the payload as the JSON that will be sent', async () => {
    const db = openDatabase()
    const payload = { name: 'Mere', email: undefined } as unknown as EnqueueInput['payload']
    const item = await enqueue(db, farmerSignup('Mere', { payload }))
    expect(Object.keys(item.payload)).toEqual(['name'])
  })

  it('drops an invisible control character pasted into the text (the server refuses them), keeping tabs, new lines and every other character', async () => {
    const db = openDatabase()
    const payload = { name: 'Mere\u0000 Tuilau\u0007', notes: 'Dalo\tplot 2\r\nnear the road\u000b', produce: ['Da\u001flo', 'Cassava\u007f'], ta: 'ā ē ī 🌱\u00a0' }
    const item = await enqueue(db, farmerSignup('Mere', { payload }))
    expect(item.payload).toEqual({ name: 'Mere Tuilau', notes: 'Dalo\tplot 2\r\nnear the road', produce: ['Dalo', 'Cassava'], ta: 'ā ē ī 🌱\u00a0' })
    expect((await listOutbox(db))[0]!.payload).toEqual(item.payload)
  })

  it('drops invisible direction controls and zero-width characters pasted into the text (the server refuses them), keeping the joiners emoji and Indic scripts need', async () => {
    const db = openDatabase()
    // A right-to-left override would make the name read backwards once listed; the rest show as nothing.
    const payload = {
      name: 'Litia \u202eualuaN\u202c', phone: '\u2066+679 912 3456\u2069', notes: '\ufeffDalo\u200b plot\u2060 2\u200e\u200f\u061c',
      produce: ['\u202bDalo\u202a', 'Cassava\u202d'], comment: 'Our farmer \u{1F469}\u200d\u{1F33E}, क्\u200cष',
    }
    const item = await enqueue(db, farmerSignup('Litia', { payload }))
    expect(item.payload).toEqual({ name: 'Litia ualuaN', phone: '+679 912 3456', notes: 'Dalo plot 2', produce: ['Dalo', 'Cassava'], comment: 'Our farmer \u{1F469}\u200d\u{1F33E}, क्\u200cष' })
    expect((await listOutbox(db))[0]!.payload).toEqual(item.payload)
  })

  it('writes nothing when a photo write fails', async () => {
    const db = openDatabase()
    db.photos.hook('creating', () => {
      throw new Error('QuotaExceededError')
    })
    await expect(enqueue(db, farmerSignup('Mere', { photos: [new Blob(['x'])] }))).rejects.toThrow('QuotaExceededError')
    expect(await db.outbox.count()).toBe(0)
    expect(await db.photos.count()).toBe(0)
  })

  it('writes nothing when the payload fails validation', async () => {
    const db = openDatabase()
    const validate = () => {
      throw new Error('Full name is required')
    }
    await expect(enqueue(db, farmerSignup('', { photos: [new Blob(['x'])], validate }))).rejects.toThrow('Full name is required')
    expect(await db.outbox.count()).toBe(0)
    expect(await db.photos.count()).toBe(0)
  })
})

describe('reading the outbox', () => {
  it('lists and sends oldest first, even within one millisecond or after the clock moved back', async () => {
    const db = openDatabase()
    const first = await enqueue(db, farmerSignup('First', { now: 5_000 }))
    const second = await enqueue(db, farmerSignup('Second', { now: 5_000 }))
    const third = await enqueue(db, farmerSignup('Third', { now: 1_000 }))
    expect((await listOutbox(db)).map((item) => item.id)).toEqual([first.id, second.id, third.id])

    expect((await nextToSend(db, 10_000))?.id).toBe(first.id)
    await markStatus(db, first.id, 'sent', {}, 10_000)
    expect((await nextToSend(db, 10_000))?.id).toBe(second.id)
  })

  it('skips items whose backoff has not elapsed', async () => {
    const db = openDatabase()
    const early = await enqueue(db, farmerSignup('Early', { now: 1_000 }))
    const later = await enqueue(db, farmerSignup('Later', { now: 2_000 }))
    await markStatus(db, early.id, 'waiting', { nextAttemptAt: 60_000, lastError: { message: 'Network error' } }, 3_000)
    expect((await nextToSend(db, 3_000))?.id).toBe(later.id)
    expect((await nextToSend(db, 60_000))?.id).toBe(early.id)
    await markStatus(db, later.id, 'needsAttention', { lastError: { status: 400, message: 'Full name is required' } })
    await markStatus(db, early.id, 'sending')
    expect(await nextToSend(db, 60_000)).toBeUndefined()
  })

  it('reads the waiting items lazily, in order, each once, across pages and ties', async () => {
    const db = openDatabase()
    const base = await enqueue(db, farmerSignup('Base', { now: 1 }))
    // 300 waiting items, made (and due) in groups of 7 sharing a millisecond, so ties straddle the pages.
    const records: OutboxItem[] = Array.from({ length: 300 }, (_, index) => ({
      ...base, id: `item-${String(index).padStart(3, '0')}`, createdAt: 100 + Math.floor(index / 7), nextAttemptAt: 10_000 - Math.floor(index / 7),
    }))
    await db.outbox.bulkPut([...records, { ...records[5]!, id: 'sent-x', status: 'sent' }])
    await db.outbox.delete(base.id)
    const readAll = async (order: WaitingOrder) => {
      const ids: string[] = []
      for await (const item of waitingInOrder(db, order)) ids.push(item.id)
      return ids
    }
    const byCreated = [...records].sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id)).map((item) => item.id)
    const byDue = [...records].sort((a, b) => a.nextAttemptAt - b.nextAttemptAt || a.id.localeCompare(b.id)).map((item) => item.id)
    expect(await readAll('createdAt')).toEqual(byCreated)
    expect(await readAll('nextAttemptAt')).toEqual(byDue)

    // A reader that stops early reads only what it went through.
    let rows = 0
    const counting = async <T,>(operation: () => Promise<T>): Promise<T> => {
      const result = await operation()
      rows += Array.isArray(result) ? result.length : 0
      return result
    }
    const firstThree: string[] = []
    for await (const item of waitingInOrder(db, 'createdAt', counting)) {
      firstThree.push(item.id)
      if (firstThree.length === 3) break
    }
    expect(firstThree).toEqual(byCreated.slice(0, 3))
    expect(rows).toBeLessThanOrEqual(5)
  })

  it('counts waiting, sending and needs-attention items as unsent', async () => {
    const db = openDatabase()
    const items: OutboxItem[] = []
    for (const name of ['A', 'B', 'C', 'D']) items.push(await enqueue(db, farmerSignup(name)))
    await markStatus(db, items[1]!.id, 'sending')
    await markStatus(db, items[2]!.id, 'sent', { response: { status: 201, body: { id: 'signup-1' } } })
    await markStatus(db, items[3]!.id, 'needsAttention', { lastError: { status: 422, message: 'Please enter a valid email address' } })
    expect(await pendingCount(db)).toBe(3)
  })
})

describe('markStatus', () => {
  it('counts attempts, and clears the error once the server has the item', async () => {
    const db = openDatabase()
    const item = await enqueue(db, farmerSignup('Mere', { now: 1_000 }))
    await markStatus(db, item.id, 'sending', {}, 2_000)
    await markStatus(db, item.id, 'waiting', { lastError: { status: 503, message: 'Service unavailable' }, nextAttemptAt: 9_000 }, 2_500)
    await markStatus(db, item.id, 'sending', {}, 9_000)
    const sent = await markStatus(db, item.id, 'sent', { response: { status: 201, body: { id: 's-1' } } }, 9_100)
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, sentAt: 9_100, updatedAt: 9_100, response: { status: 201, body: { id: 's-1' } } })
    expect(sent).not.toHaveProperty('lastError')
  })

  it('answers undefined for an item the agent deleted meanwhile', async () => {
    const db = openDatabase()
    const item = await enqueue(db, farmerSignup('Mere'))
    await deleteItem(db, item.id)
    expect(await markStatus(db, item.id, 'sent')).toBeUndefined()
    expect(await db.outbox.count()).toBe(0)
  })
})

describe('deleteItem', () => {
  it('removes the item and its photos and nothing else', async () => {
    const db = openDatabase()
    const removed = await enqueue(db, farmerSignup('Removed', { photos: [new Blob(['a']), new Blob(['b'])] }))
    const kept = await enqueue(db, farmerSignup('Kept', { photos: [new Blob(['c'])] }))
    await deleteItem(db, removed.id)
    expect((await listOutbox(db)).map((item) => item.id)).toEqual([kept.id])
    expect((await db.photos.toArray()).map((photo) => photo.outboxId)).toEqual([kept.id])
  })
})

describe('persistence', () => {
  it('keeps items and photos when the database is closed and opened again', async () => {
    const name = `outbox-test-${crypto.randomUUID()}`
    // Not tracked for clean-up: only the reopened instance deletes the database.
    const before = new OutboxDatabase(name)
    const item = await enqueue(before, farmerSignup('Mere', { photos: [new Blob(['abc'], { type: 'image/jpeg' })] }))
    before.close()

    const after = openDatabase(name)
    expect(await listOutbox(after)).toEqual([item])
    const [photo] = await photosOf(after, item)
    expect(await bytesOf(photo!.blob)).toEqual([97, 98, 99])
    expect(await pendingCount(after)).toBe(1)
  })

  it('reads a record written in an older shape as a current item', async () => {
    const db = openDatabase()
    const legacy = {
      id: 'legacy-1', kind: 'farmerSignup', payload: '{"name":"Mere"}', status: 'failed',
      error: 'Please enter a valid email address', createdAt: 1_000,
    }
    await db.outbox.add(legacy as unknown as OutboxItem)
    expect(await listOutbox(db)).toEqual([expect.objectContaining({
      id: 'legacy-1', endpoint: '/api/farmer-signup', payload: { name: 'Mere' }, status: 'needsAttention',
      lastError: { message: 'Please enter a valid email address' }, photoIds: [], attempts: 0, schemaVersion: 1,
    })])
  })
})
