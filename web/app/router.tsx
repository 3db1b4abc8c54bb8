// Every path of the product (spec 000 section 2, spec 001 section 2).
// Code splitting: the home page and the not-found screen are in the initial chunk; every other
// screen is a lazy chunk (back office, sign-in, each form, public screens, static pages).
//
// Declarative routing (<BrowserRouter> + useRoutes), not a data router: createBrowserRouter
// adds ~18 KB gzip to the home page, and data is loaded with TanStack Query, not loaders.
// (The price: no loaders/actions/useBlocker. ScreenErrorBoundary replaces errorElement.)
import { lazy, type ComponentProps, type ComponentType, type ReactElement } from 'react'
import { matchRoutes, useRoutes, type RouteObject } from 'react-router-dom'
import type { PublicPagePath } from '../../api/contract'
import { FARMER_PAGE_PATTERN } from '../../api/contract/public-pages'
import type { AdminScreen } from '../features/admin/screens'
import { HomePage } from '../features/directory/home-page'
import { NotFoundPage } from '../features/static-pages/not-found-page'
import { Layout } from '../shared/layout/layout'
import { withAllCatalogs } from '../i18n/runtime'

/** A screen whose code (and words) can be loaded before it renders. */
type Preloadable = { preload?: () => Promise<unknown> }

/**
 * React.lazy for a named export; the screen renders once every catalog area it may show is loaded.
 * `preload()` loads both ahead: a page whose HTML came from the server awaits it before hydrating,
 * so the first render is the screen itself (never a spinner over the server's markup).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- same constraint as React.lazy's
function lazyNamed<K extends string, M extends Record<K, ComponentType<any>>>(load: () => Promise<M>, name: K, also: Parameters<typeof withAllCatalogs>[1] = []) {
  type Props = ComponentProps<M[K]>
  const loadWithWords = withAllCatalogs(load, also)
  let loaded: M[K] | undefined
  const preload = async () => (loaded = (await loadWithWords())[name])
  const Lazy = lazy(async () => ({ default: await preload() }))
  const Screen = (props: Props) => {
    const Loaded = loaded as ComponentType<Props> | undefined
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />
  }
  return Object.assign(Screen, { preload })
}

const BrowseFarmersPage = lazyNamed(() => import('../features/directory/browse-page'), 'BrowseFarmersPage')
// Two chunks: the platform reviews list renders without the farm reviews' dialog code.
const ReviewsPage = lazyNamed(() => import('../features/reviews/reviews-page'), 'ReviewsPage')
const FarmReviewsPage = lazyNamed(() => import('../features/reviews/farm-reviews-page'), 'FarmReviewsPage')
const FarmerPage = lazyNamed(() => import('../features/directory/farmer-page'), 'FarmerPage')
const ExpertsPage = lazyNamed(() => import('../features/experts/experts-page'), 'ExpertsPage')
const AnalyticsPage = lazyNamed(() => import('../features/analytics/analytics-page'), 'AnalyticsPage')

// The static pages' prose is its own catalog part (area `static`), fetched with their chunk only.
const loadStatic = () => import('../features/static-pages/pages')
const AboutPage = lazyNamed(loadStatic, 'AboutPage', ['static'])
const HowItWorksPage = lazyNamed(loadStatic, 'HowItWorksPage', ['static'])
const TermsOfUsePage = lazyNamed(loadStatic, 'TermsOfUsePage', ['static'])
const ContactUsPage = lazyNamed(loadStatic, 'ContactUsPage', ['static'])

const FarmerSignupPage = lazyNamed(() => import('../features/signup/farmer-signup-page'), 'FarmerSignupPage')
const ExpertSignupPage = lazyNamed(() => import('../features/signup/expert-signup-page'), 'ExpertSignupPage')
const LoginPage = lazyNamed(() => import('../features/auth/login-page'), 'LoginPage')
const loadOutboxPage = () => import('../features/field/outbox-page')
const OutboxPage = lazyNamed(loadOutboxPage, 'OutboxPage')

// The back office's words (area `admin`, English only) are their own part, fetched with its chunk only.
const loadAdmin = () => import('../features/admin/admin-pages')
const AdminDashboardPage = lazyNamed(loadAdmin, 'AdminDashboardPage', ['admin'])
const AdminScreenPage = lazyNamed(loadAdmin, 'AdminScreenPage', ['admin'])

/**
 * The back office is not precached for every visitor: it is fetched once a user signs in, and the
 * service worker keeps it for offline use (with the Outbox screen, precached anyway).
 */
export function preloadSignedInScreens(): void {
  void Promise.all([loadOutboxPage(), withAllCatalogs(loadAdmin, ['admin'])()]).catch(() => undefined)
}

/** Every /admin/<screen>; the type makes a missing or unknown screen a compile error. */
const adminScreens: Record<AdminScreen, true> = {
  'cost-breakdown': true,
  produce: true,
  categories: true,
  locations: true,
  'expired-subscriptions': true,
  'active-pending': true,
  'trial-period': true,
  'user-management': true,
  signups: true,
  'da-signups': true,
  'audit-trail': true,
  'payments-received': true,
  payments: true,
  email: true,
  farmers: true,
  analytics: true,
  'subject-matter-experts': true,
  reviews: true,
  'farm-reviews': true,
  translations: true,
}

/** The contract's public page list (the server answers 404 for any path not in it); a missing page is a compile error. */
const publicPages: Record<PublicPagePath, ReactElement> = {
  '/': <HomePage />,
  '/browse-farmers': <BrowseFarmersPage />,
  '/browse': <BrowseFarmersPage />,
  '/farmer-signup': <FarmerSignupPage />,
  '/expert-signup': <ExpertSignupPage />,
  '/experts': <ExpertsPage />,
  '/reviews': <ReviewsPage />,
  '/reviews/farms': <FarmReviewsPage />,
  '/about': <AboutPage />,
  '/how-it-works': <HowItWorksPage />,
  '/terms-of-use': <TermsOfUsePage />,
  '/contact-us': <ContactUsPage />,
  '/analytics': <AnalyticsPage />,
  '/login': <LoginPage />,
  '/outbox': <OutboxPage />,
}

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      ...Object.entries(publicPages).map(([path, element]): RouteObject => (path === '/' ? { index: true, element } : { path: path.slice(1), element })),
      // A farmer's own page (issue 21); the contract knows the pattern (isAppPage).
      { path: FARMER_PAGE_PATTERN.slice(1), element: <FarmerPage notFound={<NotFoundPage />} /> },
      { path: 'admin', element: <AdminDashboardPage /> },
      ...(Object.keys(adminScreens) as AdminScreen[]).map((screen) => ({
        path: `admin/${screen}`,
        element: <AdminScreenPage screen={screen} />,
      })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]

/** Loads the code and words the screen at `pathname` renders with (nothing for the home and not-found screens, in the entry chunk). */
export async function preloadRoute(pathname: string): Promise<void> {
  const screen = matchRoutes(routes, pathname)?.at(-1)?.route.element as ReactElement | undefined
  await (screen?.type as Preloadable | undefined)?.preload?.()
}

/** True when the router shows its not-found screen at `pathname`. */
export const isNotFoundRoute = (pathname: string) => matchRoutes(routes, pathname)?.at(-1)?.route.path === '*'

/** Renders the screen for the current path (inside <BrowserRouter>). */
export function AppRoutes() {
  return useRoutes(routes)
}
