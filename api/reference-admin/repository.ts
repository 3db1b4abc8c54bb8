// Kysely access for the admin side of reference data: locations, produce categories and produce,
// and the name lists in other rows that follow a rename or a delete (farmers' cities and produce,
// produce's category). Those follow-ups are single SQL statements over the JSON text columns, so
// no farmer is loaded into JS.
import { sql, type Kysely } from 'kysely'
import { portable } from '../../db/dialect'
import type { Database } from '../../db/schema'

export type NamedTable = 'locations' | 'produce_categories'
type FarmerList = 'cities' | 'produce'

export function referenceAdminRepository(db: Kysely<Database>) {
  const p = portable(db)
  return {
    // Names are unique ignoring case, and listed that way (SQLite's NOCASE column, lower() on PostgreSQL).
    listNamed: (table: NamedTable) => db.selectFrom(table).selectAll().orderBy(p.caselessOrder('name')).execute(),
    findNamed: (table: NamedTable, id: number) => db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst(),
    findNamedByName: (table: NamedTable, name: string) =>
      db.selectFrom(table).selectAll().where(p.caselessEquals('name', name)).executeTakeFirst(),
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

    listProduce: () => db.selectFrom('produce').selectAll().orderBy(p.caselessOrder('name')).execute(),
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
        .where(p.caselessEquals('category', from))
        .executeTakeFirst()
      return Number(result.numUpdatedRows)
    },

    /**
     * Rewrites one JSON list column of every farmer naming `from`: the entry is renamed to `to`, or
     * dropped when `to` is null. Order of the other entries is kept. Returns how many farmers changed.
     */
    async rewriteFarmerLists(column: FarmerList, from: string, to: string | null, updatedAt: string): Promise<number> {
      const list = `farmers.${column}`
      const named = p.caselessEquals('e.value', from)
      const names = to === null
        ? sql`(select ${p.jsonListAgg('e.value', 'e.position')} from ${p.jsonListValues(list, 'e')} where not ${named})`
        : sql`(select ${p.jsonListAgg(sql<string>`case when ${named} then cast(${to} as text) else e.value end`, 'e.position')} from ${p.jsonListValues(list, 'e')})`
      const result = await sql`
        update farmers set ${sql.ref(column)} = ${names}, "updatedAt" = ${updatedAt}
        where exists (select 1 from ${p.jsonListValues(list, 'e')} where ${named})
      `.execute(db)
      return Number(result.numAffectedRows ?? 0n)
    },

    /**
     * Renames `from` to `to` in one JSON list column of every pending signup: approval copies the
     * lists into the farmer, who must be listed under the name the town or produce has now. Decided
     * signups are history and keep what was sent. Returns how many signups changed.
     */
    async renameInPendingSignups(column: FarmerList, from: string, to: string): Promise<number> {
      const list = `farmer_signups.${column}`
      const named = p.caselessEquals('e.value', from)
      const names = sql`(select ${p.jsonListAgg(sql<string>`case when ${named} then cast(${to} as text) else e.value end`, 'e.position')} from ${p.jsonListValues(list, 'e')})`
      const result = await sql`
        update farmer_signups set ${sql.ref(column)} = ${names}
        where status = 'pending' and exists (select 1 from ${p.jsonListValues(list, 'e')} where ${named})
      `.execute(db)
      return Number(result.numAffectedRows ?? 0n)
    },
  }
}
