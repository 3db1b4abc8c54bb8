// Kysely access to farmers and their payments. Filters run in SQL (LIKE, the city/produce pairs, julianday) so a
// list page never loads every farmer; rows are converted to the contract's shapes at this boundary.
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely'
import { portable, type PortableSql } from '../../db/dialect'
import type { Database, FarmerPaymentsTable, FarmersTable } from '../../db/schema'
import type { AdminFarmer, AdminFarmerSort, FarmerPayment, FarmerStatusFilter } from '../contract'
import type { Selectable, Insertable, Updateable } from 'kysely'
import { addDays, displayStatus, fijiMidnightIso, isInTrialOn } from './subscription-rules'
import { FOLLOW_UP_AFTER_DAYS } from '../contract/subscription-terms'

export type FarmerRow = Selectable<FarmersTable>
const list = (json: string): string[] => JSON.parse(json) as string[]

export function toAdminFarmer(row: FarmerRow, today: string): AdminFarmer {
  const isActive = row.isActive === 1
  const includeInCosting = row.includeInCosting === 1
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    website: row.website,
    town: row.town,
    tikina: row.tikina,
    cities: list(row.cities),
    produce: list(row.produce),
    comments: row.comments,
    photoUrls: list(row.photoUrls),
    subscriptionStart: row.subscriptionStart,
    subscriptionEnd: row.subscriptionEnd,
    isActive,
    includeInCosting,
    isPremium: row.isPremium === 1,
    isBulk: row.isBulk === 1,
    deliveryAvailable: row.deliveryAvailable === 1,
    // In a trial today, as the trial list says: the flag stays set after the trial's end date.
    isTrialActive: isInTrialOn(row, today),
    trialStartDate: row.trialStartDate,
    trialEndDate: row.trialEndDate,
    createdAt: row.createdAt,
    displayStatus: displayStatus({ isActive, includeInCosting, subscriptionStart: row.subscriptionStart, subscriptionEnd: row.subscriptionEnd }, today),
    isDemo: row.isDemo === 1,
  }
}

export function toFarmerPayment(row: Selectable<FarmerPaymentsTable>): FarmerPayment {
  return { ...row, isDemo: row.isDemo === 1 }
}

export interface FarmerFilters {
  search?: string
  status?: FarmerStatusFilter
  city?: string
  produce?: string
  sort?: AdminFarmerSort
}

/** Rows one export query reads: small enough that a chunk never holds the server for long. */
export const EXPORT_CHUNK_ROWS = 250

type SortColumn = 'name' | 'createdAt'
const sortOf = (sort: AdminFarmerSort = 'name'): { column: SortColumn; direction: 'asc' | 'desc' } =>
  sort.startsWith('-') ? { column: sort.slice(1) as SortColumn, direction: 'desc' } : { column: sort as SortColumn, direction: 'asc' }

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * The status filter in SQL, equal to displayStatus(): stored dates are ISO instants or bare dates;
 * julianday() reads both, and a bare date (UTC midnight = Fiji noon) falls inside its own Fiji day,
 * so comparing with the instant a Fiji day begins gives the calendar comparison.
 */
/** julianday() of a column or an ISO value, on either database. */
const julianWith = (p: PortableSql) => (value: Expression<string | null> | string) => p.julianDay(typeof value === 'string' ? sql.val(value) : value)

function statusFilter(eb: ExpressionBuilder<Database, 'farmers'>, status: FarmerStatusFilter, today: string, p: PortableSql): Expression<SqlBool> {
  const julian = julianWith(p)
  const todayStart = fijiMidnightIso(today)
  const tomorrowStart = fijiMidnightIso(addDays(today, 1))
  const hasDates = eb.and([eb('subscriptionStart', 'is not', null), eb('subscriptionEnd', 'is not', null)])
  const endsBefore = (instant: string) => eb(julian(eb.ref('subscriptionEnd')), '<', julian(instant))
  switch (status) {
    case 'active':
      return eb.and([
        hasDates,
        eb('isActive', '=', 1),
        eb(julian(eb.ref('subscriptionStart')), '<', julian(tomorrowStart)),
        eb(julian(eb.ref('subscriptionEnd')), '>=', julian(todayStart)),
      ])
    case 'expired':
      return eb.and([hasDates, endsBefore(todayStart)])
    case 'followup':
      return eb.and([hasDates, endsBefore(fijiMidnightIso(addDays(today, -FOLLOW_UP_AFTER_DAYS)))])
    default:
      return eb.lit(true) as unknown as Expression<SqlBool>
  }
}

