// Public directory rules: who is shown (listed farmers only), how names match (case-insensitive),
// what a card may reveal (no internal e-mail), the order lists come in (premium first, then
// name) and how much one answer carries (counts, plus a first page of farmers; pages after it).
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import {
  FIRST_PAGE_SIZE,
  displayPhotoPath,
  isInternalEmail,
  messages,
  type AvailabilityFarmer,
  type AvailabilityFarmerPage,
  type DirectorySnapshot,
  SNAPSHOT_FLAGS,
  type FarmerLocation,
  type FarmerPageQuery,
  type ProduceAvailability,
  type ProduceInCity,
  type PublicFarmer,
  type PublicFarmerPage,
  type PublicFarmersQuery,
} from '../contract'
import { notFound } from '../errors'
import { directoryRepository, type ListedFarmer, type PageRequest, type PairFilter } from './repository'

const byCount = <T extends { farmerCount: number; name: string }>(a: T, b: T) => b.farmerCount - a.farmerCount || a.name.localeCompare(b.name, 'en')
/** Search words: accents dropped, punctuation as spaces, lower case (so "Dalo (Taro)" matches "taro"). */
const searchWords = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLocaleLowerCase('en')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
const firstPage: PageRequest = { page: 1, limit: FIRST_PAGE_SIZE }
/** SQLite's lower(trim(name)), the key the pairs match on: spaces trimmed, ASCII letters lowered. */
const matchKey = (name: string) => name.replace(/^ +| +$/g, '').replace(/[A-Z]/g, (c) => c.toLowerCase())
const byName = (a: string, b: string) => a.localeCompare(b, 'en')
/** Farmers per query and per piece of the offline copy's JSON (a few ms of the thread each). */
const SNAPSHOT_SLICE = 2_000
/** A turn of the event loop: requests waiting meanwhile are served. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

/** Names by match key, each given a spelling; `indexOf` numbers them in name order once all are in. */
function nameTable(spellingOf: (key: string) => string | undefined) {
  const names = new Map<string, string>()
  return {
    add(name: string) {
      const key = matchKey(name)
      const known = spellingOf(key)
      const seen = names.get(key)
      // The reference list's spelling, else the smallest farmers use (SQL min(), as produceInCity).
      if (known !== undefined) names.set(key, known)
      else if (seen === undefined || name < seen) names.set(key, name)
      return key
    },
    sorted() {
      const entries = [...names].sort((a, b) => byName(a[1], b[1]))
      const index = new Map(entries.map(([key], i) => [key, i]))
      return { names: entries.map(([key, name]) => ({ key, name })), indexOf: (key: string) => index.get(key) ?? -1 }
    },
  }
}

