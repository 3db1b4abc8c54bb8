// Bench data as the country has it: one town holds most farmers, the rest a long tail; half the
// farms rated twice. Written through one prepared statement in one transaction (the triggers fill
// the directory's pairs).
import crypto from 'node:crypto'
import type BetterSqlite3 from 'better-sqlite3'
import { DateTime } from 'luxon'

/** Share of the farmers in the biggest town (Suva's share of a real directory is of this order). */
export const BIG_TOWN_SHARE = 0.6

/**
 * The i-th farmer's town: the first BIG_TOWN_SHARE of farmers in towns[0], the rest spread over the
 * other towns with weights 1/rank (a long tail: a few middling towns, many with a handful).
 */
function townFor(i: number, count: number, towns: string[]) {
  if (i < count * BIG_TOWN_SHARE || towns.length === 1) return towns[0]!
  const rest = towns.slice(1)
  const weights = rest.map((_, rank) => 1 / (rank + 1))
  const total = weights.reduce((a, b) => a + b, 0)
  let pick = ((i * 2654435761) % 1_000_003) / 1_000_003 * total
  for (let k = 0; k < rest.length; k++) {
    pick -= weights[k]!
    if (pick <= 0) return rest[k]!
  }
  return rest[rest.length - 1]!
}

/** N listed farmers in one transaction through one prepared statement (the triggers fill the pairs). */
export function seedFarmers(sqlite: BetterSqlite3.Database, count: number) {
  const produce = (sqlite.prepare('select name from produce where isActive = 1').all() as { name: string }[]).map((r) => r.name)
  const towns = (sqlite.prepare('select name from locations where isActive = 1').all() as { name: string }[]).map((r) => r.name)
  const today = DateTime.now().setZone('Pacific/Fiji').startOf('day')
  const start = today.minus({ days: 10 }).toUTC().toISO()!
  const end = today.plus({ days: 80 }).toUTC().toISO()!
  const insert = sqlite.prepare(
    `insert into farmers (id, name, phone, email, town, tikina, cities, produce, subscriptionStart, subscriptionEnd, isActive, isPremium, deliveryAvailable, isBulk)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?)`,
  )
  // Half the farms rated, twice each: the farm reviews page's counts and averages have work to do.
  const review = sqlite.prepare('insert into farm_reviews (id, farmId, rating, comment, createdAt) values (?, ?, ?, ?, ?)')
  sqlite.transaction(() => {
    for (let i = 0; i < count; i++) {
      const town = townFor(i, count, towns)
      const id = crypto.randomUUID()
      insert.run(
        id,
        `Bench Farm ${i}`,
        `+679 9${String(100000 + (i % 900000)).slice(-6)}`,
        `bench${i}@example.fj`,
        town,
        `Tikina ${i % 40}`,
        JSON.stringify([town, towns[(i * 7 + 3) % towns.length]!]),
        JSON.stringify([...new Set([0, 1, 2].map((k) => produce[(i * 3 + k * 7) % produce.length]!))]),
        start,
        end,
        i % 5 === 0 ? 1 : 0,
        i % 3 === 0 ? 1 : 0,
        i % 4 === 0 ? 1 : 0,
      )
      if (i % 2 === 0) {
        for (const k of [0, 1]) review.run(crypto.randomUUID(), id, 1 + ((i + k) % 5), `Bench review ${k} of farm ${i}`, today.minus({ minutes: i * 2 + k }).toUTC().toISO()!)
      }
    }
  })()
  sqlite.exec('analyze')
  return { produce, towns }
}

