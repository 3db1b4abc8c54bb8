// The farmer a farmer page's HTML was rendered with (issue 21, api/contract/first-farmer.ts). The
// server's render provides it here; in the browser the page reads it from the HTML's script. Either
// way the page's first render is the card, equal to the HTML, with no "Loading…" in between.
import { createContext } from 'react'
import type { PublicFarmer } from '../../../api/contract'
import { FIRST_FARMER_SCRIPT_ID } from '../../../api/contract/first-farmer'

export const FirstFarmerContext = createContext<PublicFarmer | undefined>(undefined)

const isStrings = (value: unknown) => Array.isArray(value) && value.every((item) => typeof item === 'string')

/** The farmer `doc`'s HTML carries for the farmer `id`, or undefined (none, another farmer, not the shape expected). */
export function farmerOfHtml(doc: Document | undefined, id: string | undefined): PublicFarmer | undefined {
  const text = id === undefined ? undefined : doc?.getElementById(FIRST_FARMER_SCRIPT_ID)?.textContent
  if (!text) return undefined
  try {
    const value = JSON.parse(text) as Record<string, unknown> | null
    const fits = typeof value === 'object' && value !== null && value.id === id && typeof value.name === 'string' && isStrings(value.produce) && isStrings(value.cities) && isStrings(value.photoUrls)
    return fits ? (value as unknown as PublicFarmer) : undefined
  } catch {
    return undefined
  }
}
