// Product-wide wording and links shared by the layout and the screens.
import { useEffect } from 'react'

export const productName = 'Viti Farmers'
export const mission = 'Connect - Buy - Improve'
export const socialMediaUrl = 'https://www.facebook.com/vitifarmers'
export const joinLabel = "Join Our Growers' Network"

export interface NavLinkItem {
  to: string
  label: string
  /** Only mark the link current on an exact path match (the home link). */
  end?: boolean
}

/** The header's links (spec 000 section 2), in order. The join button is separate. */
export const navLinks: readonly NavLinkItem[] = [
  { to: '/', label: 'Home', end: true },
  { to: '/browse-farmers', label: 'Browse Farmers' },
  { to: '/about', label: 'About' },
  { to: '/analytics', label: 'Analytics' },
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/terms-of-use', label: 'Terms of Use' },
  { to: '/contact-us', label: 'Contact Us' },
  { to: '/reviews', label: 'Reviews' },
  { to: '/admin', label: 'Admin' },
]

/** Browser tab title for a screen. */
export function pageTitle(screen?: string): string {
  return screen ? `${screen} — ${productName}` : `${productName} — Fiji farmer directory`
}

/** Sets the browser tab title while the calling screen is shown. */
export function useDocumentTitle(screen?: string): void {
  const title = pageTitle(screen)
  useEffect(() => {
    document.title = title
  }, [title])
}