export function directoryService(db: Kysely<Database>, mailDomain: string) {
  const repository = directoryRepository(db)
  // Internal placeholder addresses (farmers without e-mail) must never show on a card (spec 000 §2).
  const publicEmail = (email: string | null) => (email && !isInternalEmail(email, mailDomain) ? email : null)

  const toPublicFarmer = (f: ListedFarmer): PublicFarmer => ({
    id: f.id,
    name: f.name,
    phone: f.phone.trim() === '' ? null : f.phone,
    email: publicEmail(f.email),
    website: f.website,
    town: f.town,
    tikina: f.tikina,
    cities: f.cities,
    produce: f.produce,
    isPremium: f.isPremium,
    isBulk: f.isBulk,
    deliveryAvailable: f.deliveryAvailable,
    isDemo: f.isDemo,
    photoUrls: f.photoUrls.map(displayPhotoPath),
  })

  const toAvailabilityFarmer = (f: ListedFarmer): AvailabilityFarmer => ({
    id: f.id,
    name: f.name,
    phone: f.phone.trim() === '' ? null : f.phone,
    email: publicEmail(f.email),
    town: f.town,
    city: f.cities[0] ?? null,
    isPremium: f.isPremium,
    deliveryAvailable: f.deliveryAvailable,
    isBulk: f.isBulk,
    produce: f.produce,
    isDemo: f.isDemo,
  })

  /** A page with the count of the whole list (no page query when the list is empty). */
  const pageOf = async <T>(filter: PairFilter, query: PageRequest, now: Date, toFarmer: (f: ListedFarmer) => T) => {
    const farmerCount = await repository.farmerCount(filter, query, now)
    const farmers = farmerCount === 0 ? [] : await repository.farmersOnPage(filter, query, now)
    return { farmerCount, page: query.page, limit: query.limit, farmers: farmers.map(toFarmer) }
  }
  const publicPage = (filter: PairFilter, query: PageRequest, now: Date): Promise<PublicFarmerPage> => pageOf(filter, query, now, toPublicFarmer)

  return {
    /** Moves on with every write that can change an answer (for the answer cache). */
    version: () => repository.version(),

    /** Active produce with at least one listed farmer, most farmers first, then by name; each with its first page. */
    async produceAvailability(now = new Date()): Promise<ProduceAvailability[]> {
      const [counts, produce] = await Promise.all([repository.countsByKey('produce', now), repository.activeProduce()])
      const countOf = new Map(counts.map((c) => [c.key, Number(c.farmerCount)]))
      const items = produce
        .map((p) => ({ id: p.id, name: p.name, farmerCount: countOf.get(p.key) ?? 0 }))
        .filter((p) => p.farmerCount > 0)
        .sort(byCount)
      return Promise.all(
        items.map(async (item) => {
          const farmers = await repository.farmersOnPage({ kind: 'produce', name: item.name }, firstPage, now)
          return { ...item, farmers: farmers.map(toAvailabilityFarmer) }
        }),
      )
    },

    /** A page of one active produce's listed farmers (the produce dialog's "Show more"). */
    async produceFarmers(produceId: number, query: FarmerPageQuery, now = new Date()): Promise<AvailabilityFarmerPage> {
      const produce = await repository.produceById(produceId)
      if (!produce) throw notFound(messages.common.notFound)
      return pageOf({ kind: 'produce', name: produce.name }, query, now, toAvailabilityFarmer)
    },

    /** Cities that listed farmers serve, by name, spelled as in the locations list when they match one; each with its first page. */
    async farmerLocations(now = new Date()): Promise<FarmerLocation[]> {
      const [counts, locations] = await Promise.all([repository.countsByKey('city', now), repository.activeLocations()])
      const spelling = new Map(locations.map((l) => [l.key, l.name]))
      const cities = await Promise.all(
        counts.map(async (c) => ({ city: spelling.get(c.key) ?? (await repository.spellingOf('city', c.key)), farmerCount: Number(c.farmerCount) })),
      )
      cities.sort((a, b) => a.city.localeCompare(b.city, 'en'))
      return Promise.all(
        cities.map(async (c) => ({ ...c, farmers: (await repository.farmersOnPage({ kind: 'city', name: c.city }, firstPage, now)).map(toPublicFarmer) })),
      )
    },

    /** A page of one city's listed farmers (the city dialog's and browse screen's "Show more"). */
    cityFarmers: (city: string, query: FarmerPageQuery, now = new Date()): Promise<PublicFarmerPage> => publicPage({ kind: 'city', name: city }, query, now),

    /** Produce sold by listed farmers of a city, most farmers first, then by name. */
    async produceInCity(city: string, now = new Date()): Promise<ProduceInCity[]> {
      const [counts, produce] = await Promise.all([repository.produceCountsInCity(city, now), repository.activeProduce()])
      const spelling = new Map(produce.map((p) => [p.key, p.name]))
      return counts.map((c) => ({ name: spelling.get(c.key) ?? c.spelling, farmerCount: Number(c.farmerCount) })).sort(byCount)
    },

    farmersByCityAndProduce: (city: string, produce: string, query: FarmerPageQuery, now = new Date()): Promise<PublicFarmerPage> =>
      publicPage({ kind: 'produce', name: produce, city }, query, now),

    /**
     * Every listed farmer once, cities and produce by index (the offline copy, issue 17), as the JSON
     * text of a DirectorySnapshot. Spelled as the other answers spell them: a city as the locations
     * list, a produce as the active produce list. At 100,000 farmers this is ~15 MB: it is read
     * SNAPSHOT_SLICE farmers a query and written out as many at a time, with a turn of the event
     * loop between, so no other request waits more than one slice behind it (decision 030).
     */
    async directorySnapshotJson(now = new Date()): Promise<string> {
      const [locations, produce] = await Promise.all([repository.activeLocations(), repository.activeProduce()])
      const locationSpelling = new Map(locations.map((l) => [l.key, l.name]))
      const activeProduce = new Map(produce.map((p) => [p.key, p]))
      const cityNames = nameTable((key) => locationSpelling.get(key))
      const produceNames = nameTable((key) => activeProduce.get(key)?.name)
      const keyed: { farmer: ListedFarmer; cityKeys: Set<string>; produceKeys: Set<string> }[] = []
      for await (const page of repository.listedFarmerPages(now, SNAPSHOT_SLICE)) {
        for (const f of page) keyed.push({ farmer: f, cityKeys: new Set(f.cities.map(cityNames.add)), produceKeys: new Set(f.produce.map(produceNames.add)) })
        await nextTurn()
      }
      const cities = cityNames.sorted()
      const produceList = produceNames.sorted()
      const tuple = ({ farmer, cityKeys, produceKeys }: (typeof keyed)[number]): DirectorySnapshot['farmers'][number] => {
        const card = toPublicFarmer(farmer)
        const flags =
          (card.isPremium ? SNAPSHOT_FLAGS.premium : 0) | (card.isBulk ? SNAPSHOT_FLAGS.bulk : 0) | (card.deliveryAvailable ? SNAPSHOT_FLAGS.delivery : 0) | (card.isDemo ? SNAPSHOT_FLAGS.demo : 0)
        return [card.id, card.name, card.phone, card.email, card.website, card.town, card.tikina, [...cityKeys].map(cities.indexOf), [...produceKeys].map(produceList.indexOf), flags, card.photoUrls]
      }
      const head: Omit<DirectorySnapshot, 'farmers'> = {
        cities: cities.names.map((c) => c.name),
        produce: produceList.names.map((p) => ({ id: activeProduce.get(p.key)?.id ?? null, name: p.name })),
      }
      // JSON.stringify of { cities, produce, farmers } piece by piece: the same text, in slices.
      const farmerParts: string[] = []
      for (let i = 0; i < keyed.length; i += SNAPSHOT_SLICE) {
        farmerParts.push(keyed.slice(i, i + SNAPSHOT_SLICE).map((k) => JSON.stringify(tuple(k))).join(','))
        await nextTurn()
      }
      return `${JSON.stringify(head).slice(0, -1)},"farmers":[${farmerParts.join(',')}]}`
    },

    /** The home page search: every word must appear in the name, a produce, the village, tikina or a city. */
    /** One listed farmer's card (the farmer page, /farmers/<id>); 404 for an unknown or unlisted farmer. */
    async farmer(id: string, now = new Date()): Promise<PublicFarmer> {
      const farmer = await repository.listedFarmerById(id.toLowerCase(), now)
      if (!farmer) throw notFound(messages.common.notFound)
      return toPublicFarmer(farmer)
    },

    /** Every listed farmer's id (the sitemap's farmer pages). */
    listedFarmerIds: (now = new Date()) => repository.listedFarmerIds(now),

    async searchFarmers(query: PublicFarmersQuery, now = new Date()): Promise<PublicFarmerPage> {
      const { farmerCount, farmers } = await repository.searchPage(searchWords(query.search ?? ''), query, now)
      return { farmerCount, page: query.page, limit: query.limit, farmers: farmers.map(toPublicFarmer) }
    },
  }
}
