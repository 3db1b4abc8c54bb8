import { afterEach, describe, expect, it } from 'vitest'
import { OutboxDatabase } from './db'
import { readReference, refreshReference } from './reference'

const opened: OutboxDatabase[] = []
function openDatabase(): OutboxDatabase {
  const db = new OutboxDatabase(`reference-test-${crypto.randomUUID()}`)
  opened.push(db)
  return db
}
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete()
})

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const lists: Record<string, unknown> = {
  '/api/locations': [{ id: 1, name: 'Nausori' }, { id: 2, name: 'Suva' }],
  '/api/produce': [{ id: 1, name: 'Dalo', category: 'Root crops' }],
  '/api/public/expert-fields': [{ id: 1, name: 'Soil Science', isDefault: true }],
}

describe('reference lists', () => {
  it('stores every list with when it was fetched', async () => {
    const db = openDatabase()
    const result = await refreshReference(db, async (url) => json(lists[url]), { now: () => 5_000 })
    expect(result).toEqual({ updated: ['locations', 'produce', 'expertFields'], failed: [] })
    expect(await readReference(db, 'locations')).toEqual({ key: 'locations', items: lists['/api/locations'], updatedAt: 5_000 })
    expect((await readReference(db, 'expertFields'))?.items).toEqual(lists['/api/public/expert-fields'])
  })

  it('keeps the old copy when a fetch fails or answers something odd', async () => {
    const db = openDatabase()
    await refreshReference(db, async (url) => json(lists[url]), { now: () => 1_000 })
    const result = await refreshReference(db, async (url) => {
      if (url === '/api/locations') throw new TypeError('Failed to fetch')
      if (url === '/api/produce') return new Response('<html>Wi-Fi login</html>', { status: 200, headers: { 'content-type': 'text/html' } })
      return json({ message: 'Internal server error' }, 500)
    }, { now: () => 2_000 })
    expect(result).toEqual({ updated: [], failed: ['locations', 'produce', 'expertFields'] })
    expect(await readReference(db, 'locations')).toMatchObject({ items: lists['/api/locations'], updatedAt: 1_000 })
    expect(await readReference(db, 'produce')).toMatchObject({ updatedAt: 1_000 })
  })

  it('answers undefined before the first refresh', async () => {
    expect(await readReference(openDatabase(), 'produce')).toBeUndefined()
  })
})
