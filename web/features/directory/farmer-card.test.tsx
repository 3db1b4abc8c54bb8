// The farmer card as a buyer reads it (spec 000 §2): its fields in the spec's order, the
// 'Sells {produce}' line last, after the service areas.
import { ChakraProvider } from '@chakra-ui/react'
import { renderToString } from 'react-dom/server'
import { beforeAll, describe, expect, it } from 'vitest'
import type { PublicFarmer } from '../../../api/contract'
import { appSystem } from '../../app/theme'
import { allCatalogsReady, setLocale } from '../../i18n/runtime'
import { FarmerCard } from './farmer-card'

beforeAll(async () => {
  await setLocale('en', false)
  await allCatalogsReady()
})

const farmer: PublicFarmer = {
  id: '0b9f3c52-6f0e-4c5e-9a1e-4d2b7c8e9f01',
  name: 'Mere Tuilagi',
  phone: '+679 920 1373',
  email: 'mere@example.fj',
  website: 'https://mere-farm.fj/',
  town: 'Nausori',
  tikina: 'Naitasiri',
  cities: ['Suva', 'Nasinu'],
  produce: ['Dalo', 'Cassava'],
  isPremium: true,
  isBulk: true,
  deliveryAvailable: true,
  isDemo: false,
  photoUrls: [],
}

/** The card's text as a reader meets it, tags dropped. */
function cardText(): string {
  const html = renderToString(
    <ChakraProvider value={appSystem()}>
      <FarmerCard farmer={farmer} />
    </ChakraProvider>,
  )
  return html
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
}

describe('the farmer card', () => {
  it("shows name, badges, phone, e-mail, website, town and tikina, service areas, then 'Sells …'", () => {
    const text = cardText()
    const order = [
      'Mere Tuilagi',
      'Premium',
      'Delivery',
      'Bulk',
      '+679 920 1373',
      'mere@example.fj',
      'https://mere-farm.fj/',
      'Nausori, Naitasiri',
      'Suva, Nasinu',
      'Sells Dalo, Cassava',
    ]
    const positions = order.map((part) => text.indexOf(part))
    expect(positions.every((at) => at >= 0), text).toBe(true)
    expect([...positions].sort((a, b) => a - b)).toEqual(positions)
    // The produce line is the last field: only the Call / WhatsApp / Email / Share buttons follow it.
    expect(text.indexOf('Sells Dalo, Cassava')).toBeGreaterThan(text.indexOf('Suva, Nasinu'))
  })
})
