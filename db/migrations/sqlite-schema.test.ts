// Shipped migrations never change what they do to an SQLite database in the field. Writing them for
// PostgreSQL too (ddl.ts) must leave SQLite's schema as it was: this file holds sqlite_master as
// 0001–0004 created it before they learned PostgreSQL, and compares every statement with it.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Migrator } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { SqliteHandle } from '../connection'
import { createTestDatabaseOn, type AnyTestDatabase } from '../testing'
import { migrations } from './index'

const SHIPPED = path.join(path.dirname(fileURLToPath(import.meta.url)), 'sqlite-schema-0001-0004.json')

let t: AnyTestDatabase & SqliteHandle
beforeAll(async () => {
  t = (await createTestDatabaseOn('sqlite', { migrate: false })) as AnyTestDatabase & SqliteHandle
})
afterAll(async () => {
  await t.close()
})

it('0001–0004 create, statement for statement, the SQLite schema they shipped with', async () => {
  const { error } = await new Migrator({ db: t.db, provider: { getMigrations: async () => migrations } }).migrateTo('0004-farm-review-ratings')
  expect(error).toBeUndefined()
  const schema = t.sqlite.prepare("select type, name, tbl_name, sql from sqlite_master where name not like 'kysely_%' order by type, name").all()
  expect(schema).toEqual(JSON.parse(fs.readFileSync(SHIPPED, 'utf8')))
})
