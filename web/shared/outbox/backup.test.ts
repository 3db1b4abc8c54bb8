import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import { OutboxDatabase } from '../../../sync/outbox/db'
import { createOutboxEngine, type OutboxEngine } from '../../../sync/outbox/engine'
import { createMemoryLocks } from '../../../sync/outbox/locks'
import { enqueue, getItem, listOutbox, photosOf } from '../../../sync/outbox/outbox'
import { createFakeServer, createManualClock, type FakeServer, type ManualClock } from '../../../sync/outbox/testing'
import type { OutboxItem, OutboxPhoto } from '../../../sync/outbox/types'
import { BackupFormatError, fromBase64, parseBackup, planImport, serializeBackup, toBase64 } from './backup'

const at = Date.UTC(2026, 6, 1, 10, 0, 0)

function item(id: string, patch: Partial<OutboxItem> = {}): OutboxItem {
  return {
    id,
    kind: 'dataAgentSignup',
    endpoint: '/api/data-agent/signup',
    method: 'POST',
    payload: { name: `Farmer ${id}`, phone: '+679 912 3456', cities: ['Nausori'] },
    photoIds: [],
    status: 'waiting',
    attempts: 0,
    createdAt: at,
    updatedAt: at,
    nextAttemptAt: at,
    schemaVersion: 1,
    agentId: 'agent-1',
    agentName: 'Mere',
    ...patch,
  }
}

async function photo(id: string, outboxId: string, bytes: number[]): Promise<OutboxPhoto> {
  const data = new Uint8Array(bytes)
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', data))
  return {
    id,
    outboxId,
    blob: new Blob([data], { type: 'image/webp' }),
    contentType: 'image/webp',
    size: data.byteLength,
    sha256: Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join(''),
    createdAt: at,
  }
}

describe('outbox export and import', () => {
  it('round-trips items and their photos byte for byte, ids (Idempotency-Keys) kept', async () => {
    const a = item('11111111-1111-4111-8111-111111111111', { photoIds: ['p1', 'p2'] })
    const b = item('22222222-2222-4222-8222-222222222222', { status: 'needsAttention', lastError: { status: 400, message: 'Please enter a valid email' }, postedAt: at })
    const photos = [await photo('p1', a.id, [1, 2, 3, 250]), await photo('p2', a.id, Array.from({ length: 70_000 }, (_, i) => i % 256))]
    const text = await serializeBackup([a, b], photos, at)
    expect(JSON.parse(text)).toMatchObject({ format: 'viti-farmers-outbox', version: 1, exportedAt: '2026-07-01T10:00:00.000Z' })

    const backup = await parseBackup(text)
    expect(backup.items.map((i) => i.id)).toEqual([a.id, b.id])
    expect(backup.items[1]).toMatchObject({ status: 'needsAttention', lastError: { status: 400, message: 'Please enter a valid email' }, postedAt: at, agentId: 'agent-1' })
    expect(backup.photos.map((p) => p.id)).toEqual(['p1', 'p2'])
    expect(new Uint8Array(await backup.photos[0]!.blob.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3, 250]))
    expect(backup.photos[1]!.size).toBe(70_000)
    expect(backup.photos[1]!.sha256).toBe(photos[1]!.sha256)
    expect(backup.photos[0]!.blob.type).toBe('image/webp')
  })

  it('leaves photos no item names out of the file', async () => {
    const a = item('11111111-1111-4111-8111-111111111111')
    const text = await serializeBackup([a], [await photo('stray', 'someone-else', [9])], at)
    expect((JSON.parse(text) as { photos: unknown[] }).photos).toEqual([])
  })

  it('an import adds only what this phone lacks: the same id is skipped, sent items are left out', async () => {
    const here = item('11111111-1111-4111-8111-111111111111')
    const fresh = item('22222222-2222-4222-8222-222222222222', { status: 'sending', photoIds: ['p'], nextAttemptAt: at + 60_000 })
    const sent = item('33333333-3333-4333-8333-333333333333', { status: 'sent' })
    const backup = await parseBackup(await serializeBackup([here, fresh, sent], [await photo('p', fresh.id, [7, 7])], at))
    const plan = planImport(backup, new Set([here.id]), at + 1000)
    expect(plan.skipped).toEqual([here.id])
    expect(plan.alreadySent).toEqual([sent.id])
    expect(plan.items).toHaveLength(1)
    // A half-sent item goes out again from this phone, at once, under the same key.
    expect(plan.items[0]).toMatchObject({ id: fresh.id, status: 'waiting', nextAttemptAt: at + 1000 })
    expect(plan.photos.map((p) => p.id)).toEqual(['p'])
    // Importing the same file again adds nothing.
    const again = planImport(backup, new Set([here.id, fresh.id]), at)
    expect(again.items).toEqual([])
    expect(again.skipped).toEqual([here.id, fresh.id])
  })

  it('refuses what is not an export, a newer version, a missing or damaged photo', async () => {
    await expect(parseBackup('not json')).rejects.toBeInstanceOf(BackupFormatError)
    await expect(parseBackup(JSON.stringify({ format: 'something-else' }))).rejects.toThrow('not a Viti Farmers outbox export')
    await expect(parseBackup(JSON.stringify({ format: 'viti-farmers-outbox', version: 2, items: [], photos: [] }))).rejects.toThrow('newer version')

    const a = item('11111111-1111-4111-8111-111111111111', { photoIds: ['p'] })
    const good = JSON.parse(await serializeBackup([a], [await photo('p', a.id, [1, 2, 3])], at)) as { photos: { data: string }[] }
    await expect(parseBackup(JSON.stringify({ ...good, photos: [] }))).rejects.toThrow('A photo of this export is missing')
    const damaged = { ...good, photos: [{ ...good.photos[0], data: toBase64(new Uint8Array([1, 2, 4])) }] }
    await expect(parseBackup(JSON.stringify(damaged))).rejects.toThrow('A photo of this export is damaged')
    const twice = { ...good, items: [a, a], photos: good.photos }
    await expect(parseBackup(JSON.stringify(twice))).rejects.toThrow('the same item twice')
  })

  it('base64 round-trips any bytes', () => {
    const bytes = Uint8Array.from({ length: 100_001 }, (_, i) => (i * 31) % 256)
    expect(fromBase64(toBase64(bytes))).toEqual(bytes)
  })
})

