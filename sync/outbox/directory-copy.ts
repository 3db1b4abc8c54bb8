// The directory's answers computed from the offline copy (GET /api/directory/snapshot), for a phone
// that cannot reach the server (issue 17). Pure: a URL the browse screens ask for in, the answer the
// server would give out — same shapes, same order (the copy comes in list order: premium first,
// then name; cities and produce by name), same paging. Never sorts by name (no ICU on a slow phone). api/directory/snapshot.test.ts checks
// every answer against the server's own. Type-only imports from the contract: no zod in this chunk.
import type { AvailabilityFarmer, DirectorySnapshot, FarmerLocation, ProduceAvailability, ProduceInCity, PublicFarmer, PublicFarmerPage } from '../../api/contract'

/** Copies of the contract's page sizes (api/directory/snapshot.test.ts checks them against it). */
export const COPY_PAGE_SIZES = { first: 5, default: 20, max: 50 } as const

/** SQLite's lower(trim(name)), the key the server matches a city or produce on. */
const matchKey = (name: string) => name.replace(/^ +| +$/g, '').replace(/[A-Z]/g, (c) => c.toLowerCase())

/** The server's search words: accents dropped, punctuation as spaces, lower case. */
function searchWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
}

export interface IndexedCopy {
  /** Every listed farmer as a card shows it, in list order. */
  farmers: PublicFarmer[]
  cities: string[]
  produce: DirectorySnapshot['produce']
  /** Positions in `farmers`, in list order, per city and per produce index. */
  byCity: number[][]
  byProduce: number[][]
  cityOf: Map<string, number>
  produceOf: Map<string, number>
  produceById: Map<number, number>
  /** Each farmer's city indexes (for city × produce) and produce indexes (for the counts). */
  farmerCities: Set<number>[]
  farmerProduce: number[][]
  /** Built on the first search only. */
  haystacks?: string[]
}

/** Indexes a snapshot once; every answer after that reads the indexes. */
export function indexCopy(snapshot: DirectorySnapshot): IndexedCopy {
  const byCity = snapshot.cities.map((): number[] => [])
  const byProduce = snapshot.produce.map((): number[] => [])
  const farmerCities: Set<number>[] = []
  const farmerProduce: number[][] = []
  const farmers = snapshot.farmers.map((farmer, position) => {
    const cities = farmer.cities.filter((i) => i < snapshot.cities.length)
    const produce = farmer.produce.filter((i) => i < snapshot.produce.length)
    for (const i of cities) byCity[i]!.push(position)
    for (const i of produce) byProduce[i]!.push(position)
    farmerCities.push(new Set(cities))
    farmerProduce.push(produce)
    return { ...farmer, cities: cities.map((i) => snapshot.cities[i]!), produce: produce.map((i) => snapshot.produce[i]!.name) }
  })
  const produceById = new Map<number, number>()
  snapshot.produce.forEach((p, i) => {
    if (p.id !== null) produceById.set(p.id, i)
  })
  return {
    farmers,
    cities: snapshot.cities,
    produce: snapshot.produce,
    byCity,
    byProduce,
    cityOf: new Map(snapshot.cities.map((name, i) => [matchKey(name), i])),
    produceOf: new Map(snapshot.produce.map((p, i) => [matchKey(p.name), i])),
    produceById,
    farmerCities,
    farmerProduce,
  }
}

interface PageQuery {
  page: number
  limit: number
  delivery: boolean
  bulk: boolean
}

function pageQuery(params: URLSearchParams): PageQuery | undefined {
  const number = (name: string, fallback: number) => (params.has(name) ? Number(params.get(name)) : fallback)
  const page = number('page', 1)
  const limit = number('limit', COPY_PAGE_SIZES.default)
  // What the server would refuse (400), the copy does not answer either.
  if (!Number.isInteger(page) || page < 1 || !Number.isInteger(limit) || limit < 1) return undefined
  return { page, limit: Math.min(limit, COPY_PAGE_SIZES.max), delivery: params.get('delivery') === 'true', bulk: params.get('bulk') === 'true' }
}

function pageOf<T>(copy: IndexedCopy, positions: readonly number[], query: PageQuery, toFarmer: (f: PublicFarmer) => T) {
  const matching = positions.filter((i) => {
    const farmer = copy.farmers[i]!
    return (!query.delivery || farmer.deliveryAvailable) && (!query.bulk || farmer.isBulk)
  })
  const start = (query.page - 1) * query.limit
  return { farmerCount: matching.length, page: query.page, limit: query.limit, farmers: matching.slice(start, start + query.limit).map((i) => toFarmer(copy.farmers[i]!)) }
}

const asCard = (farmer: PublicFarmer): PublicFarmer => farmer
const asAvailabilityFarmer = ({ id, name, phone, email, town, cities, isPremium, deliveryAvailable, isBulk, produce, isDemo }: PublicFarmer): AvailabilityFarmer => ({
  id,
  name,
  phone,
  email,
  town,
  city: cities[0] ?? null,
  isPremium,
  deliveryAvailable,
  isBulk,
  produce,
  isDemo,
})

