// Bench data as the country has it: one town holds most farmers, the rest a long tail; half the
// farms rated twice. On SQLite written through one prepared statement in one transaction (the
// triggers fill the directory's pairs); on PostgreSQL the same rows in bulk batches.
import crypto from 'node:crypto'
import type BetterSqlite3 from 'better-sqlite3'
import type pg from 'pg'
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

/** The window every bench farmer is listed in (today in Fiji − 10 days to + 80 days). */
function listingWindow() {
  const today = DateTime.now().setZone('Pacific/Fiji').startOf('day')
  return { today, start: today.minus({ days: 10 }).toUTC().toISO()!, end: today.plus({ days: 80 }).toUTC().toISO()! }
}

export interface BenchFarmer {
  id: string
  name: string
  phone: string
  email: string
  town: string
  tikina: string
  cities: string
  produce: string
  subscriptionStart: string
  subscriptionEnd: string
  isPremium: 0 | 1
  deliveryAvailable: 0 | 1
  isBulk: 0 | 1
  reviews: { id: string; rating: number; comment: string; createdAt: string }[]
}

/** The i-th bench farmer (listed) and its reviews: the same data on SQLite and PostgreSQL. */
export function benchFarmer(i: number, count: number, towns: string[], produce: string[], window = listingWindow()): BenchFarmer {
  const town = townFor(i, count, towns)
  return {
    id: crypto.randomUUID(),
    name: `Bench Farm ${i}`,
    phone: `+679 9${String(100000 + (i % 900000)).slice(-6)}`,
    email: `bench${i}@example.fj`,
    town,
    tikina: `Tikina ${i % 40}`,
    cities: JSON.stringify([town, towns[(i * 7 + 3) % towns.length]!]),
    produce: JSON.stringify([...new Set([0, 1, 2].map((k) => produce[(i * 3 + k * 7) % produce.length]!))]),
    subscriptionStart: window.start,
    subscriptionEnd: window.end,
    isPremium: i % 5 === 0 ? 1 : 0,
    deliveryAvailable: i % 3 === 0 ? 1 : 0,
    isBulk: i % 4 === 0 ? 1 : 0,
    // Half the farms rated, twice each: the farm reviews page's counts and averages have work to do.
    reviews: i % 2 === 0 ? [0, 1].map((k) => ({ id: crypto.randomUUID(), rating: 1 + ((i + k) % 5), comment: `Bench review ${k} of farm ${i}`, createdAt: window.today.minus({ minutes: i * 2 + k }).toUTC().toISO()! })) : [],
  }
}

/** N listed farmers in one transaction through one prepared statement (the triggers fill the pairs). */
export function seedFarmers(sqlite: BetterSqlite3.Database, count: number) {
  const produce = (sqlite.prepare('select name from produce where isActive = 1').all() as { name: string }[]).map((r) => r.name)
  const towns = (sqlite.prepare('select name from locations where isActive = 1').all() as { name: string }[]).map((r) => r.name)
  const window = listingWindow()
  const insert = sqlite.prepare(
    `insert into farmers (id, name, phone, email, town, tikina, cities, produce, subscriptionStart, subscriptionEnd, isActive, isPremium, deliveryAvailable, isBulk)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?)`,
  )
  const review = sqlite.prepare('insert into farm_reviews (id, farmId, rating, comment, createdAt) values (?, ?, ?, ?, ?)')
  sqlite.transaction(() => {
    for (let i = 0; i < count; i++) {
      const f = benchFarmer(i, count, towns, produce, window)
      insert.run(f.id, f.name, f.phone, f.email, f.town, f.tikina, f.cities, f.produce, f.subscriptionStart, f.subscriptionEnd, f.isPremium, f.deliveryAvailable, f.isBulk)
      for (const r of f.reviews) review.run(r.id, f.id, r.rating, r.comment, r.createdAt)
    }
  })()
  sqlite.exec('analyze')
  return { produce, towns }
}

/** Rows per statement on PostgreSQL: one `insert … select from unnest(arrays)` each. */
const PG_BATCH = 5_000

/**
 * The same N farmers into PostgreSQL at bulk speed: batches of `insert … select * from unnest($1…)`
 * (one statement per 5,000 rows, every column an array parameter) in one transaction. The pairs
 * triggers run as they do on SQLite; the per-row bumps of the answer-cache versions are switched off
 * for the load (on PostgreSQL 200,000 updates of one row in one transaction walk an ever longer
 * version chain) and each version is moved once at the end. Then ANALYZE.
 */
export async function seedFarmersPostgres(pool: pg.Pool, count: number) {
  const client = await pool.connect()
  try {
    const produce = (await client.query<{ name: string }>('select name from produce where "isActive" = 1')).rows.map((r) => r.name)
    const towns = (await client.query<{ name: string }>('select name from locations where "isActive" = 1')).rows.map((r) => r.name)
    const window = listingWindow()
    const versionTriggers = ['insert', 'update', 'delete'].map((event) => `farmers_directory_version_${event}`)
    const reviewTriggers = ['insert', 'update', 'delete'].map((event) => `farm_reviews_answer_version_${event}`)
    await client.query('begin')
    for (const name of versionTriggers) await client.query(`alter table farmers disable trigger ${name}`)
    for (const name of reviewTriggers) await client.query(`alter table farm_reviews disable trigger ${name}`)
    for (let from = 0; from < count; from += PG_BATCH) {
      const farmers = Array.from({ length: Math.min(PG_BATCH, count - from) }, (_, k) => benchFarmer(from + k, count, towns, produce, window))
      const column = <K extends keyof BenchFarmer>(key: K) => farmers.map((f) => f[key])
      await client.query(
        `insert into farmers ("id", "name", "phone", "email", "town", "tikina", "cities", "produce", "subscriptionStart", "subscriptionEnd", "isActive", "isPremium", "deliveryAvailable", "isBulk")
         select id, name, phone, email, town, tikina, cities, produce, s, e, 1, p, d, b
         from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::int[], $12::int[], $13::int[])
           as t(id, name, phone, email, town, tikina, cities, produce, s, e, p, d, b)`,
        [column('id'), column('name'), column('phone'), column('email'), column('town'), column('tikina'), column('cities'), column('produce'),
          column('subscriptionStart'), column('subscriptionEnd'), column('isPremium'), column('deliveryAvailable'), column('isBulk')],
      )
      const reviews = farmers.flatMap((f) => f.reviews.map((r) => ({ ...r, farmId: f.id })))
      await client.query(
        `insert into farm_reviews ("id", "farmId", "rating", "comment", "createdAt")
         select * from unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[])`,
        [reviews.map((r) => r.id), reviews.map((r) => r.farmId), reviews.map((r) => r.rating), reviews.map((r) => r.comment), reviews.map((r) => r.createdAt)],
      )
    }
    for (const name of versionTriggers) await client.query(`alter table farmers enable trigger ${name}`)
    for (const name of reviewTriggers) await client.query(`alter table farm_reviews enable trigger ${name}`)
    await client.query('update directory_version set "version" = "version" + 1')
    await client.query('update farm_review_version set "version" = "version" + 1')
    await client.query('commit')
    await client.query('analyze')
    return { produce, towns }
  } catch (error) {
    await client.query('rollback').catch(() => undefined)
    throw error
  } finally {
    client.release()
  }
}
