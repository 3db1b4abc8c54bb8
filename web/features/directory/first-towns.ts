// The towns the server put into the home page's HTML (issue 21, decision 029): the city grid shows
// them while its list is fetched, so the page's first render in the browser equals that HTML and a
// reader without JavaScript (or before it runs) sees the towns. The server's render fills it from
// the same directory answer the API serves; the browser reads it back from the page.
import { createContext } from 'react'
import { jsonScript, readJsonScript } from '../../../api/contract/json-script'
import type { CityCount } from './city-buttons'

export const FirstTownsContext = createContext<readonly CityCount[] | undefined>(undefined)

/** The id of the page's `<script type="application/json">` carrying the towns. */
export const FIRST_TOWNS_SCRIPT_ID = 'vf-towns'

/** The towns a page carries, or undefined (no script, or not the shape expected). */
export function readFirstTowns(doc: Document): CityCount[] | undefined {
  const value = readJsonScript(doc, FIRST_TOWNS_SCRIPT_ID)
  const isTown = (town: unknown): town is CityCount =>
    typeof town === 'object' && town !== null && typeof (town as CityCount).city === 'string' && typeof (town as CityCount).farmerCount === 'number'
  return Array.isArray(value) && value.every(isTown) ? value : undefined
}

/** The towns as a script element's text: JSON with `<` escaped, so no value can close the script. */
export function firstTownsScript(towns: readonly CityCount[]): string {
  return jsonScript(FIRST_TOWNS_SCRIPT_ID, towns.map(({ city, farmerCount }) => ({ city, farmerCount })))
}
