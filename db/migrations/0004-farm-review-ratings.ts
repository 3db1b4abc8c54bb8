// Farm reviews at national scale (issue 12): the farm reviews page reads a page of listed farms in
// name order, each with its review count and average, and pages of reviews newest first. These
// indexes make each of those an index range: a farm's count and average read (farmId, rating)
// only, a name-ordered page walks farmers (or one city's pairs) by name and stops at the page.
import { sql, type Kysely, type Migration } from 'kysely'
import { ddlFor } from './ddl'

const indexes = (caselessName: string) => [
  // Count and average of one farm's ratings: covering, no farm_reviews row read.
  ['farm_reviews_rating_idx', 'farm_reviews ("farmId", "rating")'],
  // One farm's reviews, newest first.
  ['farm_reviews_farm_newest_idx', 'farm_reviews ("farmId", "createdAt" DESC, "id")'],
  // Every listed farm's reviews, newest first.
  ['farm_reviews_newest_idx', 'farm_reviews ("createdAt" DESC, "id")'],
  // Listed farms by name (the farm reviews page's order).
  ['farmers_name_idx', `farmers (${caselessName}, "id")`],
  // One city's listed farms by name (the page's city filter).
  ['farmer_cities_name_idx', `farmer_cities ("cityKey", ${caselessName}, "farmerId")`],
] as const

async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, on] of indexes(ddlFor(db).caselessKey('name'))) await sql.raw(`CREATE INDEX ${name} ON ${on}`).execute(db)
}

async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of indexes('')) await sql.raw(`DROP INDEX IF EXISTS ${name}`).execute(db)
}

export const farmReviewRatings: Migration = { up, down }
