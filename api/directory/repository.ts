// SQL for the public directory. Listed farmers only (public-listing.ts); counts and pages come
// from the farmer–city and farmer–produce pairs (migration 0002) through their indexes, so no
// query reads every farmer. Names match case-insensitively on the pairs' lower(trim()) keys.
import { sql, type Kysely, type RawBuilder } from 'kysely'
import { portable } from '../../db/dialect'
import type { Database, IntBool } from '../../db/schema'
import { listedSql } from './public-listing'

/** A listed farmer as the directory needs it: booleans and lists already converted. */
export type ListedFarmer = {
  id: string
  name: string
  phone: string
  email: string | null
  website: string | null
  town: string | null
  tikina: string | null
  cities: string[]
  produce: string[]
  photoUrls: string[]
  isPremium: boolean
  isBulk: boolean
  deliveryAvailable: boolean
  isDemo: boolean
}

type FarmerDbRow = Omit<ListedFarmer, 'cities' | 'produce' | 'photoUrls' | 'isPremium' | 'isBulk' | 'deliveryAvailable' | 'isDemo'> & {
  cities: string
  produce: string
  photoUrls: string
  isPremium: IntBool
  isBulk: IntBool
  deliveryAvailable: IntBool
  isDemo: IntBool
}

export function parseList(json: string | null | undefined): string[] {
  if (!json) return []
  try {
    const value: unknown = JSON.parse(json)
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []
  } catch {
    return []
  }
}

const toListedFarmer = (r: FarmerDbRow): ListedFarmer => ({
  ...r,
  cities: parseList(r.cities),
  produce: parseList(r.produce),
  photoUrls: parseList(r.photoUrls),
  isPremium: r.isPremium === 1,
  isBulk: r.isBulk === 1,
  deliveryAvailable: r.deliveryAvailable === 1,
  isDemo: r.isDemo === 1,
})

export interface PageRequest {
  page: number
  limit: number
  delivery?: boolean
  bulk?: boolean
}

/** Which pairs a list is read from. */
export type PairKind = 'city' | 'produce'
const PAIR = {
  city: { table: 'farmer_cities', key: 'cityKey', value: 'city' },
  produce: { table: 'farmer_produce', key: 'produceKey', value: 'produce' },
} as const

const FARMER_COLUMNS = sql.join(
  ['id', 'name', 'phone', 'email', 'website', 'town', 'tikina', 'cities', 'produce', 'photoUrls', 'isPremium', 'isBulk', 'deliveryAvailable', 'isDemo'].map((c) =>
    sql.ref(`f.${c}`),
  ),
)
/** The match key of a name given by a client: the same lower(trim()) the triggers store. */
const keyOf = (name: string) => sql`lower(trim(cast(${name} as text)))`
const and = (parts: RawBuilder<unknown>[]) => sql.join(parts, sql` and `)
const filtersOn = (alias: string, request: Pick<PageRequest, 'delivery' | 'bulk'>) => [
  ...(request.delivery ? [sql`${sql.ref(`${alias}.deliveryAvailable`)} = 1`] : []),
  ...(request.bulk ? [sql`${sql.ref(`${alias}.isBulk`)} = 1`] : []),
]
const pageOf = ({ page, limit }: PageRequest) => sql`limit ${limit} offset ${(page - 1) * limit}`

export interface PairFilter {
  kind: PairKind
  name: string
  /** Also serving this city (the browse screen's city × produce). */
  city?: string
}

