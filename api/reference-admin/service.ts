// Admin rules for reference data (spec 001 §2, /admin/produce, /admin/categories, /admin/locations):
// unique names (409), produce categories chosen from the category list, and what a rename or a
// delete means for the rows that carry the name as text. A deleted location leaves every farmer's
// cities, a deleted category leaves its produce (Uncategorized); a rename follows into them. Each
// change, its follow-ups and its audit row commit in one transaction (staffWrite).
import type { Kysely } from 'kysely'
import { isConstraintViolation } from '../../db/dialect'
import type { Database, LocationRow, ProduceRow } from '../../db/schema'
import { staffWrite, type Actor, type Tx } from '../audit/staff-write'
import {
  messages,
  type Location,
  type LocationCreate,
  type LocationUpdate,
  type ProduceCreate,
  type ProduceItem,
  type ProduceUpdate,
} from '../contract'
import { HttpError } from '../errors'
import { referenceAdminRepository, type NamedTable } from './repository'

const m = messages.reference
const notFound = () => new HttpError(404, messages.common.notFound)
const nameTaken = () => new HttpError(409, m.nameTaken)

const toNamed = (row: LocationRow): Location => ({ ...row, isActive: row.isActive === 1 })
const toProduce = (row: ProduceRow): ProduceItem => ({ ...row, isActive: row.isActive === 1 })
const flag = (value: boolean): 0 | 1 => (value ? 1 : 0)

/** Names are unique without regard to case (a unique index ignoring case): a clash is a clear 409. */
async function uniqueNames<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (isConstraintViolation(error, 'unique')) throw nameTaken()
    throw error
  }
}

/** What the trail shows for an edit: "name: Suva → Suva City; isActive: true → false". */
function describeChanges(before: Record<string, unknown>, patch: Record<string, unknown>): string {
  const changes = Object.keys(patch)
    .filter((key) => patch[key] !== undefined && patch[key] !== before[key])
    .map((key) => `${key}: ${String(before[key] === '' ? '(none)' : before[key])} → ${String(patch[key] === '' ? '(none)' : patch[key])}`)
  return changes.length ? changes.join('; ') : 'No changes'
}

interface NamedKind {
  table: NamedTable
  noun: 'location' | 'category'
  /** What follows a rename or a delete of this name, inside the same transaction. */
  follow(trx: Tx, from: string, to: string | null, now: string): Promise<Record<string, number>>
}

const locationKind: NamedKind = {
  table: 'locations',
  noun: 'location',
  follow: async (trx, from, to, now) => ({
    farmersChanged: await referenceAdminRepository(trx).rewriteFarmerLists('cities', from, to, now),
    ...(to !== null && { pendingSignupsChanged: await referenceAdminRepository(trx).renameInPendingSignups('cities', from, to) }),
  }),
}

const categoryKind: NamedKind = {
  table: 'produce_categories',
  noun: 'category',
  follow: async (trx, from, to, now) => ({ produceChanged: await referenceAdminRepository(trx).recategorise(from, to ?? '', now) }),
}

function namedService(db: Kysely<Database>, kind: NamedKind) {
  return {
    list: async (): Promise<Location[]> => (await referenceAdminRepository(db).listNamed(kind.table)).map(toNamed),

    create: (actor: Actor, input: LocationCreate): Promise<Location> =>
      uniqueNames(() =>
        staffWrite(db, actor, async (trx) => {
          const repository = referenceAdminRepository(trx)
          if (await repository.findNamedByName(kind.table, input.name)) throw nameTaken()
          const now = new Date().toISOString()
          const id = await repository.insertNamed(kind.table, { name: input.name, isActive: flag(input.isActive), createdAt: now, updatedAt: now })
          const created = toNamed((await repository.findNamed(kind.table, id))!)
          return { result: created, audit: { action: `create_${kind.noun}`, targetType: kind.noun, targetId: id, targetName: created.name, details: { isActive: created.isActive } } }
        }),
      ),

    update: (actor: Actor, id: number, patch: LocationUpdate): Promise<Location> =>
      uniqueNames(() =>
        staffWrite(db, actor, async (trx) => {
          const repository = referenceAdminRepository(trx)
          const row = await repository.findNamed(kind.table, id)
          if (!row) throw notFound()
          const before = toNamed(row)
          if (patch.name !== undefined) {
            const holder = await repository.findNamedByName(kind.table, patch.name)
            if (holder && holder.id !== id) throw nameTaken()
          }
          const now = new Date().toISOString()
          await repository.updateNamed(kind.table, id, {
            ...(patch.name !== undefined && { name: patch.name }),
            ...(patch.isActive !== undefined && { isActive: flag(patch.isActive) }),
            updatedAt: now,
          })
          const renamed = patch.name !== undefined && patch.name !== before.name
          const followed = renamed ? await kind.follow(trx, before.name, patch.name!, now) : {}
          const after = toNamed((await repository.findNamed(kind.table, id))!)
          const details = describeChanges(before, patch) + Object.entries(followed).map(([key, n]) => `; ${key}: ${n}`).join('')
          return { result: after, audit: { action: `update_${kind.noun}`, targetType: kind.noun, targetId: id, targetName: after.name, details } }
        }),
      ),

    remove: (actor: Actor, id: number): Promise<void> =>
      staffWrite(db, actor, async (trx) => {
        const repository = referenceAdminRepository(trx)
        const row = await repository.findNamed(kind.table, id)
        if (!row) throw notFound()
        await repository.deleteNamed(kind.table, id)
        const followed = await kind.follow(trx, row.name, null, new Date().toISOString())
        return { result: undefined, audit: { action: `delete_${kind.noun}`, targetType: kind.noun, targetId: id, targetName: row.name, details: followed } }
      }),
  }
}

