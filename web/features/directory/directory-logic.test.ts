import { describe, expect, it } from 'vitest'
import { isInternalEmail, type FarmerLocation, type PublicFarmer } from '../../../api/contract'
import {
  farmerPageUrl,
  showMoreLabel,
  availableProduce,
  citiesWithFarmers,
  barTone,
  barTones,
  barWidthPercent,
  farmersSearchUrl,
  inferSearch,
  isSearching,
  joinPlace,
  publicEmail,
  safeWebsite,
  searchFarmers,
  telHref,
  uniqueFarmers,
  whatsappHref,
} from './directory-logic'

let n = 0
function farmer(over: Partial<PublicFarmer>): PublicFarmer {
  n++
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Farmer ${n}`,
    phone: '+679 920 1373',
    email: null,
    website: null,
    town: null,
    tikina: null,
    cities: [],
    produce: [],
    isPremium: false,
    isBulk: false,
    deliveryAvailable: false,
    isDemo: false,
    photoUrls: [],
    ...over,
  }
}

const josaia = farmer({ name: 'Josaia Tuilevu', town: 'Sabeto', cities: ['Nadi', 'Lautoka'], produce: ['Dalo (Taro)', 'Cassava (Tavioka)'], isPremium: true, deliveryAvailable: true })
const sunita = farmer({ name: 'Sunita Devi', town: 'Namaka', cities: ['Nadi'], produce: ['Eggplant', 'Tomatoes'], isBulk: true })
const ramesh = farmer({ name: 'Ramesh Prasad', town: 'Drasa', cities: ['Lautoka', 'Ba'], produce: ['Cabbage', 'Tomatoes'], isBulk: true, deliveryAvailable: true })
const all = [josaia, sunita, ramesh]
const none = { delivery: false, bulk: false }

describe('search', () => {
  it('matches every word against name, town, cities and produce', () => {
    expect(searchFarmers(all, 'tomatoes', none)).toEqual([sunita, ramesh])
    expect(searchFarmers(all, 'tomatoes nadi', none)).toEqual([sunita])
    expect(searchFarmers(all, 'taro', none)).toEqual([josaia])
    expect(searchFarmers(all, 'SABETO', none)).toEqual([josaia])
    expect(searchFarmers(all, 'xyzzy plants', none)).toEqual([])
  })
  it('narrows with Delivery Available and Bulk Available', () => {
    expect(searchFarmers(all, 'tomatoes', { delivery: false, bulk: true })).toEqual([sunita, ramesh])
    expect(searchFarmers(all, 'tomatoes', { delivery: true, bulk: true })).toEqual([ramesh])
    expect(searchFarmers(all, '', { delivery: true, bulk: false })).toEqual([josaia, ramesh])
  })
  it('shows results for a text or a filter', () => {
    expect(isSearching('  ', none)).toBe(false)
    expect(isSearching('dalo', none)).toBe(true)
    expect(isSearching('', { delivery: true, bulk: false })).toBe(true)
  })
  it('asks GET /api/farmers with the text and only the ticked filters', () => {
    expect(farmersSearchUrl(' dalo  ', none)).toBe('/api/farmers?search=dalo')
    expect(farmersSearchUrl('tomatoes nadi', { delivery: true, bulk: true })).toBe('/api/farmers?search=tomatoes+nadi&delivery=true&bulk=true')
    expect(farmersSearchUrl('', { delivery: false, bulk: true })).toBe('/api/farmers?bulk=true')
  })
  it('asks without the direction marks and zero-width spaces a name pasted from a chat app carries (the server refuses them)', () => {
    expect(farmersSearchUrl('\u2066Sunita Devi\u2069 ', none)).toBe('/api/farmers?search=Sunita+Devi')
    expect(farmersSearchUrl('\u200e\u200b', none)).toBe('/api/farmers')
  })
  it('lists each farmer once, premium first then by name', () => {
    const locations: FarmerLocation[] = [
      { city: 'Nadi', farmerCount: 2, farmers: [sunita, josaia] },
      { city: 'Lautoka', farmerCount: 2, farmers: [josaia, ramesh] },
    ]
    expect(uniqueFarmers(locations).map((f) => f.name)).toEqual(['Josaia Tuilevu', 'Ramesh Prasad', 'Sunita Devi'])
  })
})

describe('search event type and location', () => {
  const known = { produce: ['Dalo (Taro)', 'Tomatoes', 'Bele'], cities: ['Nadi', 'Ba', 'Lautoka'], farmers: ['Josaia Tuilevu', 'Bale Farm'] }
  it('infers produce, city, farmer or general', () => {
    expect(inferSearch('tomatoes', known)).toEqual({ searchType: 'produce' })
    expect(inferSearch('Taro', known)).toEqual({ searchType: 'produce' })
    expect(inferSearch('nadi', known)).toEqual({ searchType: 'city', location: 'Nadi' })
    expect(inferSearch('josaia', known)).toEqual({ searchType: 'farmer' })
    expect(inferSearch('organic honey', known)).toEqual({ searchType: 'general' })
  })
  it('prefers an exact name over the start of another ("Ba" is a city, not "Bale")', () => {
    expect(inferSearch('ba', known)).toEqual({ searchType: 'city', location: 'Ba' })
  })
  it('takes the location from the query or from the city being browsed', () => {
    expect(inferSearch('tomatoes nadi', known)).toEqual({ searchType: 'produce', location: 'Nadi' })
    expect(inferSearch('tomatoes', known, 'Lautoka')).toEqual({ searchType: 'produce', location: 'Lautoka' })
  })
})

describe('produce availability bars', () => {
  it('colours by count: 5+ green, 3–4 yellow, fewer orange', () => {
    expect([7, 5, 4, 3, 2, 1].map(barTone)).toEqual(['high', 'high', 'medium', 'medium', 'low', 'low'])
  })
  it('is at least 15 % wide', () => {
    expect(barWidthPercent(10, 10)).toBe(100)
    expect(barWidthPercent(5, 10)).toBe(50)
    expect(barWidthPercent(1, 20)).toBe(15)
    expect(barWidthPercent(0, 0)).toBe(15)
  })
  it("keeps produce with farmers, most first, equal counts in the server's (name) order", () => {
    const p = (id: number, name: string, farmerCount: number) => ({ id, name, farmerCount, farmers: [] })
    expect(availableProduce([p(1, 'Okra', 1), p(4, 'Cabbage', 5), p(3, 'Bele', 0), p(2, 'Dalo', 5)]).map((x) => x.name)).toEqual(['Cabbage', 'Dalo', 'Okra'])
    expect(availableProduce([p(2, 'Dalo', 5), p(4, 'Cabbage', 5)]).map((x) => x.name)).toEqual(['Dalo', 'Cabbage'])
  })
  it("keeps the cities with listed farmers in the server's order", () => {
    const c = (city: string, farmerCount: number) => ({ city, farmerCount })
    expect(citiesWithFarmers([c('Ba', 2), c('Lautoka', 0), c('Nadi', 5), c('Ōvalau', 1)]).map((x) => x.city)).toEqual(['Ba', 'Nadi', 'Ōvalau'])
  })
  it('keeps the count text at AA contrast on every bar colour', () => {
    for (const tone of Object.values(barTones)) expect(contrast(tone.fgHex, tone.bgHex)).toBeGreaterThanOrEqual(4.5)
  })
})

describe('farmer pages', () => {
  it('asks for a page with its limit, keeping a search and adding only the filters that narrow', () => {
    expect(farmerPageUrl('/api/farmers/locations/Nadi%20Town/farmers', { page: 2, limit: 20 })).toBe('/api/farmers/locations/Nadi%20Town/farmers?page=2&limit=20')
    expect(farmerPageUrl('/api/farmers?search=dalo', { page: 1, limit: 24, delivery: true, bulk: false })).toBe('/api/farmers?search=dalo&delivery=true&page=1&limit=24')
    expect(showMoreLabel(7)).toBe('Show more farmers (7 more)')
  })
})

describe('contact links', () => {
  it('builds tel: and WhatsApp links from a Fiji number', () => {
    expect(telHref('+679 920 1373')).toBe('tel:+6799201373')
    // Written in full without its '+', or local: the same +679 number, never a bare 679… string.
    expect(telHref('679 920 1373')).toBe('tel:+6799201373')
    expect(telHref('6799201373')).toBe('tel:+6799201373')
    expect(telHref('920 1373')).toBe('tel:+6799201373')
    expect(whatsappHref('+679 920 1373')).toBe('https://wa.me/6799201373')
    expect(whatsappHref('920 1373')).toBe('https://wa.me/6799201373')
    expect(whatsappHref('00679 920-1373')).toBe('https://wa.me/6799201373')
    expect(whatsappHref('123')).toBeNull()
  })
  it('hides internal e-mail addresses like the contract does', () => {
    for (const email of ['a@vitifarmers.org.fj', 'A@VitiFarmers.org.fj', 'sunita.devi@demo.vitifarmers.org.fj', 'x@gmail.com']) {
      expect(publicEmail(email) === null).toBe(isInternalEmail(email))
    }
    expect(publicEmail(null)).toBeNull()
    expect(publicEmail('  ')).toBeNull()
  })
  it('links only http(s) websites', () => {
    expect(safeWebsite('https://farm.fj/')).toBe('https://farm.fj/')
    expect(safeWebsite('farm.fj')).toBe('https://farm.fj/')
    expect(safeWebsite('javascript:alert(1)')).toBeNull()
    expect(safeWebsite(null)).toBeNull()
  })
  it('joins town and city without empty parts', () => {
    expect(joinPlace('Sabeto', null, 'Nadi')).toBe('Sabeto, Nadi')
    expect(joinPlace(null, '')).toBe('')
  })
})

function luminance(hex: string): number {
  const value = Number.parseInt(hex.slice(1), 16)
  const channel = (c: number) => {
    const s = c / 255
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel((value >> 16) & 255) + 0.7152 * channel((value >> 8) & 255) + 0.0722 * channel(value & 255)
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}
