// Pure logic of the directory screens (search, filters, availability bars, contact links).
// Type-only imports from the contract: nothing here may pull zod into the home page's chunk.
import type { FarmerLocation, ProduceAvailability, PublicFarmer, SearchType } from '../../../api/contract'
import { t } from '../../i18n/runtime'
import { typedSearch } from '../../shared/api'
import { BROWSE_FARMERS_PER_PAGE } from '../../../api/contract/public-pages'

export interface Filters {
  delivery: boolean
  bulk: boolean
}

/** Produce availability bars: the first 50 only (spec 000 §9). */
export const AVAILABILITY_LIMIT = 50
export const BAR_MIN_WIDTH_PERCENT = 15

/** The product's own mail domain; farmer cards hide internal placeholder addresses. */
const INTERNAL_MAIL_DOMAIN = 'vitifarmers.org.fj'

export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

function tokens(query: string): string[] {
  const n = normalize(query)
  return n === '' ? [] : n.split(' ')
}

/** Each listed farmer once (a farmer serving three cities appears in three city entries). */
export function uniqueFarmers(locations: readonly FarmerLocation[]): PublicFarmer[] {
  const seen = new Map<string, PublicFarmer>()
  for (const location of locations) {
    for (const farmer of location.farmers) if (!seen.has(farmer.id)) seen.set(farmer.id, farmer)
  }
  return sortFarmers([...seen.values()])
}

/** Premium farmers first, then by name. */
export function sortFarmers<T extends { name: string; isPremium: boolean }>(farmers: readonly T[]): T[] {
  return [...farmers].sort((a, b) => Number(b.isPremium) - Number(a.isPremium) || a.name.localeCompare(b.name))
}

export function passesFilters(farmer: Pick<PublicFarmer, 'deliveryAvailable' | 'isBulk'>, filters: Filters): boolean {
  return (!filters.delivery || farmer.deliveryAvailable) && (!filters.bulk || farmer.isBulk)
}

function haystack(farmer: PublicFarmer): string {
  return normalize([farmer.name, farmer.town ?? '', farmer.tikina ?? '', ...farmer.cities, ...farmer.produce].join(' '))
}

/**
 * Farmers matching every word of the query (in name, town, tikina, cities or produce — so
 * "tomatoes nadi" finds Nadi's tomato growers) and both filters. An empty query matches all.
 */
export function searchFarmers(farmers: readonly PublicFarmer[], query: string, filters: Filters): PublicFarmer[] {
  const words = tokens(query)
  return farmers.filter((farmer) => {
    if (!passesFilters(farmer, filters)) return false
    if (words.length === 0) return true
    const text = ` ${haystack(farmer)}`
    return words.every((word) => text.includes(` ${word}`))
  })
}

/** GET /api/farmers with the search and the filters ('true' narrows; absent does not filter). */
export function farmersSearchUrl(query: string, filters: Filters): string {
  const params = new URLSearchParams()
  const text = typedSearch(query)
  if (text) params.set('search', text.slice(0, 200))
  if (filters.delivery) params.set('delivery', 'true')
  if (filters.bulk) params.set('bulk', 'true')
  const qs = params.toString()
  return qs ? `/api/farmers?${qs}` : '/api/farmers'
}

/** Farmers per "Show more" page: a dialog's list, and the card grids (three columns). */
export const DIALOG_PAGE_SIZE = 20
/** A page of browse's and the search's card lists (the server's HTML of a browse step carries the first). */
export const CARD_PAGE_SIZE = BROWSE_FARMERS_PER_PAGE

/** A page of a paged farmer list: `url` with ?page, ?limit and the filters that narrow ('true' only). */
export function farmerPageUrl(url: string, { page, limit, delivery, bulk }: { page: number; limit: number; delivery?: boolean; bulk?: boolean }): string {
  const [path = '', query = ''] = url.split('?')
  const params = new URLSearchParams(query)
  if (delivery) params.set('delivery', 'true')
  if (bulk) params.set('bulk', 'true')
  params.set('page', String(page))
  params.set('limit', String(limit))
  return `${path}?${params.toString()}`
}

export function showMoreLabel(remaining: number): string {
  return t('home.showMore', { count: remaining })
}

/** True when a search or a filter is active, so the results list is shown. */
export function isSearching(query: string, filters: Filters): boolean {
  return query.trim() !== '' || filters.delivery || filters.bulk
}

export interface SearchKnowledge {
  produce: readonly string[]
  cities: readonly string[]
  farmers: readonly string[]
}