/** Produce counts over some farmers, most farmers first, then by name (the copy's order). */
function produceCounts(copy: IndexedCopy, positions: readonly number[]): { index: number; farmerCount: number }[] {
  const counts = new Map<number, number>()
  for (const position of positions) {
    for (const index of copy.farmerProduce[position]!) counts.set(index, (counts.get(index) ?? 0) + 1)
  }
  return [...counts]
    .sort((a, b) => a[0] - b[0])
    .map(([index, farmerCount]) => ({ index, farmerCount }))
    .sort((a, b) => b.farmerCount - a.farmerCount)
}

function search(copy: IndexedCopy, text: string): number[] {
  const words = searchWords(text)
  const positions = copy.farmers.map((_, i) => i)
  if (words.length === 0) return positions
  copy.haystacks ??= copy.farmers.map((f) => [f.name, f.town ?? '', f.tikina ?? '', ...f.cities, ...f.produce].join(' ').toLowerCase())
  const haystacks = copy.haystacks
  return positions.filter((i) => words.every((word) => haystacks[i]!.includes(word)))
}

const segment = (part: string | undefined) => {
  try {
    return part === undefined || part === '' ? undefined : decodeURIComponent(part)
  } catch {
    return undefined
  }
}

/**
 * The answer to a directory GET `url` (path and query) from the copy, or undefined when the copy
 * cannot answer it (not a directory list, or what the server would refuse or not find).
 */
export function answerFromCopy(copy: IndexedCopy, url: string): unknown {
  const parsed = new URL(url, 'http://copy.invalid')
  const parts = parsed.pathname.split('/').slice(1)
  const path = parts.join('/')
  const params = parsed.searchParams
  const cityIndex = (name: string | undefined) => (name === undefined ? undefined : copy.cityOf.get(matchKey(name)))

  if (path === 'api/farmers/locations') {
    return copy.cities.map(
      (city, i): FarmerLocation => ({ city, farmerCount: copy.byCity[i]!.length, farmers: copy.byCity[i]!.slice(0, COPY_PAGE_SIZES.first).map((p) => copy.farmers[p]!) }),
    ).filter((l) => l.farmerCount > 0)
  }
  if (path === 'api/produce/availability') {
    const all = copy.farmers.map((_, i) => i)
    return produceCounts(copy, all)
      .filter(({ index }) => copy.produce[index]!.id !== null)
      .map(({ index, farmerCount }): ProduceAvailability => ({
        id: copy.produce[index]!.id!,
        name: copy.produce[index]!.name,
        farmerCount,
        farmers: copy.byProduce[index]!.slice(0, COPY_PAGE_SIZES.first).map((p) => asAvailabilityFarmer(copy.farmers[p]!)),
      }))
  }
  if (path === 'api/farmers') {
    const query = pageQuery(params)
    return query && (pageOf(copy, search(copy, params.get('search') ?? ''), query, asCard) satisfies PublicFarmerPage)
  }
  const [api, first, second, third, fourth, fifth] = parts
  if (api !== 'api' || parts.length > 5) return undefined
  if (first === 'produce' && second === 'by-location' && parts.length === 4) {
    const city = cityIndex(segment(third))
    if (segment(third) === undefined) return undefined
    return city === undefined ? [] : produceCounts(copy, copy.byCity[city]!).map(({ index, farmerCount }): ProduceInCity => ({ name: copy.produce[index]!.name, farmerCount }))
  }
  const query = pageQuery(params)
  if (!query) return undefined
  if (first === 'farmers' && second === 'locations' && fourth === 'farmers' && parts.length === 5) {
    if (segment(third) === undefined) return undefined
    const city = cityIndex(segment(third))
    return pageOf(copy, city === undefined ? [] : copy.byCity[city]!, query, asCard)
  }
  if (first === 'farmers' && second === 'by-location-and-produce' && parts.length === 5) {
    const cityName = segment(third)
    const produceName = segment(fourth)
    if (cityName === undefined || produceName === undefined) return undefined
    const city = cityIndex(cityName)
    const produce = copy.produceOf.get(matchKey(produceName))
    const sellers = city === undefined || produce === undefined ? [] : copy.byProduce[produce]!.filter((p) => copy.farmerCities[p]!.has(city))
    return pageOf(copy, sellers, query, asCard)
  }
  if (first === 'produce' && second === 'availability' && fourth === 'farmers' && parts.length === 5 && fifth === undefined) {
    const id = Number(third)
    const produce = Number.isInteger(id) ? copy.produceById.get(id) : undefined
    // An unknown produce is a 404 online: the copy has no answer either.
    return produce === undefined ? undefined : pageOf(copy, copy.byProduce[produce]!, query, asAvailabilityFarmer)
  }
  return undefined
}