export function farmersRepository(db: Kysely<Database>) {
  const p = portable(db)
  const julian = julianWith(p)
  // The three lists behind the dashboard cards, each a page at a time with its cards counted in SQL.
  const startsAfter = (today: string) =>
    db.selectFrom('farmers').where('subscriptionStart', 'is not', null).where(julian(sql.ref('subscriptionStart')), '>=', julian(fijiMidnightIso(addDays(today, 1))))
  const endsBefore = (today: string) =>
    db.selectFrom('farmers').where('subscriptionEnd', 'is not', null).where(julian(sql.ref('subscriptionEnd')), '<', julian(fijiMidnightIso(today)))
  const inTrial = () => db.selectFrom('farmers').where((eb) => eb.or([eb('isTrialActive', '=', 1), eb('trialStartDate', 'is not', null)]))
  const filtered = (filters: FarmerFilters, today: string) =>
    db.selectFrom('farmers').where((eb) => {
      const conditions: Expression<SqlBool>[] = []
      if (filters.search) {
        const pattern = likePattern(filters.search)
        const like = (column: 'name' | 'phone' | 'email' | 'town' | 'tikina') => p.caselessLike(column, pattern)
        conditions.push(
          eb.or([
            like('name'),
            like('phone'),
            like('email'),
            like('town'),
            like('tikina'),
            sql<SqlBool>`exists (select 1 from ${p.jsonListValues('farmers.cities', 'c')} where ${p.caselessLike('c.value', pattern)})`,
          ]),
        )
      }
      // The pairs the triggers of migration 0002 keep, read from their (key, …) index: the count of one
      // city's farmers reads that city's pairs, not every farmer.
      if (filters.city) conditions.push(sql<SqlBool>`farmers.id in (select c."farmerId" from farmer_cities as c where c."cityKey" = lower(trim(cast(${filters.city} as text))))`)
      if (filters.produce) conditions.push(sql<SqlBool>`farmers.id in (select p."farmerId" from farmer_produce as p where p."produceKey" = lower(trim(cast(${filters.produce} as text))))`)
      if (filters.status && filters.status !== 'all') conditions.push(statusFilter(eb, filters.status, today, p))
      return eb.and(conditions)
    })

  /** The filters in the chosen order, the id breaking ties (indexes of migration 0005). */
  const ordered = (filters: FarmerFilters, today: string) => {
    const { column, direction } = sortOf(filters.sort)
    return filtered(filters, today).selectAll().orderBy(column, direction).orderBy('id', direction)
  }

  return {
    /** One page and the number of farmers matching the filters. */
    async page(filters: FarmerFilters, page: { offset: number; limit: number }, today: string): Promise<{ rows: FarmerRow[]; total: number }> {
      const rows = await ordered(filters, today).limit(page.limit).offset(page.offset).execute()
      const { count } = await filtered(filters, today).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()
      return { rows, total: Number(count) }
    },
    /**
     * Every matching farmer in order, one short query per chunk: each continues after the last row
     * of the one before (keyset), so no chunk holds the connection for a whole export, a deep chunk
     * costs what the first does, and farmers added or deleted meanwhile never make others skip or repeat.
     */
    async *chunks(filters: FarmerFilters, today: string, size = EXPORT_CHUNK_ROWS): AsyncGenerator<FarmerRow[]> {
      const { column, direction } = sortOf(filters.sort)
      const after = direction === 'asc' ? '>' : '<'
      let last: FarmerRow | undefined
      for (;;) {
        let query = ordered(filters, today).limit(size)
        if (last) {
          const { id, [column]: value } = last
          // A row-value comparison: SQLite and PostgreSQL both read it as a range of the (column, id) index.
          query = query.where((eb) => eb(eb.refTuple(column, 'id'), after, eb.tuple(value, id)))
        }
        const rows = await query.execute()
        if (rows.length > 0) yield rows
        if (rows.length < size) return
        last = rows[rows.length - 1]
      }
    },
    /** One page of every farmer by name (the id breaking ties, index of migration 0005), and the count of them all. */
    async byName(page: { offset: number; limit: number }): Promise<{ rows: FarmerRow[]; total: number }> {
      const rows = await db.selectFrom('farmers').selectAll().orderBy('name').orderBy('id').limit(page.limit).offset(page.offset).execute()
      const { count } = await db.selectFrom('farmers').select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow()
      return { rows, total: Number(count) }
    },
    find: (id: string) => db.selectFrom('farmers').selectAll().where('id', '=', id).executeTakeFirst(),
    findIdByEmail: (email: string) => db.selectFrom('farmers').select(['id']).where(p.caselessEquals('email', email)).executeTakeFirst(),
    insert: (row: Insertable<FarmersTable>) => db.insertInto('farmers').values(row).execute(),
    update: (id: string, patch: Updateable<FarmersTable>) => db.updateTable('farmers').set(patch).where('id', '=', id).execute(),
    /**
     * Takes the farmer's row for the rest of the transaction (a write that changes nothing): a
     * colleague's edit of the same farmer (any server) waits until this one commits, then reads it.
     */
    take: async (id: string) => Number((await db.updateTable('farmers').set((eb) => ({ updatedAt: eb.ref('updatedAt') })).where('id', '=', id).executeTakeFirst()).numUpdatedRows) === 1,
    /** Starts a trial unless the farmer's trial changed since `seen` was read; false then (or when the farmer is gone). */
    startTrial: async (id: string, seen: Pick<FarmerRow, 'isTrialActive' | 'trialStartDate'>, patch: Updateable<FarmersTable>) =>
      Number(
        (
          await db
            .updateTable('farmers')
            .set(patch)
            .where('id', '=', id)
            .where('isTrialActive', '=', seen.isTrialActive)
            .where('trialStartDate', seen.trialStartDate === null ? 'is' : '=', seen.trialStartDate)
            .executeTakeFirst()
        ).numUpdatedRows,
      ) === 1,
    /** False when there was no such farmer (any more). */
    delete: async (id: string) => Number((await db.deleteFrom('farmers').where('id', '=', id).executeTakeFirst()).numDeletedRows) === 1,
    // Ties on a date go by name, then id: a page reads the same on both databases (ids are random).
    /** One page of the farmers whose start lies after today (Fiji), soonest first: the active-pending list. */
    startingAfter: (today: string, page: { offset: number; limit: number }) =>
      startsAfter(today).selectAll().orderBy('subscriptionStart').orderBy('name').orderBy('id').limit(page.limit).offset(page.offset).execute(),
    /** The active-pending cards: every pending activation, those within 7 days and within 1 day. */
    startingAfterCounts: async (today: string) => {
      const row = await startsAfter(today)
        .select((eb) => [
          eb.fn.countAll<number | string>().as('total'),
          sql<number | string>`count(case when ${julian(sql.ref('subscriptionStart'))} < ${julian(fijiMidnightIso(addDays(today, 8)))} then 1 end)`.as('thisWeek'),
          sql<number | string>`count(case when ${julian(sql.ref('subscriptionStart'))} < ${julian(fijiMidnightIso(addDays(today, 2)))} then 1 end)`.as('tomorrow'),
        ])
        .executeTakeFirstOrThrow()
      return { total: Number(row.total), thisWeek: Number(row.thisWeek), tomorrow: Number(row.tomorrow) }
    },
    /** One page of the farmers whose end date has passed (Fiji), most recently ended first: the expired list. */
    endedBefore: (today: string, page: { offset: number; limit: number }) =>
      endsBefore(today).selectAll().orderBy('subscriptionEnd', 'desc').orderBy('name').orderBy('id').limit(page.limit).offset(page.offset).execute(),
    /** The expired cards: ended 30 days ago or fewer, 31 to 90, over 90 (days since the end, as the list counts them). */
    endedBeforeCounts: async (today: string) => {
      const since = (days: number) => julian(fijiMidnightIso(addDays(today, -days)))
      const end = julian(sql.ref('subscriptionEnd'))
      const row = await endsBefore(today)
        .select((eb) => [
          eb.fn.countAll<number | string>().as('total'),
          sql<number | string>`count(case when ${end} >= ${since(30)} then 1 end)`.as('recent'),
          sql<number | string>`count(case when ${end} < ${since(30)} and ${end} >= ${since(90)} then 1 end)`.as('long'),
        ])
        .executeTakeFirstOrThrow()
      const total = Number(row.total)
      return { total, recent: Number(row.recent), long: Number(row.long), veryLong: total - Number(row.recent) - Number(row.long) }
    },
    /** One page of the farmers in trial (or once in trial), latest start first. */
    inTrial: (page: { offset: number; limit: number }) =>
      inTrial().selectAll().orderBy('trialStartDate', (ob) => ob.desc().nullsLast()).orderBy('name').orderBy('id').limit(page.limit).offset(page.offset).execute(),
    /** The trial cards: active trials (flag on, end date today or later in Fiji) and the rest. */
    inTrialCounts: async (today: string) => {
      const row = await inTrial()
        .select((eb) => [
          eb.fn.countAll<number | string>().as('total'),
          sql<number | string>`count(case when "isTrialActive" = 1 and "trialEndDate" is not null and ${julian(sql.ref('trialEndDate'))} >= ${julian(fijiMidnightIso(today))} then 1 end)`.as('active'),
        ])
        .executeTakeFirstOrThrow()
      const total = Number(row.total)
      return { total, active: Number(row.active), expired: total - Number(row.active) }
    },
    /**
     * The dashboard's counts on Fiji date `today`: every farmer, subscriptions active (flagged, today
     * within the dates), pending (starting after today) and expired (ended before today) — the
     * statusFilter rules. On SQLite a piece of the table per query (tableChunks), the thread free between.
     */
    async subscriptionCounts(today: string, chunkRows = 5_000): Promise<{ total: number; active: number; pending: number; expired: number }> {
      const [todayStart, tomorrowStart] = [julian(fijiMidnightIso(today)), julian(fijiMidnightIso(addDays(today, 1)))]
      const [start, end] = [julian(sql.ref('subscriptionStart')), julian(sql.ref('subscriptionEnd'))]
      const counts = { total: 0, active: 0, pending: 0, expired: 0 }
      for (const chunk of await p.tableChunks(db, 'farmers', chunkRows)) {
        const { rows } = await sql<Record<keyof typeof counts, number | string>>`select count(*) as total,
            count(case when "isActive" = 1 and "subscriptionStart" is not null and "subscriptionEnd" is not null and ${start} < ${tomorrowStart} and ${end} >= ${todayStart} then 1 end) as active,
            count(case when "subscriptionStart" is not null and ${start} >= ${tomorrowStart} then 1 end) as pending,
            count(case when "subscriptionEnd" is not null and ${end} < ${todayStart} then 1 end) as expired
          from farmers where ${chunk}`.execute(db)
        for (const key of Object.keys(counts) as (keyof typeof counts)[]) counts[key] += Number(rows[0]?.[key] ?? 0)
        await new Promise((resolve) => setImmediate(resolve))
      }
      return counts
    },
    activeProduceNames: async () => (await db.selectFrom('produce').select('name').where('isActive', '=', 1).execute()).map((r) => r.name),
    /** One page of payment records newest first (index of migration 0005), and the number matching the search. */
    async paymentPage(search: string | undefined, page: { offset: number; limit: number }): Promise<{ rows: Selectable<FarmerPaymentsTable>[]; total: number }> {
      const searched = db.selectFrom('farmer_payments').where((eb) => {
        if (!search) return eb.and([])
        const pattern = likePattern(search)
        return eb.or((['farmerName', 'farmerPhone', 'mpaisaNumber', 'mpaisaReceiptNumber'] as const).map((column) => p.caselessLike(column, pattern)))
      })
      const rows = await searched.selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute()
      const { count } = await searched.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow()
      return { rows, total: Number(count) }
    },
    /** Every payment newest first, a chunk per query (keyset on createdAt, id), for the report. */
    async *paymentChunks(size = EXPORT_CHUNK_ROWS): AsyncGenerator<Selectable<FarmerPaymentsTable>[]> {
      let last: Selectable<FarmerPaymentsTable> | undefined
      for (;;) {
        let query = db.selectFrom('farmer_payments').selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(size)
        if (last) {
          const { createdAt, id } = last
          query = query.where((eb) => eb(eb.refTuple('createdAt', 'id'), '<', eb.tuple(createdAt, id)))
        }
        const rows = await query.execute()
        if (rows.length > 0) yield rows
        if (rows.length < size) return
        last = rows[rows.length - 1]
      }
    },
    latestPayment: (farmerId: string) =>
      db.selectFrom('farmer_payments').selectAll().where('farmerId', '=', farmerId).orderBy('createdAt', 'desc').executeTakeFirst(),
    insertPayment: (row: Insertable<FarmerPaymentsTable>) => db.insertInto('farmer_payments').values(row).execute(),
    updatePayment: (id: string, patch: Updateable<FarmerPaymentsTable>) => db.updateTable('farmer_payments').set(patch).where('id', '=', id).execute(),
    findPayment: (id: string) => db.selectFrom('farmer_payments').selectAll().where('id', '=', id).executeTakeFirst(),
  }
}