/** Exact: the whole name, or either half of "Dalo (Taro)". Otherwise: the query starts a word of the name. */
function nameMatches(name: string, query: string, exact: boolean): boolean {
  const n = normalize(name)
  if (!exact) return ` ${n}`.includes(` ${query}`)
  const inner = /\(([^)]*)\)/.exec(name)?.[1] ?? ''
  return n === query || normalize(name.replace(/\([^)]*\)/g, ' ')) === query || (inner !== '' && normalize(inner) === query)
}

/**
 * The search event's type and location (spec 000 §3 "Search analytics"): exact names first
 * (a city, a produce, a farmer), then the start of a word; "general" when nothing matches.
 * `location` is the city named in the query, else the city being browsed.
 */
export function inferSearch(
  query: string,
  known: SearchKnowledge,
  browsingCity?: string,
): { searchType: SearchType; location?: string } {
  const q = normalize(query)
  const words = tokens(query)
  const namedCity =
    known.cities.find((c) => normalize(c) === q) ??
    known.cities.find((c) => {
      const city = normalize(c)
      return words.length > 1 && ` ${q} `.includes(` ${city} `)
    })
  const location = namedCity ?? browsingCity
  const withLocation = (searchType: SearchType) => (location ? { searchType, location } : { searchType })
  if (q === '') return withLocation('general')
  for (const exact of [true, false]) {
    if (known.cities.some((c) => nameMatches(c, q, exact))) return withLocation('city')
    if (known.produce.some((p) => nameMatches(p, q, exact))) return withLocation('produce')
    if (known.farmers.some((f) => nameMatches(f, q, exact))) return withLocation('farmer')
  }
  // Several words: "tomatoes nadi" is a produce search in a place.
  if (words.some((w) => known.produce.some((p) => nameMatches(p, w, false)))) return withLocation('produce')
  if (namedCity) return withLocation('city')
  return withLocation('general')
}

// ---- produce availability

/** Bar colours by farmer count: 5+ green, 3–4 yellow, fewer orange; dark text on each (AA). */
export const barTones = {
  high: { bg: 'green.400', border: 'green.700', fg: 'gray.900', bgHex: '#4ade80', fgHex: '#18181b' },
  medium: { bg: 'yellow.300', border: 'yellow.700', fg: 'gray.900', bgHex: '#fde047', fgHex: '#18181b' },
  low: { bg: 'orange.300', border: 'orange.700', fg: 'gray.900', bgHex: '#fdba74', fgHex: '#18181b' },
} as const

export function barTone(farmerCount: number): keyof typeof barTones {
  if (farmerCount >= 5) return 'high'
  if (farmerCount >= 3) return 'medium'
  return 'low'
}

/** Width of a bar relative to the largest count, never under 15 %. */
export function barWidthPercent(farmerCount: number, maxCount: number): number {
  if (maxCount <= 0) return BAR_MIN_WIDTH_PERCENT
  return Math.max(BAR_MIN_WIDTH_PERCENT, Math.round((farmerCount / maxCount) * 100))
}

/** Produce that has listed farmers, most farmers first; the panel shows the first 50. */
export function availableProduce(items: readonly ProduceAvailability[]): ProduceAvailability[] {
  // Equal counts keep the server's order (by name, in English collation): the first
  // localeCompare of a page loads ICU's collator, a long task on a slow phone's first screen.
  return items.filter((p) => p.farmerCount > 0).sort((a, b) => b.farmerCount - a.farmerCount)
}

// ---- city grid

/** The cities with listed farmers, in the server's order (by name, in English collation): sorting
 * again here would load ICU's collator, a long task on a slow phone's first screen. */
export function citiesWithFarmers<T extends { city: string; farmerCount: number }>(cities: readonly T[]): T[] {
  return cities.filter((l) => l.farmerCount > 0)
}

// ---- contact links

// The links themselves live in the contract (zod-free): the server's farmer page renders the same ones.
export { mailtoHref, telHref, whatsappHref } from '../../../api/contract/display'

/** The e-mail a card may show: null for none or an internal placeholder address. */
export function publicEmail(email: string | null | undefined): string | null {
  if (!email || !email.trim()) return null
  return email.trim().toLowerCase().endsWith(`@${INTERNAL_MAIL_DOMAIN}`) ? null : email.trim()
}

/** Only http(s) websites become links (a stored value can never run script). */
export function safeWebsite(website: string | null | undefined): string | null {
  if (!website) return null
  const withScheme = /^https?:\/\//i.test(website.trim()) ? website.trim() : `https://${website.trim()}`
  try {
    const url = new URL(withScheme)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}

export function farmerCountLabel(count: number): string {
  return t('home.farmerCount', { count })
}

/** "Town, City" without empty parts. */
export function joinPlace(...parts: (string | null | undefined)[]): string {
  return parts.filter((p): p is string => !!p && p.trim() !== '').join(', ')
}
