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

/** Copies of the contract's flag bits (api/directory/snapshot.test.ts checks them). */
export const COPY_FLAGS = { premium: 1, bulk: 2, delivery: 4, demo: 8 } as const

export interface IndexedCopy {
  rows: DirectorySnapshot['farmers']
  cities: string[]
  produce: DirectorySnapshot['produce']
  /** Row positions, in list order, per city and per produce index. */
  byCity: number[][]
  byProduce: number[][]
  cityOf: Map<string, number>
  produceOf: Map<string, number>
  produceById: Map<number, number>
  /** Cards made so far: only the ones a page shows are ever made. */
  cards: (PublicFarmer | undefined)[]
  /** Built on the first search only. */
  haystacks?: string[]
}

const validIndexes = (indexes: readonly number[], length: number) => indexes.filter((i) => Number.isInteger(i) && i >= 0 && i < length)

/** Indexes a snapshot once (positions only, no card is made); every answer after that reads the indexes. */
export function indexCopy(snapshot: DirectorySnapshot): IndexedCopy {
  const byCity = snapshot.cities.map((): number[] => [])
  const byProduce = snapshot.produce.map((): number[] => [])
  snapshot.farmers.forEach((row, position) => {
    for (const i of validIndexes(row[7], snapshot.cities.length)) byCity[i]!.push(position)
    for (const i of validIndexes(row[8], snapshot.produce.length)) byProduce[i]!.push(position)
  })
  const produceById = new Map<number, number>()
  snapshot.produce.forEach((p, i) => {
    if (p.id !== null) produceById.set(p.id, i)
  })
  return {
    rows: snapshot.farmers,
    cities: snapshot.cities,
    produce: snapshot.produce,
    byCity,
    byProduce,
    cityOf: new Map(snapshot.cities.map((name, i) => [matchKey(name), i])),
    produceOf: new Map(snapshot.produce.map((p, i) => [matchKey(p.name), i])),
    produceById,
    cards: [],
  }
}

/** The card of the farmer at `position`, as the server's lists give it. */
function cardAt(copy: IndexedCopy, position: number): PublicFarmer {
  const made = copy.cards[position]
  if (made) return made
  const [id, name, phone, email, website, town, tikina, cities, produce, flags, photoUrls] = copy.rows[position]!
  const card: PublicFarmer = {
    id,
    name,
    phone,
    email,
    website,
    town,
    tikina,
    cities: validIndexes(cities, copy.cities.length).map((i) => copy.cities[i]!),
    produce: validIndexes(produce, copy.produce.length).map((i) => copy.produce[i]!.name),
    isPremium: (flags & COPY_FLAGS.premium) !== 0,
    isBulk: (flags & COPY_FLAGS.bulk) !== 0,
    deliveryAvailable: (flags & COPY_FLAGS.delivery) !== 0,
    isDemo: (flags & COPY_FLAGS.demo) !== 0,
    photoUrls,
  }
  copy.cards[position] = card
  return card
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
  const wanted = (query.delivery ? COPY_FLAGS.delivery : 0) | (query.bulk ? COPY_FLAGS.bulk : 0)
  const matching = wanted === 0 ? positions : positions.filter((i) => (copy.rows[i]![9] & wanted) === wanted)
  const start = (query.page - 1) * query.limit
  return { farmerCount: matching.length, page: query.page, limit: query.limit, farmers: matching.slice(start, start + query.limit).map((i) => toFarmer(cardAt(copy, i))) }
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
    for (const index of validIndexes(copy.rows[position]![8], copy.produce.length)) counts.set(index, (counts.get(index) ?? 0) + 1)
  }
  return [...counts]
    .sort((a, b) => a[0] - b[0])
    .map(([index, farmerCount]) => ({ index, farmerCount }))
    .sort((a, b) => b.farmerCount - a.farmerCount)
}

function search(copy: IndexedCopy, text: string): number[] {
  const words = searchWords(text)
  const positions = copy.rows.map((_, i) => i)
  if (words.length === 0) return positions
  copy.haystacks ??= copy.rows.map(([, name, , , , town, tikina, cities, produce]) =>
    [name, town ?? '', tikina ?? '', ...cities.map((i) => copy.cities[i] ?? ''), ...produce.map((i) => copy.produce[i]?.name ?? '')].join(' ').toLowerCase(),
  )
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
      (city, i): FarmerLocation => ({ city, farmerCount: copy.byCity[i]!.length, farmers: copy.byCity[i]!.slice(0, COPY_PAGE_SIZES.first).map((p) => cardAt(copy, p)) }),
    ).filter((l) => l.farmerCount > 0)
  }
  if (path === 'api/produce/availability') {
    const all = copy.rows.map((_, i) => i)
    return produceCounts(copy, all)
      .filter(({ index }) => copy.produce[index]!.id !== null)
      .map(({ index, farmerCount }): ProduceAvailability => ({
        id: copy.produce[index]!.id!,
        name: copy.produce[index]!.name,
        farmerCount,
        farmers: copy.byProduce[index]!.slice(0, COPY_PAGE_SIZES.first).map((p) => asAvailabilityFarmer(cardAt(copy, p))),
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
  if (first === 'farmers' && parts.length === 3 && second) {
    // One farmer's card (the farmer page). Not in the copy: unlisted, a 404 online; no answer here either.
    const id = second.toLowerCase()
    const position = copy.rows.findIndex((row) => row[0] === id)
    return position === -1 ? undefined : cardAt(copy, position)
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
    const sellers = city === undefined || produce === undefined ? [] : copy.byProduce[produce]!.filter((p) => copy.rows[p]![7].includes(city))
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
