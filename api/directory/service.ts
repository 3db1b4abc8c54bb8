// Public directory rules: who is shown (listed farmers only), how names match (case-insensitive),
// what a card may reveal (no internal e-mail) and the order lists come in.
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import {
  displayPhotoPath,
  isInternalEmail,
  type AvailabilityFarmer,
  type FarmerLocation,
  type ProduceAvailability,
  type ProduceInCity,
  type PublicFarmer,
  type PublicFarmersQuery,
} from '../contract'
import { directoryRepository, type ListedFarmer } from './repository'

const key = (name: string) => name.trim().toLocaleLowerCase('en')
const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'en')
/** Farmer lists: premium listings first, then by name. */
const farmerOrder = (a: ListedFarmer, b: ListedFarmer) => Number(b.isPremium) - Number(a.isPremium) || byName(a, b)
const hasName = (list: string[], name: string) => list.some((item) => key(item) === key(name))
/** Search text: accents dropped, punctuation as spaces, lower case (so "Dalo (Taro)" matches "taro"). */
const searchText = (text: string) =>
  text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLocaleLowerCase('en').replace(/[^\p{L}\p{N}]+/gu, ' ').trim()

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

  /** Listed farmers serving a city (case-insensitive). */
  const farmersIn = async (city: string, now: Date) =>
    (await repository.listedFarmers(now)).filter((f) => hasName(f.cities, city)).sort(farmerOrder)

  return {
    /** Active produce with at least one listed farmer, most farmers first, then by name. */
    async produceAvailability(now = new Date()): Promise<ProduceAvailability[]> {
      const [farmers, produce] = await Promise.all([repository.listedFarmers(now), repository.activeProduce()])
      farmers.sort(farmerOrder)
      return produce
        .map((p) => {
          const sellers = farmers.filter((f) => hasName(f.produce, p.name))
          return { id: p.id, name: p.name, farmerCount: sellers.length, farmers: sellers.map(toAvailabilityFarmer) }
        })
        .filter((p) => p.farmerCount > 0)
        .sort((a, b) => b.farmerCount - a.farmerCount || byName(a, b))
    },

    /** Cities that listed farmers serve, by name; spelled as in the locations list when they match one. */
    async farmerLocations(now = new Date()): Promise<FarmerLocation[]> {
      const [farmers, locationNames] = await Promise.all([repository.listedFarmers(now), repository.activeLocationNames()])
      const spelling = new Map(locationNames.map((name) => [key(name), name]))
      const groups = new Map<string, { city: string; farmers: ListedFarmer[] }>()
      for (const farmer of farmers.sort(farmerOrder)) {
        for (const city of new Set(farmer.cities.map(key))) {
          const group = groups.get(city) ?? { city: spelling.get(city) ?? farmer.cities.find((c) => key(c) === city) ?? city, farmers: [] }
          group.farmers.push(farmer)
          groups.set(city, group)
        }
      }
      return [...groups.values()]
        .map((g) => ({ city: g.city, farmerCount: g.farmers.length, farmers: g.farmers.map(toPublicFarmer) }))
        .sort((a, b) => a.city.localeCompare(b.city, 'en'))
    },

    /** Produce sold by listed farmers of a city, most farmers first, then by name. */
    async produceInCity(city: string, now = new Date()): Promise<ProduceInCity[]> {
      const [farmers, produce] = await Promise.all([farmersIn(city, now), repository.activeProduce()])
      const spelling = new Map(produce.map((p) => [key(p.name), p.name]))
      const counts = new Map<string, ProduceInCity>()
      for (const farmer of farmers) {
        for (const item of new Set(farmer.produce.map(key))) {
          const entry = counts.get(item) ?? { name: spelling.get(item) ?? farmer.produce.find((p) => key(p) === item) ?? item, farmerCount: 0 }
          entry.farmerCount += 1
          counts.set(item, entry)
        }
      }
      return [...counts.values()].sort((a, b) => b.farmerCount - a.farmerCount || byName(a, b))
    },

    async farmersByCityAndProduce(city: string, produce: string, now = new Date()): Promise<PublicFarmer[]> {
      return (await farmersIn(city, now)).filter((f) => hasName(f.produce, produce)).map(toPublicFarmer)
    },

    /** The home page search: every word must appear in the name, a produce, the village, tikina or a city. */
    async searchFarmers(query: PublicFarmersQuery, now = new Date()): Promise<PublicFarmer[]> {
      const words = searchText(query.search ?? '').split(' ').filter(Boolean)
      return (await repository.listedFarmers(now))
        .filter((f) => !query.delivery || f.deliveryAvailable)
        .filter((f) => !query.bulk || f.isBulk)
        .filter((f) => {
          const haystack = [f.name, f.town ?? '', f.tikina ?? '', ...f.cities, ...f.produce].map(searchText)
          return words.every((word) => haystack.some((text) => text.includes(word)))
        })
        .sort(farmerOrder)
        .map(toPublicFarmer)
    },
  }
}
