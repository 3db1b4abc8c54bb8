// The farmer a farmer page's HTML was rendered with (issue 21, api/contract/first-farmer.ts). The
// server's render provides it here; in the browser the page reads it from the HTML's script. Either
// way the page's first render is the card, equal to the HTML, with no "Loading…" in between.
import { createContext } from 'react'
import type { PublicFarmer } from '../../../api/contract'
import { FIRST_FARMER_SCRIPT_ID } from '../../../api/contract/first-farmer'
import { readJsonScript } from '../../../api/contract/json-script'

export const FirstFarmerContext = createContext<PublicFarmer | undefined>(undefined)

const isStrings = (value: unknown) => Array.isArray(value) && value.every((item) => typeof item === 'string')

/** The farmer `doc`'s HTML carries for the farmer `id`, or undefined (none, another farmer, not the shape expected). */
export function farmerOfHtml(doc: Document | undefined, id: string | undefined): PublicFarmer | undefined {
  if (id === undefined) return undefined
  const value = readJsonScript(doc, FIRST_FARMER_SCRIPT_ID) as Record<string, unknown> | null | undefined
  const fits = typeof value === 'object' && value !== null && value.id === id && typeof value.name === 'string' && isStrings(value.produce) && isStrings(value.cities) && isStrings(value.photoUrls)
  return fits ? (value as unknown as PublicFarmer) : undefined
}