/** A produce category must be one of the listed categories; '' (or none) means Uncategorized. */
async function canonicalCategory(trx: Tx, category: string | undefined): Promise<string | undefined> {
  if (category === undefined || category === '') return category
  const found = await referenceAdminRepository(trx).findNamedByName('produce_categories', category)
  if (!found) throw new HttpError(400, m.categoryUnknown, [{ path: 'category', message: m.categoryUnknown }])
  return found.name
}

function produceService(db: Kysely<Database>) {
  return {
    list: async (): Promise<ProduceItem[]> => (await referenceAdminRepository(db).listProduce()).map(toProduce),

    create: (actor: Actor, input: ProduceCreate): Promise<ProduceItem> =>
      uniqueNames(() =>
        staffWrite(db, actor, async (trx) => {
          const repository = referenceAdminRepository(trx)
          const category = (await canonicalCategory(trx, input.category)) ?? ''
          const now = new Date().toISOString()
          const id = await repository.insertProduce({ name: input.name, category, isActive: flag(input.isActive), createdAt: now, updatedAt: now })
          const created = toProduce((await repository.findProduce(id))!)
          return {
            result: created,
            audit: { action: 'create_produce', targetType: 'produce', targetId: id, targetName: created.name, details: { category: created.category || null, isActive: created.isActive } },
          }
        }),
      ),

    update: (actor: Actor, id: number, patch: ProduceUpdate): Promise<ProduceItem> =>
      uniqueNames(() =>
        staffWrite(db, actor, async (trx) => {
          const repository = referenceAdminRepository(trx)
          const row = await repository.findProduce(id)
          if (!row) throw notFound()
          const before = toProduce(row)
          const category = await canonicalCategory(trx, patch.category)
          const now = new Date().toISOString()
          await repository.updateProduce(id, {
            ...(patch.name !== undefined && { name: patch.name }),
            ...(category !== undefined && { category }),
            ...(patch.isActive !== undefined && { isActive: flag(patch.isActive) }),
            updatedAt: now,
          })
          // Farmers and pending signups list their produce by name: a rename follows into their lists.
          const renamed = patch.name !== undefined && patch.name !== before.name
          const farmersChanged = renamed ? await repository.rewriteFarmerLists('produce', before.name, patch.name!, now) : 0
          const pendingSignupsChanged = renamed ? await repository.renameInPendingSignups('produce', before.name, patch.name!) : 0
          const after = toProduce((await repository.findProduce(id))!)
          const details = describeChanges(before, { ...patch, category }) + (renamed ? `; farmersChanged: ${farmersChanged}; pendingSignupsChanged: ${pendingSignupsChanged}` : '')
          return { result: after, audit: { action: 'update_produce', targetType: 'produce', targetId: id, targetName: after.name, details } }
        }),
      ),

    remove: (actor: Actor, id: number): Promise<void> =>
      staffWrite(db, actor, async (trx) => {
        const repository = referenceAdminRepository(trx)
        const row = await repository.findProduce(id)
        if (!row) throw notFound()
        await repository.deleteProduce(id)
        return { result: undefined, audit: { action: 'delete_produce', targetType: 'produce', targetId: id, targetName: row.name, details: { category: row.category || null } } }
      }),
  }
}

export function referenceAdminService(db: Kysely<Database>) {
  return { locations: namedService(db, locationKind), categories: namedService(db, categoryKind), produce: produceService(db) }
}
