// Where a visitor is, coarsely: the trusted proxy's country header (e.g. Cloudflare's
// cf-ipcountry) when present, else the browser's time zone. No IP is stored or looked up.

/** Time zones of Fiji's region and of the visitors it most often sees; anything else stays unknown. */
const TIME_ZONE_COUNTRIES: Record<string, string> = {
  'Pacific/Fiji': 'FJ',
  'Pacific/Auckland': 'NZ',
  'Pacific/Chatham': 'NZ',
  'Pacific/Tongatapu': 'TO',
  'Pacific/Apia': 'WS',
  'Pacific/Pago_Pago': 'AS',
  'Pacific/Efate': 'VU',
  'Pacific/Noumea': 'NC',
  'Pacific/Guadalcanal': 'SB',
  'Pacific/Port_Moresby': 'PG',
  'Pacific/Bougainville': 'PG',
  'Pacific/Tarawa': 'KI',
  'Pacific/Kanton': 'KI',
  'Pacific/Enderbury': 'KI',
  'Pacific/Kiritimati': 'KI',
  'Pacific/Funafuti': 'TV',
  'Pacific/Nauru': 'NR',
  'Pacific/Rarotonga': 'CK',
  'Pacific/Niue': 'NU',
  'Pacific/Fakaofo': 'TK',
  'Pacific/Wallis': 'WF',
  'Pacific/Tahiti': 'PF',
  'Pacific/Marquesas': 'PF',
  'Pacific/Gambier': 'PF',
  'Pacific/Norfolk': 'NF',
  'Pacific/Majuro': 'MH',
  'Pacific/Kwajalein': 'MH',
  'Pacific/Palau': 'PW',
  'Pacific/Chuuk': 'FM',
  'Pacific/Pohnpei': 'FM',
  'Pacific/Kosrae': 'FM',
  'Pacific/Guam': 'GU',
  'Pacific/Saipan': 'MP',
  'Pacific/Honolulu': 'US',
  'Australia/Sydney': 'AU',
  'Australia/Melbourne': 'AU',
  'Australia/Brisbane': 'AU',
  'Australia/Perth': 'AU',
  'Australia/Adelaide': 'AU',
  'Australia/Darwin': 'AU',
  'Australia/Hobart': 'AU',
  'Asia/Kolkata': 'IN',
  'Asia/Calcutta': 'IN',
  'Europe/London': 'GB',
  'America/Los_Angeles': 'US',
  'America/Vancouver': 'CA',
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' })

/** ISO 3166 alpha-2; Cloudflare's XX (unknown) and T1 (Tor) are not countries. */
function asCountryCode(value: string | undefined): string | null {
  const code = value?.trim().toUpperCase()
  return code && /^[A-Z]{2}$/.test(code) && code !== 'XX' ? code : null
}

export function visitorCountryCode(headerValue: string | undefined, timeZone: string | undefined): string | null {
  // Own keys only: 'constructor' or 'toString' found Object's own functions, and storing one answered 500.
  return asCountryCode(headerValue) ?? (timeZone !== undefined && Object.hasOwn(TIME_ZONE_COUNTRIES, timeZone) ? TIME_ZONE_COUNTRIES[timeZone]! : null)
}

export function countryName(code: string): string {
  try {
    return regionNames.of(code) ?? code
  } catch {
    return code
  }
}
