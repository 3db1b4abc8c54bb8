// The home page (/) is in the initial chunk (≤ 150 KB gzip of JS with everything it loads
// first): no dialogs, no forms, no zod here. The produce and city dialogs and the review form
// are lazy chunks fetched on first use (lazy-dialogs.ts, review-section.tsx).
import { Box, Flex, Heading, Text } from '@chakra-ui/react'
import { useEffect, useRef, type RefObject } from 'react'
import { Link as RouterLink, useLocation } from 'react-router-dom'
import { productName, useDocumentTitle } from '../../shared/site'
import { CitiesSection } from './cities-section'
import { ProduceAvailabilityPanel, produceAvailabilityQueryKey, useProduceAvailability } from './produce-availability'
import { LEAVE_REVIEW_ID, LeaveReviewSection } from './review-section'
import { SearchForm, SearchResults, locationsQueryKey, useDirectorySearch, useFarmerLocations } from './search'
import { texts } from './texts'
import { ButtonLink } from '../../shared/ui/button-link'
import { useKeepOfflineCopy } from './offline-copy'
import { OfflineCopyNotice } from './offline-copy-notice'
import { useT } from '../../i18n/runtime'

/** How long after arriving at #leave-review the page keeps the section in view while content above loads. */
const ANCHOR_SETTLE_MS = 4000

/**
 * Arriving at /#leave-review (e.g. from /reviews): scroll to the section and focus its heading,
 * after the layout's own "top of the page" reset, and again while the lists above it load —
 * unless the user has scrolled meanwhile.
 */
function useLeaveReviewAnchor(heading: RefObject<HTMLHeadingElement | null>, contentReady: boolean) {
  const { hash, key } = useLocation()
  const atAnchor = hash === `#${LEAVE_REVIEW_ID}`
  const arrivedAt = useRef<{ key: string; time: number; userScrolled: boolean } | null>(null)

  useEffect(() => {
    if (!atAnchor) return
    if (arrivedAt.current?.key !== key) arrivedAt.current = { key, time: Date.now(), userScrolled: false }
    const arrival = arrivedAt.current
    if (arrival.userScrolled || Date.now() - arrival.time > ANCHOR_SETTLE_MS) return
    const stop = () => {
      arrival.userScrolled = true
    }
    const timer = setTimeout(() => {
      document.getElementById(LEAVE_REVIEW_ID)?.scrollIntoView({ block: 'start' })
      heading.current?.focus({ preventScroll: true })
    }, 0)
    window.addEventListener('wheel', stop, { passive: true })
    window.addEventListener('touchmove', stop, { passive: true })
    window.addEventListener('keydown', stop)
    return () => {
      clearTimeout(timer)
      window.removeEventListener('wheel', stop)
      window.removeEventListener('touchmove', stop)
      window.removeEventListener('keydown', stop)
    }
  }, [atAnchor, key, contentReady, heading])

  return atAnchor
}

/** Keeps #leave-review in view while the lists above it load; renders nothing. Its own component:
 * the lists' arrival re-renders only it, never the whole home page (one long task on a slow phone). */
function LeaveReviewAnchor({ headingRef }: { headingRef: RefObject<HTMLHeadingElement | null> }) {
  const locations = useFarmerLocations()
  const availability = useProduceAvailability()
  useLeaveReviewAnchor(headingRef, !locations.isPending && !availability.isPending)
  return null
}

/** The hero with the search and its results: its own component, so the search's state and data
 * re-render only it, never the sections below (long tasks on a slow phone). */
function HomeSearch() {
  const t = useT()
  const search = useDirectorySearch()
  const resultsHeading = useRef<HTMLHeadingElement>(null)
  return (
    <>
      <Box as="section" aria-labelledby="home-hero" bg="brand.50" borderRadius="xl" px={{ base: '4', md: '10' }} py={{ base: '8', md: '14' }} textAlign="center">
        <Heading as="h1" id="home-hero" size={{ base: '4xl', md: '5xl' }} color="brand.900">
          {productName}
        </Heading>
        <Text mt="2" fontSize={{ base: 'lg', md: 'xl' }} fontWeight="semibold" color="brand.800">
          {t('layout.mission')}
        </Text>
        <Text mt="3" maxW="2xl" mx="auto" color="gray.700">
          {t('home.hero.intro')}
        </Text>
        <SearchForm search={search} resultsHeading={resultsHeading} />
      </Box>

      <SearchResults search={search} headingRef={resultsHeading} />
    </>
  )
}

/** The lists above the review section, whose arrival makes the page its full height. */
const listsAbove = [locationsQueryKey, produceAvailabilityQueryKey] as const

export function HomePage() {
  const t = useT()
  useDocumentTitle()
  useKeepOfflineCopy()
  const reviewHeading = useRef<HTMLHeadingElement>(null)
  const atReviewAnchor = useLocation().hash === `#${LEAVE_REVIEW_ID}`

  return (
    <>
      <HomeSearch />

      <OfflineCopyNotice mt="4" mb="0" />

      <ProduceAvailabilityPanel />

      <CitiesSection />

      <Flex
        as="section"
        aria-labelledby="home-signup"
        mt="10"
        gap="4"
        direction={{ base: 'column', md: 'row' }}
        align={{ md: 'center' }}
        justify="space-between"
        borderWidth="1px"
        borderColor="gray.200"
        borderRadius="xl"
        p="6"
        bg="brand.50"
      >
        <Box>
          <Heading as="h2" id="home-signup" size="xl">
            {t(texts.signUpYourFarm)}
          </Heading>
          <Text mt="1" color="gray.700">
            {t('home.signUp.intro')}
          </Text>
        </Box>
        <ButtonLink colorPalette="brand">
          <RouterLink to="/farmer-signup">{t(texts.signUpYourFarm)}</RouterLink>
        </ButtonLink>
      </Flex>

      <LeaveReviewSection headingRef={reviewHeading} loadNow={atReviewAnchor} after={listsAbove} />
      {atReviewAnchor ? <LeaveReviewAnchor headingRef={reviewHeading} /> : null}
    </>
  )
}
