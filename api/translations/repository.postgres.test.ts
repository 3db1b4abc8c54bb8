// The corrections' storage on both databases: upsert by (locale, key), the version row moving with
// every write in the writer's transaction (and not at all when a transaction rolls back), and the
// status check refusing anything but drafted/reviewed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isConstraintViolation } from '../../db/dialect'
import { createTestDatabaseOn, DIALECTS, type AnyTestDatabase } from '../../db/testing'
import { deleteCorrection, saveCorrections, translationsRepository } from './repository'

describe.each(DIALECTS)('translation corrections on %s', (dialect) => {
  let t: AnyTestDatabase
  beforeAll(async () => {
    t = await createTestDatabaseOn(dialect)
  })
  afterAll(async () => {
    await t?.close()
  })

  it('upsert by language and key, moving the version once per write', async () => {
    const repository = translationsRepository(t.db)
    const start = await repository.version()
    await saveCorrections(t.db, 'fj', [{ key: 'app.a.b', message: 'Vosa', status: 'drafted' }, { key: 'app.c.d', message: 'Io', status: 'reviewed' }], 'Mere', new Date('2026-03-01T00:00:00.000Z'))
    expect(await repository.version()).toBe(start + 1)
    await saveCorrections(t.db, 'fj', [{ key: 'app.a.b', message: 'Vosa vou', status: 'reviewed' }], 'Jone')
    expect(await repository.version()).toBe(start + 2)
    expect(await repository.corrections('fj')).toEqual([
      { locale: 'fj', key: 'app.a.b', message: 'Vosa vou', status: 'reviewed', updatedAt: expect.stringMatching(/^\d{4}-.*Z$/), updatedBy: 'Jone' },
      { locale: 'fj', key: 'app.c.d', message: 'Io', status: 'reviewed', updatedAt: '2026-03-01T00:00:00.000Z', updatedBy: 'Mere' },
    ])
    expect(await repository.corrections('hif')).toEqual([])
  })

  it('delete one correction; deleting none moves nothing', async () => {
    const repository = translationsRepository(t.db)
    const start = await repository.version()
    expect(await deleteCorrection(t.db, 'fj', 'app.c.d')).toBe(true)
    expect(await deleteCorrection(t.db, 'fj', 'app.c.d')).toBe(false)
    expect(await repository.version()).toBe(start + 1)
    expect(await repository.correction('fj', 'app.c.d')).toBeUndefined()
  })

  it('roll back the correction and its version together', async () => {
    const repository = translationsRepository(t.db)
    const start = await repository.version()
    await expect(
      t.db.transaction().execute(async (trx) => {
        await saveCorrections(trx, 'hif', [{ key: 'app.x.y', message: 'Haan', status: 'drafted' }], null)
        throw new Error('audit failed')
      }),
    ).rejects.toThrow('audit failed')
    expect(await repository.version()).toBe(start)
    expect(await repository.corrections('hif')).toEqual([])
  })

  it('refuse a status other than drafted or reviewed', async () => {
    const error = await t.db
      .insertInto('translations')
      .values({ locale: 'fj', key: 'app.z.z', message: 'x', status: 'done' as 'drafted', updatedBy: null })
      .execute()
      .catch((e: unknown) => e)
    expect(isConstraintViolation(error, 'check')).toBe(true)
  })
})
