// Platform reviews (/reviews): the average with its label, the count, and the approved reviews
// ('Verified Review', name or 'Anonymous User', Fiji date, rating/5 with label, the comment
// as a quote), a page at a time. Links to the farm reviews and to the home page's review form.
import { Box, Flex, Heading, Link, Text, chakra } from '@chakra-ui/react'
import { useDeferredValue } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import type { PublicPlatformReview, PublicReviewPage } from '../../../api/contract'
import { PUBLIC_REVIEWS_PER_PAGE, PUBLIC_REVIEWS_URL } from '../../../api/contract/public-pages'
import { useDocumentTitle } from '../../shared/site'
import { Pill } from '../../shared/ui/pill'
import { DemoBadge } from '../../shared/ui/demo-badge'
import { Stars } from '../../shared/ui/star-rating'
import { formatAverage, formatFijiDateTime, ratingText } from './format'
import { ShowMore, usePages } from './review-pages'
import { useT } from '../../i18n/runtime'
import { LoadError, Loading } from '../../shared/ui/load-state'
import { ButtonLink } from '../../shared/ui/button-link'


function ReviewItem({ review }: { review: PublicPlatformReview }) {
  const t = useT()
  const name = review.userName?.trim() || t('reviews.anonymous')
  return (
    <chakra.article aria-label={t('reviews.reviewBy', { name })} borderWidth="1px" borderColor="gray.200" borderRadius="xl" p={{ base: '4', md: '5' }} bg="white" data-testid="platform-review">
      <Flex align="center" gap="2" wrap="wrap">
        <Heading as="h3" size="md">
          {name}
        </Heading>
        {review.isDemo ? <DemoBadge isDemo title={t('reviews.demoBadgeTitle')} /> : <Pill tone="green">{t('reviews.verified')}</Pill>}
      </Flex>
      <Text fontSize="sm" color="fg.muted" mt="0.5">
        <time dateTime={review.createdAt}>{formatFijiDateTime(review.createdAt)}</time>
      </Text>
      <Flex align="center" gap="2" mt="2" wrap="wrap">
        <Stars value={review.rating} size="sm" />
        <Text fontWeight="medium">
          {t('reviews.form.ratingHint', { rating: review.rating, label: ratingText(review.rating) })}
        </Text>
      </Flex>
      <chakra.blockquote mt="3" ps="4" borderStartWidth="4px" borderColor="brand.600" color="gray.800" fontStyle="italic" overflowWrap="anywhere" whiteSpace="pre-line">
        “{review.comment}”
      </chakra.blockquote>
    </chakra.article>
  )
}

export function ReviewsPage() {
  const t = useT()
  useDocumentTitle(t('reviews.page.title'))
  // A page at a time, newest first; the next comes as the visitor scrolls to the end (or presses
  // "Show more"). Each page is its own URL, so the service worker keeps every page the phone has seen.
  const reviews = usePages(PUBLIC_REVIEWS_URL, PUBLIC_REVIEWS_PER_PAGE, (a: PublicReviewPage) => ({ items: a.reviews, count: a.reviewCount }), (r: PublicPlatformReview) => r.id)
  // Deferred: the list renders at transition priority, in slices, never one long task on a slow phone.
  const list = useDeferredValue(reviews.items)
  // The overall rating is the server's, over the whole list: demo reviews are samples, shown and
  // badged, never counted in it.
  const ratedCount = reviews.latest?.ratedCount ?? 0
  const average = reviews.latest?.averageRating ?? 0
  const hasDemo = (reviews.latest?.reviewCount ?? 0) > ratedCount

  return (
    <>
      <Heading as="h1" size={{ base: '3xl', md: '4xl' }} color="brand.900">
        {t('reviews.page.title')}
      </Heading>
      <Text mt="2" color="fg.muted" maxW="2xl">
        {t('reviews.page.intro')}
      </Text>

      <Flex mt="4" gap="3" wrap="wrap">
        <ButtonLink colorPalette="brand">
          <RouterLink to="/#leave-review">{t('reviews.leaveReview')}</RouterLink>
        </ButtonLink>
        <ButtonLink variant="outline" colorPalette="brand">
          <RouterLink to="/reviews/farms">{t('reviews.farmReviews')}</RouterLink>
        </ButtonLink>
      </Flex>

      {reviews.isPending ? (
        <Loading py="6" />
      ) : reviews.isError && list.length === 0 ? (
        <LoadError py="6" message={t('reviews.loadFailed')} onRetry={reviews.retry} />
      ) : (
        <>
          <Box as="section" aria-labelledby="reviews-summary" mt="8" borderRadius="xl" bg="brand.50" p={{ base: '4', md: '6' }} data-testid="reviews-summary">
            <Heading as="h2" id="reviews-summary" size="lg">
              {t('reviews.overall')}
            </Heading>
            {ratedCount === 0 ? (
              <Text mt="2" color="gray.700">
                {t('reviews.noRatings')}
              </Text>
            ) : (
              <Flex mt="2" align="center" gap="3" wrap="wrap">
                <Text fontSize="4xl" fontWeight="bold" color="brand.900" lineHeight="1" data-testid="average-rating">
                  {formatAverage(average)}
                </Text>
                <Stars value={average} size="lg" />
                <Text fontWeight="semibold" fontSize="lg" data-testid="average-label">
                  {ratingText(average)}
                </Text>
                <Text color="gray.700" data-testid="review-count">
                  {t('reviews.basedOn', { count: ratedCount })}
                </Text>
              </Flex>
            )}
            {hasDemo ? (
              <Text mt="2" fontSize="sm" color="gray.700" data-testid="demo-reviews-note">
                {t('reviews.demoNotCounted')}
              </Text>
            ) : null}
          </Box>

          <Box as="section" aria-labelledby="reviews-list" mt="8">
            <Heading as="h2" id="reviews-list" size="xl" mb="4">
              {t('reviews.whatPeopleSay')}
            </Heading>
            {list.length === 0 ? (
              <Box borderWidth="1px" borderColor="gray.200" borderRadius="xl" p="6" textAlign="center" data-testid="empty-state">
                <Text fontWeight="semibold">{t('reviews.empty.title')}</Text>
                <Text color="fg.muted" mt="1">
                  {t('reviews.empty.body')}
                </Text>
                <Link asChild mt="3" variant="underline" colorPalette="brand" fontWeight="medium">
                  <RouterLink to="/#leave-review">{t('reviews.leaveReview')}</RouterLink>
                </Link>
              </Box>
            ) : (
              <chakra.ul listStyle="none" p="0" m="0" display="flex" flexDirection="column" gap="4">
                {list.map((review) => (
                  <li key={review.id}>
                    <ReviewItem review={review} />
                  </li>
                ))}
              </chakra.ul>
            )}
            {list.length > 0 ? <ShowMore pages={reviews} label={(count) => t('reviews.showMoreReviews', { count })} errorMessage={t('reviews.loadFailed')} isLoadedOnScroll /> : null}
          </Box>
        </>
      )}
    </>
  )
}