export function directoryRepository(db: Kysely<Database>) {
  const p = portable(db)
  const rows = async <T>(query: RawBuilder<T>) => (await query.execute(db)).rows
  // Asked on every public request: built and compiled once.
  const versionQuery = db.selectFrom('directory_version').select('version').where('id', '=', 1).compile()

  /** Conditions on pair alias `p` for one produce's or city's listed farmers. */
  const pairConditions = ({ kind, name, city }: PairFilter, request: Pick<PageRequest, 'delivery' | 'bulk'>, now: Date) => {
    const pair = PAIR[kind]
    return and([
      sql`${sql.ref(`p.${pair.key}`)} = ${keyOf(name)}`,
      listedSql('p', now),
      ...filtersOn('p', request),
      ...(city
        ? [sql`exists (select 1 from farmer_cities as c where c."farmerId" = p."farmerId" and c."cityKey" = ${keyOf(city)})`]
        : []),
    ])
  }

  /** The search's condition on farmers `f`: each word inside the name, village, tikina, cities or produce. */
  const searchConditions = (words: string[], request: PageRequest, now: Date) => {
    const haystack = sql<string>`lower(f."name" || ' ' || coalesce(f."town", '') || ' ' || coalesce(f."tikina", '') || ' ' || f."cities" || ' ' || f."produce")`
    return and([listedSql('f', now), ...filtersOn('f', request), ...words.map((word) => p.containsText(haystack, word))])
  }

  return {
    /** Moves on with every write to farmers, produce or locations (triggers, migrations 0002 and 0005). */
    async version(): Promise<number> {
      const [row] = (await db.executeQuery(versionQuery)).rows
      return row?.version ?? 0
    },

    /** Listed farmers per city or produce key, by GROUP BY over the pairs' covering index. */
    countsByKey: (kind: PairKind, now: Date) => {
      const pair = PAIR[kind]
      return rows(
        sql<{ key: string; farmerCount: number }>`select ${sql.ref(`p.${pair.key}`)} as "key", count(*) as "farmerCount"
          from ${sql.table(pair.table)} as p where ${listedSql('p', now)} group by ${sql.ref(`p.${pair.key}`)}`,
      )
    },

    /** One spelling farmers use for a city or produce key (for names missing from the reference lists). */
    spellingOf: async (kind: PairKind, key: string) => {
      const pair = PAIR[kind]
      const [row] = await rows(
        sql<{ spelling: string }>`select ${sql.ref(pair.value)} as "spelling" from ${sql.table(pair.table)} where ${sql.ref(pair.key)} = ${key} limit 1`,
      )
      return row?.spelling ?? key
    },

    /** A page of the listed farmers of one produce or city (premium first, then name), without their count. */
    async farmersOnPage(filter: PairFilter, request: PageRequest, now: Date): Promise<ListedFarmer[]> {
      const pair = PAIR[filter.kind]
      const page = await rows(
        // INDEXED BY: walk the name's pairs in list order and stop at the page, never sort them all.
        sql<FarmerDbRow>`select ${FARMER_COLUMNS} from ${sql.table(pair.table)} as p ${p.indexedBy(`${pair.table}_order_idx`)}
          join farmers as f on f."id" = p."farmerId" where ${pairConditions(filter, request, now)}
          order by p."isPremium" desc, ${p.caselessOrder('p.name')}, p."farmerId" ${pageOf(request)}`,
      )
      return page.map(toListedFarmer)
    },

    /** How many listed farmers one produce or city has (with the page's filters). */
    async farmerCount(filter: PairFilter, request: PageRequest, now: Date): Promise<number> {
      const pair = PAIR[filter.kind]
      const [count] = await rows(sql<{ n: number }>`select count(*) as "n" from ${sql.table(pair.table)} as p where ${pairConditions(filter, request, now)}`)
      return Number(count?.n ?? 0)
    },

    /** Produce sold by the listed farmers of a city, counted per produce key. */
    produceCountsInCity: (city: string, now: Date) =>
      rows(
        sql<{ key: string; spelling: string; farmerCount: number }>`select p."produceKey" as "key", min(p."produce") as "spelling", count(*) as "farmerCount"
          from farmer_cities as c join farmer_produce as p on p."farmerId" = c."farmerId"
          where c."cityKey" = ${keyOf(city)} and ${listedSql('c', now)} group by p."produceKey"`,
      ),

    /** A page of listed farmers whose text holds every word (already lower-case); premium first, then name. */
    async searchPage(words: string[], request: PageRequest, now: Date): Promise<{ farmerCount: number; farmers: ListedFarmer[] }> {
      const where = searchConditions(words, request, now)
      const [count] = await rows(sql<{ n: number }>`select count(*) as "n" from farmers as f where ${where}`)
      const farmerCount = count?.n ?? 0
      if (farmerCount === 0) return { farmerCount, farmers: [] }
      const page = await rows(
        sql<FarmerDbRow>`select ${FARMER_COLUMNS} from farmers as f ${p.indexedBy('farmers_order_idx')} where ${where} order by f."isPremium" desc, ${p.caselessOrder('f.name')}, f."id" ${pageOf(request)}`,
      )
      return { farmerCount, farmers: page.map(toListedFarmer) }
    },

    /**
     * Every listed farmer in list order (premium first, then name), for the offline copy, `size` at a
     * time: each page its own query continuing after the last row of the one before (the order
     * index's range), so no single query or answer holds every farmer at once.
     */
    async *listedFarmerPages(now: Date, size: number): AsyncGenerator<ListedFarmer[]> {
      const nameKey = p.caselessOrder('f.name')
      for (const premium of [1, 0]) {
        let after: { name: string; id: string } | undefined
        for (;;) {
          const afterKey = after && p.caselessOrder(sql`cast(${after.name} as text)`)
          // (name, id) > (last name, last id), written so that the name bound is an index range.
          const continuing = after ? sql`and ${nameKey} >= ${afterKey} and (${nameKey} > ${afterKey} or f."id" > ${after.id})` : sql``
          const page = await rows(
            sql<FarmerDbRow>`select ${FARMER_COLUMNS} from farmers as f ${p.indexedBy('farmers_order_idx')}
              where f."isPremium" = ${premium} and ${listedSql('f', now)} ${continuing}
              order by f."isPremium" desc, ${nameKey}, f."id" limit ${size}`,
          )
          if (page.length > 0) yield page.map(toListedFarmer)
          if (page.length < size) break
          const last = page[page.length - 1]!
          after = { name: last.name, id: last.id }
        }
      }
    },

    /** One farmer by id when listed today (active, in subscription), else undefined (the farmer page's 404). */
    async listedFarmerById(id: string, now: Date): Promise<ListedFarmer | undefined> {
      const [row] = await rows(sql<FarmerDbRow>`select ${FARMER_COLUMNS} from farmers as f where f."id" = ${id} and ${listedSql('f', now)}`)
      return row && toListedFarmer(row)
    },

    /** Every listed farmer's id (the sitemap). */
    async listedFarmerIds(now: Date): Promise<string[]> {
      return (await rows(sql<{ id: string }>`select f."id" as "id" from farmers as f where ${listedSql('f', now)}`)).map((r) => r.id)
    },

    activeProduce: () =>
      db
        .selectFrom('produce')
        .select((eb) => ['id', 'name', sql<string>`lower(trim(${eb.ref('name')}))`.as('key')])
        .where('isActive', '=', 1)
        .execute(),
    produceById: (id: number) =>
      db
        .selectFrom('produce')
        .select(['id', 'name'])
        .where('id', '=', id)
        .where('isActive', '=', 1)
        .executeTakeFirst(),
    activeLocations: () =>
      db
        .selectFrom('locations')
        .select((eb) => ['name', sql<string>`lower(trim(${eb.ref('name')}))`.as('key')])
        .where('isActive', '=', 1)
        .execute(),
  }
}

export type DirectoryRepository = ReturnType<typeof directoryRepository>
