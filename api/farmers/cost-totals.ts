// The cost breakdown's figures (spec 001 §9) counted in SQL, the same on SQLite and PostgreSQL, so the
// page never loads a row per farmer (issue 19, decision 018). The rules are those of
// subscription-rules.ts: a subscription's total days are its length in days rounded up; its days run
// from the Fiji date of its start, each adding a daily rate to its Fiji year-month; the totals count
// farmers flagged active whose Fiji start and end dates hold today.
//
// Per farmer the SQL works out whole numbers only: the start and end as milliseconds, the total
// days, and the Fiji dates of start and end as Julian Day Numbers (Fiji's offset at that instant from
// luxon's zone data, summer times included, written into the query as spans). It then groups by total
// days (the totals) and by the months of the first and last day (the months); this file adds up the
// few groups: a subscription's first and last months take their part days, the months between whole.
// On SQLite the farmers are read 10,000 rows at a time, so no query holds the thread for long.
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely'
import { portable, type PortableSql } from '../../db/dialect'
import type { Database } from '../../db/schema'
import type { CostBreakdown, MonthlyRevenue } from '../contract'
import { fijiOffsetSpans } from '../stats/fiji-clock'
import { roundMoney } from './subscription-rules'

const DAY_MS = 86_400_000
/** Julian Day Number of 1970-01-01. */
const UNIX_EPOCH_DAY = 2_440_588

export type CostTotals = Omit<CostBreakdown, 'dailyRate'>

/** Fiji's offset at an instant (milliseconds since 1970) as a CASE over the zone's spans, today's first. */
function fijiOffsetAt(ms: RawBuilder<number>): RawBuilder<number> {
  const spans = fijiOffsetSpans()
  const last = spans[spans.length - 1]!
  if (spans.length === 1) return sql.lit(last.offsetMs)
  const earlier = spans.slice(0, -1).map((span) => sql`when ${ms} < ${sql.lit(span.toMs)} then ${sql.lit(span.offsetMs)}`)
  return sql<number>`(case when ${ms} >= ${sql.lit(last.fromMs)} then ${sql.lit(last.offsetMs)} ${sql.join(earlier, sql` `)} end)`
}

/** The Julian Day Number of the Fiji date of an instant: integer division, kept positive so it floors. */
const fijiDayNumber = (ms: RawBuilder<number>) => sql<number>`((${ms} + ${fijiOffsetAt(ms)} + ${sql.lit(UNIX_EPOCH_DAY * DAY_MS)}) / ${sql.lit(DAY_MS)})`

/** Farmers read by one pair of queries on SQLite: a few milliseconds of the thread each. */
const CHUNK_ROWS = 5_000

/**
 * `c`: the farmers included in costing with both dates, with their flags, total days and Fiji start
 * and end day numbers. Materialized, each step once: otherwise both databases may inline the
 * expressions into every place that reads them, parsing each date dozens of times.
 */
function costedFarmers(p: PortableSql, chunk: RawBuilder<SqlBool>) {
  const [s, e] = [sql<number>`s`, sql<number>`e`]
  return sql`with f as materialized (
      select "isActive", "isDemo", ${p.epochMs(sql.ref('subscriptionStart'))} as s, ${p.epochMs(sql.ref('subscriptionEnd'))} as e
      from farmers where "includeInCosting" = 1 and "subscriptionStart" is not null and "subscriptionEnd" is not null and ${chunk}),
    c as materialized (
      select "isActive", "isDemo", case when ${e} > ${s} then (${e} - ${s} + ${sql.lit(DAY_MS - 1)}) / ${sql.lit(DAY_MS)} else 0 end as days,
        ${fijiDayNumber(s)} as sj, ${fijiDayNumber(e)} as ej
      from f)`
}

const dayNumberOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS + UNIX_EPOCH_DAY
const firstDayOf = (month: string) => dayNumberOf(`${month}-01`)
const nextMonth = (month: string) => {
  const [year, number] = month.split('-').map(Number) as [number, number]
  return new Date(Date.UTC(year, number, 1)).toISOString().slice(0, 7)
}

interface MonthGroup {
  firstMonth: string
  lastMonth: string
  farmers: number
  startSum: number
  endSum: number
  daysSum: number
}

