// Kysely reads for the public directory: listed farmers only (public-listing.ts) and the active
// reference names they are matched against.
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { isPubliclyListed } from './public-listing'

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

export function parseList(json: string | null | undefined): string[] {
  if (!json) return []
  try {
    const value: unknown = JSON.parse(json)
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []
  } catch {
    return []
  }
}

export function directoryRepository(db: Kysely<Database>) {
  return {
    async listedFarmers(now: Date): Promise<ListedFarmer[]> {
      const rows = await db
        .selectFrom('farmers')
        .select(['id', 'name', 'phone', 'email', 'website', 'town', 'tikina', 'cities', 'produce', 'photoUrls', 'isPremium', 'isBulk', 'deliveryAvailable', 'isDemo'])
        .where(isPubliclyListed(now))
        .execute()
      return rows.map((r) => ({
        ...r,
        cities: parseList(r.cities),
        produce: parseList(r.produce),
        photoUrls: parseList(r.photoUrls),
        isPremium: r.isPremium === 1,
        isBulk: r.isBulk === 1,
        deliveryAvailable: r.deliveryAvailable === 1,
        isDemo: r.isDemo === 1,
      }))
    },
    activeProduce: () => db.selectFrom('produce').select(['id', 'name']).where('isActive', '=', 1).orderBy('name').execute(),
    activeLocationNames: async () =>
      (await db.selectFrom('locations').select('name').where('isActive', '=', 1).execute()).map((l) => l.name),
  }
}
