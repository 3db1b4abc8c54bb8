// The farmer a farmer page's HTML carries is the page's first data only when it is that very
// farmer, in the shape the server writes (api/contract/first-farmer.ts); anything else is ignored
// and the page asks the server, as a page without it does.
import { describe, expect, it } from 'vitest'
import type { PublicFarmer } from '../../../api/contract'
import { FIRST_FARMER_SCRIPT_ID, firstFarmerScript } from '../../../api/contract/first-farmer'
import { farmerOfHtml } from './first-farmer'

const farmer: PublicFarmer = {
  id: '7b4e4702-a4e4-45e3-b738-25b93fa40013',
  name: 'Mere </script><b>Tuilau',
  phone: '+679 700 1234',
  email: null,
  website: null,
  town: 'Nausori',
  tikina: null,
  cities: ['Nausori'],
  produce: ['Dalo'],
  isPremium: false,
  isBulk: false,
  deliveryAvailable: true,
  isDemo: false,
  photoUrls: [],
}

/** A page holding `script` (its element's text as the browser parses it), or none. */
function pageWith(script: string | undefined): Document {
  const text = script === undefined ? undefined : /^<script [^>]*>([\s\S]*)<\/script>$/.exec(script)?.[1]
  return { getElementById: (id: string) => (id === FIRST_FARMER_SCRIPT_ID && text !== undefined ? { textContent: text } : null) } as unknown as Document
}

describe("a farmer page's first data", () => {
  it('is the farmer the page carries, read back whole; a name holding </script> cannot close the script', () => {
    const script = firstFarmerScript(farmer)
    expect(script.match(/<\/script>/g)).toHaveLength(1)
    expect(farmerOfHtml(pageWith(script), farmer.id)).toEqual(farmer)
  })

  it('is nothing for another farmer, a page without it, no document (the server), or a broken or odd script', () => {
    const script = firstFarmerScript(farmer)
    expect(farmerOfHtml(pageWith(script), '00000000-0000-4000-8000-000000000000')).toBeUndefined()
    expect(farmerOfHtml(pageWith(script), undefined)).toBeUndefined()
    expect(farmerOfHtml(pageWith(undefined), farmer.id)).toBeUndefined()
    expect(farmerOfHtml(undefined, farmer.id)).toBeUndefined()
    expect(farmerOfHtml(pageWith('<script type="application/json">{"id":</script>'), farmer.id)).toBeUndefined()
    expect(farmerOfHtml(pageWith(`<script type="application/json">${JSON.stringify({ ...farmer, produce: 'Dalo' })}</script>`), farmer.id)).toBeUndefined()
    expect(farmerOfHtml(pageWith('<script type="application/json">null</script>'), farmer.id)).toBeUndefined()
  })
})
