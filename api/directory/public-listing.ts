// The one rule for "publicly listed" (clarifications, Public listing): flagged active and today,
// in Pacific/Fiji, inside subscriptionStart … subscriptionEnd inclusive. Every public query and
// the analytics count use this file, so the directory and the counts can never disagree.
import { DateTime } from 'luxon'
import { sql, type ExpressionBuilder, type Kysely, type RawBuilder } from 'kysely'
import type { Database } from '../../db/schema'

export const FIJI_ZONE = 'Pacific/Fiji'

type DayBounds = { date: string; start: string; end: string }
/** Today's bounds, kept until the day ends: every public request asks, and a zone lookup costs ~0.1 ms. */
let today: (DayBounds & { startMs: number; endMs: number }) | undefined

/** UTC bounds [start, end) of the Fiji calendar day `offsetDays` from the one holding `now`. */
export function fijiDayBounds(now: Date, offsetDays = 0): DayBounds {
  const at = now.getTime()
  if (offsetDays === 0 && today && at >= today.startMs && at < today.endMs) return { date: today.date, start: today.start, end: today.end }
  const day = DateTime.fromJSDate(now, { zone: FIJI_ZONE }).startOf('day').plus({ days: offsetDays })
  const bounds = {
    date: day.toISODate() ?? '',
    start: day.toUTC().toJSDate().toISOString(),
    end: day.plus({ days: 1 }).toUTC().toJSDate().toISOString(),
  }
  if (offsetDays === 0) today = { ...bounds, startMs: Date.parse(bounds.start), endMs: Date.parse(bounds.end) }
  return bounds
}

/**
 * Where-clause for listed farmers. Dates are ISO text, so string comparison is time order; a bare
 * 'YYYY-MM-DD' also compares right (it sorts before any time on the same date). A subscription
 * ending at any moment of today (Fiji) still lists the farmer for the whole day.
 */
export function isPubliclyListed(now: Date) {
  const today = fijiDayBounds(now)
  return (eb: ExpressionBuilder<Database, 'farmers'>) =>
    eb.and([
      eb('farmers.isActive', '=', 1),
      eb('farmers.subscriptionStart', '<', today.end),
      eb('farmers.subscriptionEnd', '>=', today.start),
    ])
}

/**
 * The same rule as raw SQL on `alias`: a farmers row, or a farmer–city / farmer–produce pair
 * (migration 0002 copies the three listing columns into each pair, so its indexes can answer).
 */
export function listedSql(alias: string, now: Date): RawBuilder<unknown> {
  const today = fijiDayBounds(now)
  const col = (name: string) => sql.ref(`${alias}.${name}`)
  return sql`${col('isActive')} = 1 and ${col('subscriptionStart')} < ${today.end} and ${col('subscriptionEnd')} >= ${today.start}`
}

export async function countListedFarmers(db: Kysely<Database>, now: Date): Promise<number> {
  const row = await db
    .selectFrom('farmers')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(isPubliclyListed(now))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/** True when the farmer exists and is listed now (farm reviews may only target listed farms). */
export async function isListedFarmer(db: Kysely<Database>, farmerId: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('farmers')
    .select('id')
    .where('id', '=', farmerId)
    .where(isPubliclyListed(now))
    .executeTakeFirst()
  return row !== undefined
}
