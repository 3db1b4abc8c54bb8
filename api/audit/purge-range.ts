// Turns a purge form's two dates into an instant range. A bare date is a whole calendar day in Fiji
// (staff pick days on a Fiji calendar), so "1 to 31 March" includes everything on 31 March.
import { DateTime } from 'luxon'
import type { PurgeBody } from '../contract'

const FIJI = 'Pacific/Fiji'
const isBareDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value)

export interface InstantRange {
  /** Inclusive, `toISOString()` text. */
  fromIso: string
  /** Exclusive, `toISOString()` text. */
  beforeIso: string
}

/** Stored timestamps are `toISOString()` text, so these bounds compare correctly as strings in SQL. */
export function purgeRange({ startDate, endDate }: PurgeBody): InstantRange {
  const from = isBareDate(startDate) ? DateTime.fromISO(startDate, { zone: FIJI }).toJSDate() : new Date(startDate)
  const before = isBareDate(endDate)
    ? DateTime.fromISO(endDate, { zone: FIJI }).plus({ days: 1 }).toJSDate()
    : new Date(new Date(endDate).getTime() + 1)
  return { fromIso: from.toISOString(), beforeIso: before.toISOString() }
}
