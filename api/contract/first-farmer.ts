// The farmer a farmer page's HTML carries (issue 21): the server puts the card it rendered into the
// page as JSON, and the app starts with it, so its first render is that card (hydrated, never
// "Loading…" in between) without asking the server again. Both the server's render and its plain
// fallback (api/site-pages/) write it; the browser reads it back (web/features/directory/first-farmer.ts).
import type { PublicFarmer } from './farmers'
import { jsonScript } from './json-script'

/** The id of the page's `<script type="application/json">` carrying the farmer. */
export const FIRST_FARMER_SCRIPT_ID = 'vf-farmer'

/** The farmer as a script element: JSON with `<` escaped, so no value can close the script. */
export function firstFarmerScript(farmer: PublicFarmer): string {
  return jsonScript(FIRST_FARMER_SCRIPT_ID, farmer)
}
