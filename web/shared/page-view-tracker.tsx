// Registers a page view on every change of path (spec 000 §2: "A page view is registered with a
// web-analytics service on each change of path"; first-party, clarifications Analytics).
// Mount it once inside <BrowserRouter>; it renders nothing.
import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router-dom'
import { isPublicPageView } from '../../api/contract/public-pages'
import { whenIdle } from './outbox'

export function PageViewTracker() {
  const { pathname } = useLocation()
  // StrictMode runs effects twice in development; a query-string or hash change keeps the path.
  const lastPath = useRef<string | null>(null)

  useEffect(() => {
    if (lastPath.current === pathname) return
    lastPath.current = pathname
    // Staff screens and the sign-in page are not public page views (the server ignores them too).
    if (!isPublicPageView(pathname)) return
    // After the page has painted: analytics never competes with the first screen, and its code is
    // not part of the home page's initial JavaScript.
    whenIdle(() => void import('./analytics').then((analytics) => analytics.trackPageView(pathname), () => undefined))
  }, [pathname])

  return null
}
