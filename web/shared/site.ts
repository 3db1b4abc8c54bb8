// Product-wide wording and links shared by the layout and the screens. Words a user reads come from
// the catalogs (area "layout"); the product's name is kept as it is in every language.
import { useEffect } from 'react'
import { useT } from '../i18n/runtime'

export const productName = 'Viti Farmers'
export const socialMediaUrl = 'https://www.facebook.com/vitifarmers'

export interface NavLinkItem {
  to: string
  /** Catalog key of the link's words. */
  labelKey: string
  /** Only mark the link current on an exact path match (the home link). */
  end?: boolean
}

/** The header's links (spec 000 section 2), in order. The join button is separate. */
export const navLinks: readonly NavLinkItem[] = [
  { to: '/', labelKey: 'layout.nav.home', end: true },
  { to: '/browse-farmers', labelKey: 'layout.nav.browseFarmers' },
  { to: '/about', labelKey: 'layout.nav.about' },
  { to: '/analytics', labelKey: 'layout.nav.analytics' },
  { to: '/how-it-works', labelKey: 'layout.nav.howItWorks' },
  { to: '/terms-of-use', labelKey: 'layout.nav.termsOfUse' },
  { to: '/contact-us', labelKey: 'layout.nav.contactUs' },
  { to: '/reviews', labelKey: 'layout.nav.reviews' },
  { to: '/admin', labelKey: 'layout.nav.admin' },
]

/** Browser tab title for a screen (`screen` already in the reader's language). */
export function pageTitle(t: (key: string, values?: Record<string, unknown>) => string, screen?: string): string {
  return screen ? t('layout.pageTitle.screen', { screen, productName }) : t('layout.pageTitle.home', { productName })
}

/** The title the server's render of a page asked for (it has no document): web/entry-server.tsx writes it into the page's <title>. */
export const serverRenderedTitle: { current?: string } = {}

/** Sets the browser tab title while the calling screen is shown. */
export function useDocumentTitle(screen?: string): void {
  const title = pageTitle(useT(), screen)
  if (typeof document === 'undefined') serverRenderedTitle.current = title
  useEffect(() => {
    document.title = title
  }, [title])
}