/** Days and distinct farmers per month from the groups of (first month, last month). Oldest first. */
function monthsOf(groups: MonthGroup[], dailyRate: number): MonthlyRevenue[] {
  const months = new Map<string, { days: number; farmers: number }>()
  const add = (month: string, days: number, farmers: number) => {
    const entry = months.get(month) ?? { days: 0, farmers: 0 }
    months.set(month, { days: entry.days + days, farmers: entry.farmers + farmers })
  }
  for (const g of groups) {
    if (g.firstMonth === g.lastMonth) {
      add(g.firstMonth, g.daysSum, g.farmers)
      continue
    }
    // From each start to its month's end; from the last month's first day to each end; whole months between.
    add(g.firstMonth, g.farmers * firstDayOf(nextMonth(g.firstMonth)) - g.startSum, g.farmers)
    add(g.lastMonth, g.endSum - g.farmers * (firstDayOf(g.lastMonth) - 1), g.farmers)
    for (let month = nextMonth(g.firstMonth); month < g.lastMonth; month = nextMonth(month)) {
      add(month, g.farmers * (firstDayOf(nextMonth(month)) - firstDayOf(month)), g.farmers)
    }
  }
  return [...months.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([month, { days, farmers }]) => {
      const revenue = roundMoney(days * dailyRate)
      return { month, revenue, activeFarmers: farmers, averagePerFarmer: roundMoney(revenue / farmers) }
    })
}

/** Each piece of the farmers table (on SQLite; all of it on PostgreSQL), with a turn of the event loop after each. */
async function* pieces(db: Kysely<Database>, chunkRows: number): AsyncGenerator<RawBuilder<SqlBool>> {
  // On SQLite a query holds the thread: other requests are served between pieces.
  for (const chunk of await portable(db).tableChunks(db, 'farmers', chunkRows)) {
    yield chunk
    await new Promise((resolve) => setImmediate(resolve))
  }
}

/**
 * Total revenue and its demo part (each farmer's cost rounded to the cent, as the table shows it) and
 * total active days, over the farmers active on Fiji date `today` and included in costing.
 */
export async function revenueTotals(db: Kysely<Database>, dailyRate: number, today: string, chunkRows = CHUNK_ROWS): Promise<{ totalRevenue: number; demoRevenue: number; totalActiveDays: number }> {
  const p = portable(db)
  const day = sql.lit(dayNumberOf(today))
  const activeDays = sql`case when ${day} - sj + 1 < days then ${day} - sj + 1 else days end`
  let [cents, demoCents, totalActiveDays] = [0, 0, 0]
  for await (const chunk of pieces(db, chunkRows)) {
    const { rows } = await sql<{ isDemo: number; days: number | string; farmers: number | string; activeDays: number | string }>`
      ${costedFarmers(p, chunk)} select "isDemo", days, count(*) as farmers, sum(${activeDays}) as "activeDays" from c
      where "isActive" = 1 and sj <= ${day} and ej >= ${day} group by "isDemo", days`.execute(db)
    // PostgreSQL answers bigint sums and counts as text.
    for (const row of rows) {
      const groupCents = Number(row.farmers) * Math.round(roundMoney(Number(row.days) * dailyRate) * 100)
      cents += groupCents
      if (Number(row.isDemo) === 1) demoCents += groupCents
      totalActiveDays += Number(row.activeDays)
    }
  }
  return { totalRevenue: cents / 100, demoRevenue: demoCents / 100, totalActiveDays }
}

/** The monthly revenue table (oldest first) and its total row. */
export async function monthlyRevenue(db: Kysely<Database>, dailyRate: number, chunkRows = CHUNK_ROWS): Promise<Pick<CostTotals, 'months' | 'monthsTotal'>> {
  const p = portable(db)
  const groups: MonthGroup[] = []
  for await (const chunk of pieces(db, chunkRows)) {
    const { rows } = await sql<{ firstMonth: string; lastMonth: string; farmers: number | string; startSum: number | string; endSum: number | string; daysSum: number | string }>`
      ${costedFarmers(p, chunk)} select ${p.yearMonthOfDayNumber(sql`sj`)} as "firstMonth", ${p.yearMonthOfDayNumber(sql`sj + days - 1`)} as "lastMonth",
        count(*) as farmers, sum(sj) as "startSum", sum(sj + days - 1) as "endSum", sum(days) as "daysSum"
      from c where days > 0 group by 1, 2`.execute(db)
    for (const g of rows) {
      groups.push({ firstMonth: g.firstMonth, lastMonth: g.lastMonth, farmers: Number(g.farmers), startSum: Number(g.startSum), endSum: Number(g.endSum), daysSum: Number(g.daysSum) })
    }
  }
  const months = monthsOf(groups, dailyRate)
  const revenue = roundMoney(months.reduce((sum, m) => sum + m.revenue, 0))
  return {
    months,
    monthsTotal: {
      revenue,
      maxActiveFarmers: months.reduce((max, m) => Math.max(max, m.activeFarmers), 0),
      averageMonthlyRevenue: months.length ? roundMoney(revenue / months.length) : 0,
    },
  }
}

/** Total revenue, its demo part, total active days and the monthly revenue table, on Fiji date `today`. */
export async function costTotals(db: Kysely<Database>, dailyRate: number, today: string, chunkRows = CHUNK_ROWS): Promise<CostTotals> {
  return { ...(await revenueTotals(db, dailyRate, today, chunkRows)), ...(await monthlyRevenue(db, dailyRate, chunkRows)) }
}
