import { ChakraProvider } from '@chakra-ui/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react'
import { BrowserRouter } from 'react-router-dom'
import type { PublicFarmer } from '../../api/contract'
import { FARMER_LOCATIONS_URL } from '../../api/contract/public-pages'
import type { CityCount } from '../features/directory/city-buttons'
import { FirstFarmerContext } from '../features/directory/first-farmer'
import { directoryQuery } from '../features/directory/offline-copy'
import { FirstTownsContext } from '../features/directory/first-towns'
import { SESSION_CHANGED_EVENT, createQueryClient, readSession } from '../shared/api'
import { withFirstAnswers, type FirstAnswers } from '../shared/first-answers'
import { startOutboxWhenIdle, useAfterIdle, whenIdle } from '../shared/outbox'
import { PageViewTracker } from '../shared/page-view-tracker'
import { AppRoutes, preloadSignedInScreens } from './router'
import { appSystem } from './theme'

// The service worker is registered by the update banner's chunk, loaded once the page is idle
// after its first paint: registration never delays the first paint, and workbox-window stays off
// the home page's critical path.
const UpdateBanner = lazy(async () => ({ default: (await import('../shared/ui/update-banner')).UpdateBanner }))
// The toasts' region too: a toast posted before it mounts is shown when it does (shared/ui/toast-store).
const Toaster = lazy(async () => ({ default: (await import('../shared/ui/toast')).Toaster }))

/** The update banner and the toasts' region, mounted once the page is idle. Its own component: the
 * idle flag re-renders only it, never the whole app (one long task on a slow phone). */
function IdleUpdateBanner() {
  const idle = useAfterIdle()
  return idle ? (
    <Suspense fallback={null}>
      <Toaster />
      <UpdateBanner />
    </Suspense>
  ) : null
}

export interface AppProps {
  /** The router: the browser's by default; the server's render passes a StaticRouter at its path. */
  Router?: (props: { children: ReactNode }) => ReactNode
  /** The towns the page's HTML was rendered with (the home page's city grid, until its list arrives). */
  towns?: readonly CityCount[]
  /** The farmer a farmer page is rendered with (the server's render; the browser reads the page's HTML). */
  farmer?: PublicFarmer
  /** The API answers the page's HTML was rendered with (/experts, /reviews): the app's first answers. */
  answers?: FirstAnswers
}

export function App({ Router = BrowserRouter, towns, farmer, answers }: AppProps) {
  const [queryClient] = useState(() => {
    const client = createQueryClient()
    // The towns with their counts are the directory's list wherever a screen asks for them (the farm
    // reviews' city filter too): answered from the phone's copy offline, and given up on after 8 s.
    client.setQueryDefaults([FARMER_LOCATIONS_URL], { queryFn: directoryQuery })
    return withFirstAnswers(client, answers)
  })
  // The outbox (Dexie + sending engine) starts after the first paint, when the page is idle: it
  // drains what is queued and refreshes the forms' reference lists. Once per page (StrictMode-safe).
  // Only where it is in use (signed in, or used before on this phone); a sign-in starts it.
  // Signed in: the back-office chunks are fetched too (kept by the worker for offline use).
  useEffect(() => {
    const onSession = () => {
      startOutboxWhenIdle()
      if (readSession()?.token) whenIdle(preloadSignedInScreens)
    }
    onSession()
    window.addEventListener(SESSION_CHANGED_EVENT, onSession)
    return () => window.removeEventListener(SESSION_CHANGED_EVENT, onSession)
  }, [])
  return (
    <ChakraProvider value={appSystem()}>
      <QueryClientProvider client={queryClient}>
        <FirstTownsContext value={towns}>
          <FirstFarmerContext value={farmer}>
            <Router>
              <PageViewTracker />
              <AppRoutes />
            </Router>
          </FirstFarmerContext>
        </FirstTownsContext>
        <IdleUpdateBanner />
      </QueryClientProvider>
    </ChakraProvider>
  )
}
