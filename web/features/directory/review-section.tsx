// The home page's 'Leave a Review' section (#leave-review). The form itself is a lazy chunk
// (with zod, a long task to evaluate on a slow phone), fetched when the section comes near the
// screen once the lists above it have arrived (before that the page is short and everything is
// "near") or the user scrolls, on focus, or at once when the page was opened at the anchor.
import { Box, Heading, Link, Text } from '@chakra-ui/react'
import { useQueryClient, type QueryKey } from '@tanstack/react-query'
import { Suspense, lazy, useCallback, useEffect, useRef, useState, type RefObject } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import { whenIdle } from '../../shared/when-idle'
import { useT, withAllCatalogs } from '../../i18n/runtime'
import { productName } from '../../shared/site'
import { texts } from './texts'

export const LEAVE_REVIEW_ID = 'leave-review'

const loadPlatformReviewForm = withAllCatalogs(() => import('./platform-review-form'))
const PlatformReviewForm = lazy(async () => ({ default: (await loadPlatformReviewForm()).PlatformReviewForm }))

/** Calls `ready` when the page is idle after none of the queries is still waiting for its first
 * answer (the lists have rendered and the page has its full height), or as soon as the user
 * scrolls (on a slow line the lists may take long; a user heading for the form needs it now).
 * Never re-renders. */
function useWhenArrived(queryKeys: readonly QueryKey[], ready: () => void) {
  const queryClient = useQueryClient()
  useEffect(() => {
    let state: 'waiting' | 'arrived' | 'gone' = 'waiting'
    const arrive = () => {
      if (state !== 'waiting') return
      state = 'arrived'
      stop()
      ready()
    }
    const check = () => {
      if (state !== 'waiting' || !queryKeys.every((key) => queryClient.getQueryState(key)?.status !== 'pending')) return
      whenIdle(() => state === 'waiting' && arrive())
    }
    const unsubscribe = queryClient.getQueryCache().subscribe(check)
    const stop = () => {
      unsubscribe()
      window.removeEventListener('scroll', arrive)
    }
    window.addEventListener('scroll', arrive, { passive: true })
    check()
    return () => {
      state = 'gone'
      stop()
    }
  }, [queryClient, queryKeys, ready])
}

export function LeaveReviewSection({
  headingRef,
  loadNow,
  after,
}: {
  headingRef: RefObject<HTMLHeadingElement | null>
  loadNow: boolean
  /** The queries of the lists above the section (a stable array). */
  after: readonly QueryKey[]
}) {
  const t = useT()
  const section = useRef<HTMLElement>(null)
  const [near, setNear] = useState(false)
  const [listsArrived, setListsArrived] = useState(false)
  const load = near || loadNow
  useWhenArrived(after, useCallback(() => setListsArrived(true), []))

  useEffect(() => {
    const element = section.current
    if (load || !listsArrived || !element) return
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true)
      return
    }
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: '600px 0px' })
    observer.observe(element)
    return () => observer.disconnect()
  }, [load, listsArrived])

  const placeholder = (
    <Text role="status" color="fg.muted" py="4" minH="24rem">
      {t('home.review.loadingForm')}
    </Text>
  )

  return (
    <Box
      as="section"
      ref={section}
      id={LEAVE_REVIEW_ID}
      aria-labelledby="home-review"
      mt="10"
      borderWidth="1px"
      borderColor="gray.200"
      borderRadius="xl"
      p={{ base: '4', md: '6' }}
      scrollMarginTop="4"
      onFocus={() => setNear(true)}
    >
      <Heading as="h2" id="home-review" ref={headingRef} tabIndex={-1} size="xl">
        {t(texts.leaveReview)}
      </Heading>
      <Text mt="1" mb="4" color="fg.muted">
        {t('home.review.intro', { productName })}
      </Text>
      {load ? <Suspense fallback={placeholder}>{<PlatformReviewForm />}</Suspense> : placeholder}
      <Link asChild mt="4" variant="underline" colorPalette="brand" fontWeight="medium">
        <RouterLink to="/reviews">{t(texts.viewAllReviews)}</RouterLink>
      </Link>
    </Box>
  )
}