// ---- two phones, one server -------------------------------------------------------------------

const phones: { db: OutboxDatabase; engine: OutboxEngine }[] = []
afterEach(async () => {
  for (const { db, engine } of phones.splice(0)) {
    await engine.stop()
    db.close()
    await db.delete()
  }
})

function phone(server: FakeServer, clock: ManualClock) {
  const db = new OutboxDatabase(`backup-test-${crypto.randomUUID()}`)
  const engine = createOutboxEngine({
    db, fetch: server.fetch, getAuthToken: () => 'token-sefa', getSignedInAgentId: () => 'agent-sefa',
    now: clock.now, setTimer: clock.setTimer, random: () => 0.5, locks: createMemoryLocks(),
    onError: (error) => {
      throw error
    },
  })
  phones.push({ db, engine })
  return { db, engine }
}

describe('an item moved to another phone, with photos', () => {
  it('both phones end "sent" and the server holds one record, whichever phone uploaded first', async () => {
    const server = createFakeServer()
    server.tokens.set('token-sefa', 'agent-sefa')
    const clock = createManualClock()
    const original = phone(server, clock)
    const other = phone(server, clock)

    // Queued with no coverage, exported before any photo went up.
    const queued = await enqueue(original.db, {
      kind: 'dataAgentSignup', endpoint: '/api/data-agent/signup', payload: { name: 'Moved Farmer', phone: '7001234', cities: ['Nausori'] },
      photos: [new Blob([new Uint8Array([1, 2, 3])], { type: 'image/webp' }), new Blob([new Uint8Array([4, 5])], { type: 'image/webp' })],
      agent: { id: 'agent-sefa', name: 'Sefa' }, now: clock.now(),
    })
    const file = await serializeBackup(await listOutbox(original.db), await photosOf(original.db, queued), clock.now())
    const plan = planImport(await parseBackup(file), new Set(), clock.now())
    await other.db.outbox.bulkAdd(plan.items)
    await other.db.photos.bulkAdd(plan.photos)

    // The other phone sends first, with its own uploads.
    other.engine.start()
    await other.engine.idle()
    expect(await getItem(other.db, queued.id)).toMatchObject({ status: 'sent' })
    // The original phone then uploads the same photos under other paths and sends the same key.
    original.engine.start()
    await original.engine.idle()
    const originalCopy = await getItem(original.db, queued.id)
    expect(originalCopy).toMatchObject({ status: 'sent' })

    const records = server.log.filter((entry) => entry.kind === 'record')
    expect(records).toHaveLength(2)
    const [otherPaths, originalPaths] = records.map((entry) => (entry.body as { photoUrls: string[] }).photoUrls)
    expect(originalPaths).not.toEqual(otherPaths)
    expect(server.mismatches).toEqual([])
    expect(server.accepted).toHaveLength(1)
    expect(originalCopy!.response).toEqual({ status: 201, body: server.accepted[0]!.answer })
  })
})
