import { Dexie } from 'dexie'
import { afterEach, describe, expect, it } from 'vitest'
import { OUTBOX_SCHEMA_VERSION, OutboxDatabase, restoreOutboxItem, type OutboxItem } from './db'

const names: string[] = []
afterEach(async () => {
  for (const name of names.splice(0)) await Dexie.delete(name)
})

/** The database as version 1 of the app made it. */
function openVersion1(name: string): Dexie {
  const db = new Dexie(name)
  db.version(1).stores({
    outbox: 'id, status, createdAt, [status+createdAt], nextAttemptAt',
    photos: 'id, outboxId',
    drafts: 'formId',
    reference: 'key',
    meta: 'key',
  })
  return db
}

const current: OutboxItem = {
  id: 'current-1', kind: 'farmerSignup', endpoint: '/api/farmer-signup', method: 'POST', payload: { name: 'Mere' }, photoIds: ['photo-1'],
  status: 'waiting', attempts: 2, lastError: { status: 503, message: 'Service unavailable' }, createdAt: 1_000, updatedAt: 2_000,
  nextAttemptAt: 9_000, postedAt: 1_500, agentId: 'agent-sefa', agentName: 'Sefa', schemaVersion: OUTBOX_SCHEMA_VERSION,
}
const sent: OutboxItem = {
  ...current, id: 'sent-1', status: 'sent', nextAttemptAt: 500, sentAt: 3_000, response: { status: 201, body: { id: 'f-1', status: 'pending' } },
}
// Written before schemaVersion existed: 'pending', JSON text, dates as strings, no nextAttemptAt.
const legacy = { id: 'legacy-1', endpoint: '/api/public/reviews', payload: '{"rating":5}', status: 'pending', createdAt: '2025-03-01T02:00:00.000Z' }
// Nothing can place it (no known kind or endpoint): kept exactly as it was.
const unknown = { id: 'unknown-1', kind: 'somethingNew', status: 'waiting', createdAt: 4_000, extra: [1, 2] }

describe('the database, version 1 to 2', () => {
  it('keeps every record, brings outbox records to the current shape and indexes when they are due', async () => {
    const name = `db-upgrade-test-${crypto.randomUUID()}`
    names.push(name)
    const old = openVersion1(name)
    await old.table('outbox').bulkAdd([current, sent, legacy, unknown])
    const photo = { id: 'photo-1', outboxId: 'current-1', blob: new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' }), contentType: 'image/jpeg', size: 3, sha256: 'abc', uploadedPath: '/objects/uploads/x', uploadedAt: 1_200, createdAt: 1_000 }
    await old.table('photos').add(photo)
    await old.table('drafts').add({ formId: 'farmer-signup', values: { name: 'Mer' }, updatedAt: 7 })
    await old.table('reference').add({ key: 'locations', items: ['Nausori'], updatedAt: 8 })
    await old.table('meta').add({ key: 'installedAt', value: 9 })
    old.close()

    const db = new OutboxDatabase(name)
    try {
      await db.open()
      expect(db.verno).toBe(2)
      const outbox = await db.outbox.toArray()
      expect(outbox.map((record) => record.id).sort()).toEqual(['current-1', 'legacy-1', 'sent-1', 'unknown-1'])
      expect(await db.outbox.get('current-1')).toEqual(current)
      expect(await db.outbox.get('sent-1')).toEqual(sent)
      expect(await db.outbox.get('legacy-1')).toEqual(restoreOutboxItem(legacy))
      expect(await db.outbox.get('legacy-1')).toMatchObject({ status: 'waiting', payload: { rating: 5 }, nextAttemptAt: Date.parse('2025-03-01T02:00:00.000Z') })
      expect(await db.outbox.get('unknown-1')).toEqual(unknown)
      expect(await db.photos.get('photo-1')).toMatchObject({ ...photo, blob: expect.anything() })
      expect(await db.drafts.get('farmer-signup')).toEqual({ formId: 'farmer-signup', values: { name: 'Mer' }, updatedAt: 7 })
      expect(await db.reference.get('locations')).toEqual({ key: 'locations', items: ['Nausori'], updatedAt: 8 })
      expect(await db.meta.get('installedAt')).toEqual({ key: 'installedAt', value: 9 })

      // The new index holds the waiting records, soonest due first (a record without a due time is
      // not in it, as before); the old ones still answer.
      const byDue = await db.outbox.where('[status+nextAttemptAt]').between(['waiting', Dexie.minKey], ['waiting', Dexie.maxKey]).primaryKeys()
      expect(byDue).toEqual(['current-1', 'legacy-1'])
      expect(await db.outbox.where('[status+createdAt]').between(['waiting', Dexie.minKey], ['waiting', Dexie.maxKey]).primaryKeys()).toEqual(['current-1', 'unknown-1', 'legacy-1'])
    } finally {
      db.close()
    }
  })

  it('opens a new database at version 2', async () => {
    const name = `db-new-test-${crypto.randomUUID()}`
    names.push(name)
    const db = new OutboxDatabase(name)
    await db.open()
    expect(db.verno).toBe(2)
    expect(db.outbox.schema.indexes.map((index) => index.name)).toContain('[status+nextAttemptAt]')
    db.close()
  })
})
