// Platform reviews (/reviews): the average with its label, the count, and the approved reviews
// ('Verified Review', name or 'Anonymous User', Fiji date, rating/5 with label, the comment
// as a quote). Links to the farm reviews and to the home page's review form.
import { Box, Flex, Heading, Link, Text, chakra } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useDeferredValue } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import type { PublicPlatformReview } from '../../../api/contract'
// Zod-free parts only: the list renders without the form code.
import { ratingLabel } from '../../../api/contract/display'
import { useDocumentTitle } from '../../shared/site'
import { Pill } from '../../shared/ui/pill'
import { DemoBadge } from '../../shared/ui/demo-badge'
import { Stars } from '../../shared/ui/star-rating'
import { averageRating, formatAverage, formatFijiDateTime, reviewCountLabel } from './format'
import { LoadError, Loading } from '../../shared/ui/load-state'
import { ButtonLink } from '../../shared/ui/button-link'

function ReviewItem({ review }: { review: PublicPlatformReview }) {
  const name = review.userName?.trim() || 'Anonymous User'
  return (
    <chakra.article aria-label={`Review by ${name}`} borderWidth="1px" borderColor="gray.200" borderRadius="xl" p={{ base: '4', md: '5' }} bg="white" data-testid="platform-review">
      <Flex align="center" gap="2" wrap="wrap">
        <Heading as="h3" size="md">
          {name}
        </Heading>
        {review.isDemo ? <DemoBadge isDemo title="Sample review for trying the app, not a real one" /> : <Pill tone="green">Verified Review</Pill>}
      </Flex>
      <Text fontSize="sm" color="fg.muted" mt="0.5">
        <time dateTime={review.createdAt}>{formatFijiDateTime(review.createdAt)}</time>
      </Text>
      <Flex align="center" gap="2" mt="2" wrap="wrap">
        <Stars value={review.rating} size="sm" />
        <Text fontWeight="medium">
          {review.rating}/5 · {ratingLabel(review.rating)}
        </Text>
      </Flex>
      <chakra.blockquote mt="3" ps="4" borderStartWidth="4px" borderColor="brand.600" color="gray.800" fontStyle="italic" overflowWrap="anywhere" whiteSpace="pre-line">
        “{review.comment}”
      </chakra.blockquote>
    </chakra.article>
  )
}

export function ReviewsPage() {
  useDocumentTitle('Reviews')
  // Deferred: the list renders at transition priority, in slices, never one long task on a slow phone.
  const reviews = useDeferredValue(useQuery<PublicPlatformReview[]>({ queryKey: ['/api/public/reviews'] }))
  const list = reviews.data ?? []
  // Demo reviews are samples: shown, badged, never counted in the overall rating.
  const counted = list.filter((review) => !review.isDemo)
  const average = averageRating(counted)

  return (
    <>
      <Heading as="h1" size={{ base: '3xl', md: '4xl' }} color="brand.900">
        Reviews
      </Heading>
      <Text mt="2" color="fg.muted" maxW="2xl">
        What buyers and farmers say about Viti Farmers. Every review is checked by our team before it is published.
      </Text>

      <Flex mt="4" gap="3" wrap="wrap">
        <ButtonLink colorPalette="brand">
          <RouterLink to="/#leave-review">Leave a Review</RouterLink>
        </ButtonLink>
        <ButtonLink variant="outline" colorPalette="brand">
          <RouterLink to="/reviews/farms">Farm Reviews</RouterLink>
        </ButtonLink>
      </Flex>

      {reviews.isPending ? (
        <Loading py="6" />
      ) : reviews.isError ? (
        <LoadError py="6" message="Failed to load reviews" onRetry={() => void reviews.refetch()} />
      ) : (
        <>
          <Box as="section" aria-labelledby="reviews-summary" mt="8" borderRadius="xl" bg="brand.50" p={{ base: '4', md: '6' }} data-testid="reviews-summary">
            <Heading as="h2" id="reviews-summary" size="lg">
              Overall rating
            </Heading>
            {counted.length === 0 ? (
              <Text mt="2" color="gray.700">
                No ratings yet.
              </Text>
            ) : (
              <Flex mt="2" align="center" gap="3" wrap="wrap">
                <Text fontSize="4xl" fontWeight="bold" color="brand.900" lineHeight="1" data-testid="average-rating">
                  {formatAverage(average)}
                </Text>
                <Stars value={average} size="lg" />
                <Text fontWeight="semibold" fontSize="lg" data-testid="average-label">
                  {ratingLabel(average)}
                </Text>
                <Text color="gray.700" data-testid="review-count">
                  Based on {reviewCountLabel(counted.length)}
                </Text>
              </Flex>
            )}
            {counted.length < list.length ? (
              <Text mt="2" fontSize="sm" color="gray.700" data-testid="demo-reviews-note">
                Demo reviews are samples and are not counted.
              </Text>
            ) : null}
          </Box>

          <Box as="section" aria-labelledby="reviews-list" mt="8">
            <Heading as="h2" id="reviews-list" size="xl" mb="4">
              What people say
            </Heading>
            {list.length === 0 ? (
              <Box borderWidth="1px" borderColor="gray.200" borderRadius="xl" p="6" textAlign="center" data-testid="empty-state">
                <Text fontWeight="semibold">No reviews yet.</Text>
                <Text color="fg.muted" mt="1">
                  Be the first to tell others how Viti Farmers worked for you.
                </Text>
                <Link asChild mt="3" variant="underline" colorPalette="brand" fontWeight="medium">
                  <RouterLink to="/#leave-review">Leave a Review</RouterLink>
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
          </Box>
        </>
      )}
    </>
  )
}
