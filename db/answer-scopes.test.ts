// Migration 0005, on both databases: a farm review moves the farm reviews' version only, so the
// directory's cached answers (keyed on directory_version) survive a flood of public reviews; the
// analytics counters start from the page views already stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabaseOn, DIALECTS, type AnyTestDatabase } from './testing'

describe.each(DIALECTS)('on %s', (dialect) => {
  let t: AnyTestDatabase
  beforeAll(async () => {
    t = await createTestDatabaseOn(dialect)
  })
  afterAll(async () => {
    await t?.close()
  })

  const versions = async () => ({
    directory: (await t.db.selectFrom('directory_version').select('version').executeTakeFirstOrThrow()).version,
    farmReviews: (await t.db.selectFrom('farm_review_version').select('version').executeTakeFirstOrThrow()).version,
  })

  it('a farm review written, changed or deleted moves farm_review_version, never directory_version', async () => {
    await t.db.insertInto('farmers').values({ id: 'farm-1', name: 'Reviewed Farm', phone: '1', isActive: 1 }).execute()
    const before = await versions()
    await t.db.insertInto('farm_reviews').values({ id: 'r1', farmId: 'farm-1', rating: 4, comment: 'Good' }).execute()
    await t.db.updateTable('farm_reviews').set({ rating: 5 }).where('id', '=', 'r1').execute()
    await t.db.deleteFrom('farm_reviews').where('id', '=', 'r1').execute()
    expect(await versions()).toEqual({ directory: before.directory, farmReviews: before.farmReviews + 3 })
  })

  it('a farmer write still moves directory_version', async () => {
    const before = await versions()
    await t.db.updateTable('farmers').set({ name: 'Renamed Farm' }).where('id', '=', 'farm-1').execute()
    expect((await versions()).directory).toBeGreaterThan(before.directory)
  })

  it('analytics_totals holds one row of counters', async () => {
    expect(await t.db.selectFrom('analytics_totals').selectAll().execute()).toEqual([{ id: 1, pageViews: 0, visitors: 0 }])
  })
})
