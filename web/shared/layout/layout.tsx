import { Box, Container, Flex } from '@chakra-ui/react'
import { Suspense, useEffect, useRef } from 'react'
import { Outlet, useLocation } from 'react-router-dom'
import { PageLoading } from '../ui/page-loading'
import { ScreenErrorBoundary } from '../ui/screen-error-boundary'
import { markFirstScreenShown } from '../when-idle'
import { startFocusRescue } from './focus-rescue'
import { Footer } from './footer'
import { Header } from './header'
import { SkipLink, mainContentId } from './skip-link'

/** Commits only with the screen beside it (a suspended screen holds back its whole boundary):
 * idle work waits for it, so it never competes with the screen a visitor came for. */
function FirstScreenShown() {
  useEffect(markFirstScreenShown, [])
  return null
}

/** Every page: skip link, header (banner), main, footer (contentinfo). */
export function Layout() {
  const { pathname } = useLocation()
  const mainRef = useRef<HTMLElement>(null)
  const firstRender = useRef(true)
  useEffect(startFocusRescue, [])

  // After a client-side navigation: start at the top of the new page and move focus to its
  // content, so keyboard and screen-reader users land there (not on first load).
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false
      return
    }
    window.scrollTo(0, 0)
    mainRef.current?.focus({ preventScroll: true })
  }, [pathname])

  return (
    <Flex direction="column" minH="100dvh">
      <SkipLink />
      <Header />
      {/* At least a screen tall: the footer starts below the fold, so a page whose content
          arrives late (a lazy chunk, then its data) never pushes a visible footer down (CLS). */}
      <Box as="main" id={mainContentId} ref={mainRef} tabIndex={-1} flex="1" minH="100dvh" outline="none">
        <Container py={{ base: '6', md: '10' }}>
          <ScreenErrorBoundary key={pathname}>
            <Suspense fallback={<PageLoading />}>
              <Outlet />
              <FirstScreenShown />
            </Suspense>
          </ScreenErrorBoundary>
        </Container>
      </Box>
      <Footer />
    </Flex>
  )
}
