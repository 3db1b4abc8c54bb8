// Kysely access for the admin side of reference data: locations, produce categories and produce,
// and the name lists in other rows that follow a rename or a delete (farmers' cities and produce,
// produce's category). Those follow-ups are single SQL statements over the JSON text columns, so
// no farmer is loaded into JS.
import { sql, type Kysely } from 'kysely'
import type { Database } from '../../db/schema'

export type NamedTable = 'locations' | 'produce_categories'
type FarmerList = 'cities' | 'produce'

export function referenceAdminRepository(db: Kysely<Database>) {
  return {
    listNamed: (table: NamedTable) => db.selectFrom(table).selectAll().orderBy('name').execute(),
    findNamed: (table: NamedTable, id: number) => db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst(),
    findNamedByName: (table: NamedTable, name: string) =>
      db.selectFrom(table).selectAll().where(sql<boolean>`name = ${name} collate nocase`).executeTakeFirst(),
    insertNamed: async (table: NamedTable, row: { name: string; isActive: 0 | 1; createdAt: string; updatedAt: string }) => {
      const inserted = await db.insertInto(table).values(row).returning('id').executeTakeFirstOrThrow()
      return inserted.id
    },
    updateNamed: async (table: NamedTable, id: number, patch: { name?: string; isActive?: 0 | 1; updatedAt: string }) => {
      await db.updateTable(table).set(patch).where('id', '=', id).execute()
    },
    deleteNamed: async (table: NamedTable, id: number) => {
      await db.deleteFrom(table).where('id', '=', id).execute()
    },

    listProduce: () => db.selectFrom('produce').selectAll().orderBy('name').execute(),
    findProduce: (id: number) => db.selectFrom('produce').selectAll().where('id', '=', id).executeTakeFirst(),
    insertProduce: async (row: { name: string; category: string; isActive: 0 | 1; createdAt: string; updatedAt: string }) => {
      const inserted = await db.insertInto('produce').values(row).returning('id').executeTakeFirstOrThrow()
      return inserted.id
    },
    updateProduce: async (id: number, patch: { name?: string; category?: string; isActive?: 0 | 1; updatedAt: string }) => {
      await db.updateTable('produce').set(patch).where('id', '=', id).execute()
    },
    deleteProduce: async (id: number) => {
      await db.deleteFrom('produce').where('id', '=', id).execute()
    },

    /** Produce of a category get `to` as their category ('' clears it). Returns how many changed. */
    async recategorise(from: string, to: string, updatedAt: string): Promise<number> {
      const result = await db
        .updateTable('produce')
        .set({ category: to, updatedAt })
        .where(sql<boolean>`category = ${from} collate nocase`)
        .executeTakeFirst()
      return Number(result.numUpdatedRows)
    },

    /**
     * Rewrites one JSON list column of every farmer naming `from`: the entry is renamed to `to`, or
     * dropped when `to` is null. Order of the other entries is kept. Returns how many farmers changed.
     */
    async rewriteFarmerLists(column: FarmerList, from: string, to: string | null, updatedAt: string): Promise<number> {
      const col = sql.ref(column)
      const names = to === null
        ? sql`(select json_group_array(value) from (select value from json_each(farmers.${col}) where lower(value) <> lower(${from}) order by key))`
        : sql`(select json_group_array(case when lower(value) = lower(${from}) then ${to} else value end) from (select value from json_each(farmers.${col}) order by key))`
      const result = await sql`
        update farmers set ${col} = ${names}, "updatedAt" = ${updatedAt}
        where exists (select 1 from json_each(farmers.${col}) where lower(value) = lower(${from}))
      `.execute(db)
      return Number(result.numAffectedRows ?? 0n)
    },
  }
}
