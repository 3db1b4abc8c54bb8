// First-party analytics (clarifications, Analytics): a random visitor id in local storage, no
// cookies, no third party. Events are fire-and-forget: analytics must never break a screen.
import type { FarmerClickEvent, SearchType } from '../../api/contract'
import { dropControlCharacters } from '../../api/contract/control-characters'
import { temporal } from './temporal'

const VISITOR_KEY = 'vf.visitorId'

export function visitorId(): string {
  try {
    let id = localStorage.getItem(VISITOR_KEY)
    if (!id) {
      id = crypto.randomUUID()
      localStorage.setItem(VISITOR_KEY, id)
    }
    return id
  } catch {
    return crypto.randomUUID()
  }
}

function send(path: string, body: object) {
  // A search typed with unseen direction marks (pasted from a chat app) is still counted: the server refuses them.
  const json = JSON.stringify(body, dropControlCharacters)
  try {
    // sendBeacon survives navigation; fall back to a keepalive fetch.
    if (navigator.sendBeacon?.(path, new Blob([json], { type: 'application/json' }))) return
    void fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: json, keepalive: true }).catch(() => undefined)
  } catch {
    // offline or blocked: a lost analytics event is acceptable
  }
}

/** The phone's IANA time zone (the server's country fallback): from Temporal where the browser
 * has it (temporal.ts), else from Intl. */
export function visitorTimeZone(): string | undefined {
  try {
    return temporal()?.Now.timeZoneId() ?? Intl.DateTimeFormat().resolvedOptions().timeZone
  } catch {
    return undefined
  }
}

export function trackPageView(path: string) {
  send('/api/analytics/page-view', { path, visitorId: visitorId(), referrer: document.referrer || undefined, timeZone: visitorTimeZone() })
}

export function trackSearch(event: { query: string; searchType: SearchType; location?: string; resultCount: number }) {
  send('/api/analytics/search', { ...event, visitorId: visitorId() })
}

export function trackFarmerClick(farmerId: string, action: FarmerClickEvent['action'] = 'view') {
  send('/api/analytics/farmer-click', { farmerId, action, visitorId: visitorId() })
}
