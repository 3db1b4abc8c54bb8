// SQL for farm reviews and the listed farms they belong to. Pages only (issue 12): a page of farms
// walks a name index and stops at the page; each farm's count and average read the
// (farmId, rating) index (migration 0004); reviews come newest first from their own indexes.
import { sql, type Kysely, type RawBuilder } from 'kysely'
import { portable } from '../../db/dialect'
import type { Database, FarmReviewRow, IntBool } from '../../db/schema'
import { listedSql } from '../directory/public-listing'

export interface FarmsRequest {
  page: number
  limit: number
  city?: string
  farmId?: string
}

export interface ReviewsRequest {
  page: number
  limit: number
  farmId?: string
}

export type RatedFarmRow = {
  id: string
  name: string
  town: string | null
  cities: string
  produce: string
  isDemo: IntBool
  reviewCount: number
  averageRating: number | null
}

const pageOf = ({ page, limit }: { page: number; limit: number }) => sql`limit ${limit} offset ${(page - 1) * limit}`
const and = (parts: RawBuilder<unknown>[]) => sql.join(parts, sql` and `)
const RATED_FARM_COLUMNS = sql`f."id", f."name", f."town", f."cities", f."produce", f."isDemo",
  (select count(*) from farm_reviews as r where r."farmId" = f."id") as "reviewCount",
  (select avg(r."rating") from farm_reviews as r where r."farmId" = f."id") as "averageRating"`

export function farmReviewsRepository(db: Kysely<Database>) {
  const p = portable(db)
  const rows = async <T>(query: RawBuilder<T>) => (await query.execute(db)).rows
  const count = async (query: RawBuilder<{ n: number }>) => Number((await rows(query))[0]?.n ?? 0)
  /**
   * The reviews of every listed farm, counted a piece of the reviews table at a time with the event
   * loop free between (on SQLite; one query on PostgreSQL): at 100,000 farms one count held the thread
   * ~100 ms after every review, for every request waiting behind it (issue 19).
   */
  const countAllListed = async (where: RawBuilder<unknown>) => {
    let total = 0
    for (const chunk of await p.tableChunks(db, 'farm_reviews', 5_000, 'r')) {
      total += await count(sql<{ n: number }>`select count(*) as "n" from farm_reviews as r join farmers as f on f."id" = r."farmId" where ${where} and ${chunk}`)
      await new Promise((resolve) => setImmediate(resolve))
    }
    return total
  }
  // Asked on every farm reviews request: compiled once.
  const versionQuery = db.selectFrom('farm_review_version').select('version').where('id', '=', 1).compile()

  return {
    /** Moves on with every write to farm_reviews (triggers, migration 0005). */
    async version(): Promise<number> {
      const [row] = (await db.executeQuery(versionQuery)).rows
      return row?.version ?? 0
    },

    /** A page of listed farms by name (of one city, or one farm), with the whole list's count. */
    async ratedFarms(request: FarmsRequest, now: Date): Promise<{ farmCount: number; farms: RatedFarmRow[] }> {
      if (request.city !== undefined) {
        const where = and([sql`p."cityKey" = lower(trim(cast(${request.city} as text)))`, listedSql('p', now)])
        const farmCount = await count(sql<{ n: number }>`select count(*) as "n" from farmer_cities as p where ${where}`)
        if (farmCount === 0) return { farmCount, farms: [] }
        const farms = await rows(
          sql<RatedFarmRow>`select ${RATED_FARM_COLUMNS} from farmer_cities as p ${p.indexedBy('farmer_cities_name_idx')}
            join farmers as f on f."id" = p."farmerId" where ${where}
            order by ${p.caselessOrder('p.name')}, p."farmerId" ${pageOf(request)}`,
        )
        return { farmCount, farms }
      }
      const where = and([listedSql('f', now), ...(request.farmId !== undefined ? [sql`f."id" = ${request.farmId}`] : [])])
      const farmCount = await count(sql<{ n: number }>`select count(*) as "n" from farmers as f where ${where}`)
      if (farmCount === 0) return { farmCount, farms: [] }
      // INDEXED BY: walk farmers in name order and stop at the page, never sort them all.
      const byName = request.farmId === undefined ? p.indexedBy('farmers_name_idx') : sql``
      const farms = await rows(
        sql<RatedFarmRow>`select ${RATED_FARM_COLUMNS} from farmers as f ${byName} where ${where}
          order by ${p.caselessOrder('f.name')}, f."id" ${pageOf(request)}`,
      )
      return { farmCount, farms }
    },

    /** A page of reviews of listed farms newest first (of one farm when farmId is given), with the whole list's count. */
    async reviewsOfListed(request: ReviewsRequest, now: Date): Promise<{ reviewCount: number; reviews: FarmReviewRow[] }> {
      const where = and([listedSql('f', now), ...(request.farmId !== undefined ? [sql`r."farmId" = ${request.farmId}`] : [])])
      const reviewCount = request.farmId !== undefined ? await count(sql<{ n: number }>`select count(*) as "n" from farm_reviews as r join farmers as f on f."id" = r."farmId" where ${where}`) : await countAllListed(where)
      if (reviewCount === 0) return { reviewCount, reviews: [] }
      const newest = p.indexedBy(request.farmId === undefined ? 'farm_reviews_newest_idx' : 'farm_reviews_farm_newest_idx')
      const reviews = await rows(
        sql<FarmReviewRow>`select r."id", r."farmId", r."rating", r."comment", r."createdAt", r."isDemo" from farm_reviews as r ${newest}
          join farmers as f on f."id" = r."farmId" where ${where}
          order by r."createdAt" desc, r."id" ${pageOf(request)}`,
      )
      return { reviewCount, reviews }
    },

    insert: async (trx: Kysely<Database>, row: Omit<FarmReviewRow, 'senderKey' | 'reviewDay'>, sender: { senderKey: string; reviewDay: string } | null) => {
      await trx.insertInto('farm_reviews').values({ ...row, ...sender }).execute()
    },

    /** Whether this sender already reviewed this farm on this Fiji day (the unique index's question). */
    reviewedToday: async (trx: Kysely<Database>, senderKey: string, farmId: string, reviewDay: string) =>
      (await trx.selectFrom('farm_reviews').select('id').where('senderKey', '=', senderKey).where('reviewDay', '=', reviewDay).where('farmId', '=', farmId).executeTakeFirst()) !== undefined,

    /** This sender's reviews since `since`, oldest first (the hourly cap counts them). */
    sentSince: (trx: Kysely<Database>, senderKey: string, since: string) =>
      trx.selectFrom('farm_reviews').select('createdAt').where('senderKey', '=', senderKey).where('createdAt', '>=', since).orderBy('createdAt').execute(),
  }
}
