// The version rows read before every cached answer: the committed version, a write seen at once, and
// never a version a transaction still holds open (it may yet roll back). Both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabaseOn, DIALECTS, type AnyTestDatabase } from './testing'
import { versionReader } from './version-rows'

describe.each(DIALECTS)('on %s', (dialect) => {
  let t: AnyTestDatabase
  beforeAll(async () => {
    t = await createTestDatabaseOn(dialect)
    await t.db.insertInto('farmers').values({ id: 'farm-1', name: 'Versioned Farm', phone: '1', isActive: 1 }).execute()
  })
  afterAll(async () => {
    await t?.close()
  })

  const stored = async () => (await t.db.selectFrom('directory_version').select('version').executeTakeFirstOrThrow()).version
  const rename = (name: string) => t.db.updateTable('farmers').set({ name }).where('id', '=', 'farm-1').execute()

  it('reads the stored version, and a write at once', async () => {
    const version = versionReader(t.db, 'directory_version')
    expect(await version()).toBe(await stored())
    const before = await version()
    await rename('Renamed once')
    expect(await version()).toBe(before + 1)
    expect(await versionReader(t.db, 'farm_review_version')()).toBe((await t.db.selectFrom('farm_review_version').select('version').executeTakeFirstOrThrow()).version)
  })

  it('never answers a version a transaction has not committed: one rolled back is never seen', async () => {
    const version = versionReader(t.db, 'directory_version')
    const before = await version()
    let readInside: Promise<number> | undefined
    const rolledBack = t.db.transaction().execute(async (trx) => {
      await trx.updateTable('farmers').set({ name: 'Never kept' }).where('id', '=', 'farm-1').execute()
      readInside = version()
      throw new Error('rolled back')
    })
    await expect(rolledBack).rejects.toThrow('rolled back')
    expect(await readInside).toBe(before)
    expect(await version()).toBe(before)
  })

  it('reads a committed transaction\'s version once it commits', async () => {
    const version = versionReader(t.db, 'directory_version')
    const before = await version()
    let readInside: Promise<number> | undefined
    await t.db.transaction().execute(async (trx) => {
      await trx.updateTable('farmers').set({ name: 'Kept' }).where('id', '=', 'farm-1').execute()
      readInside = version()
    })
    // Read while the transaction was open: the version before it, or (SQLite, queued behind it) after.
    expect([before, before + 1]).toContain(await readInside)
    expect(await version()).toBe(before + 1)
  })

  it('answers 0 when the row is missing', async () => {
    await t.db.deleteFrom('translation_version').execute()
    expect(await versionReader(t.db, 'translation_version')()).toBe(0)
  })
})
